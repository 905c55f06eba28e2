/**
 * v3.activity.explainNode.assist: the dependency graph of explainNode, explained in words by the
 * operator's AI model. Read-only; suggests no code. 503 {reason: 'aiNotConfigured'} without a model.
 */
import { seenActivity } from '../../../domain/function-access'
import { askModel, requireAi, explain, type ExplainArgs } from '../../../functions'
import { operation } from '../../../rpc/operation'

const SYSTEM =
  'You explain dependency graphs of computed fields in a workflow server, for the people who configure them. ' +
  'Edges go from what is read to the function reading it; kind "=" is the same activity, ">" follows a link, "<" collects the activities linking here. ' +
  'Say what the value depends on, what depends on it, and point out cycles, errors and stale values. Do not write code or suggest fixes.'

/** Same argument as explainNode -> {explanation, graph: {nodes, edges, cycles, truncated}}. */
export const assist = operation({
  name: 'v3.activity.explainNode.assist',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, node: ExplainArgs) {
    requireAi(ctx.config)
    const { activity, cid } = await seenActivity(ctx, node.activityId)
    const graph = await explain(ctx.db, cid, activity, node)
    const explanation = await askModel(ctx.config, SYSTEM, `The graph:\n${JSON.stringify(graph)}`)
    return {
      explanation: explanation.trim(),
      graph: { nodes: graph.nodes.length, edges: graph.edges.length, cycles: graph.cycles.length, truncated: graph.truncated },
    }
  },
})
