/**
 * Function fields, read-only operations: v3.activity.evaluateMany (a dry run on a draft),
 * explainNode (the dependency graph of one node), explainNodeDryRun (one function run once, with
 * its inputs; admins and owners) and verifyWorkflowValues (everything computed again and compared;
 * admins and owners). None of them writes. See server/domain/functions/.
 *
 * Each acts in the workspace of the activity or workflow it names: a non-member gets 404; inside,
 * what the caller may not see is 404 too (server/policies/processes.ts).
 */
import { visibleActivity, visibleProcess, workspaceOfActivity, workspaceOfProcess } from '../../../domain/functions/access'
import { explain, type ExplainArgs } from '../../../domain/functions/explain'
import { dryRunNode, evaluateDraft, verifyWorkflow, type Draft } from '../../../domain/functions/inspect'
import { loadGraph } from '../../../domain/functions/config'
import { createRun } from '../../../domain/functions/runs'
import { operation } from '../../../rpc/operation'

/** [{processId, phaseId?, _id?, name?, fields?}] -> {fields: {fieldId: {value, error?}}, name?}; nothing is saved. */
export const evaluateMany = operation({
  name: 'v3.activity.evaluateMany',
  access: 'member',
  capability: 'workspace.read',
  workspace: (caller, draft: Draft) => workspaceOfProcess(caller, draft.processId),
  readOnly: true,
  async run(ctx, draft: Draft) {
    const process = await visibleProcess(ctx, draft.processId)
    let stored = null
    if (draft._id) {
      const v = await visibleActivity(ctx, draft._id)
      if (v.activity.process_id !== process._id) throw ctx.invalid(0, '/_id', 'is not an activity of this workflow')
      stored = v.activity
    }
    return evaluateDraft(ctx.db, ctx.functions, ctx.cid, stored, draft)
  },
})

/** [{activityId, fieldId, direction?, graphMode?, maxDepth?, incomingMaxDepth?, outgoingMaxDepth?, includeValues?}] -> the graph. */
export const explainNode = operation({
  name: 'v3.activity.explainNode',
  access: 'member',
  capability: 'workspace.read',
  workspace: (caller, args: ExplainArgs) => workspaceOfActivity(caller, args.activityId),
  readOnly: true,
  async run(ctx, args: ExplainArgs) {
    const { activity } = await visibleActivity(ctx, args.activityId)
    return explain(ctx.db, ctx.cid, activity, args)
  },
})

/** [{activityId, fieldId, incomingMaxDepth?, includeContext?}] -> {result, error?, durationUs, storedValue, differs, inputs, dep?}. */
export const explainNodeDryRun = operation({
  name: 'v3.activity.explainNodeDryRun',
  access: 'member',
  capability: 'workspace.admin',
  workspace: (caller, args: { activityId: string }) => workspaceOfActivity(caller, args.activityId),
  readOnly: true,
  async run(ctx, args: { activityId: string; fieldId: string; includeContext?: boolean }) {
    const { activity } = await visibleActivity(ctx, args.activityId)
    return dryRunNode(ctx.db, ctx.functions, ctx.cid, activity, args.fieldId, args.includeContext === true)
  },
})

/** [{workflowId, fieldIds?, limit?}] -> {checked, mismatches, truncated, errors, cycles, dirty}. */
export const verifyWorkflowValues = operation({
  name: 'v3.activity.verifyWorkflowValues',
  access: 'member',
  capability: 'workspace.admin',
  workspace: (caller, options: { workflowId?: string }) => workspaceOfProcess(caller, options.workflowId),
  readOnly: true,
  async run(ctx, options: { workflowId?: string; fieldIds?: string[]; limit?: number }) {
    if (!options.workflowId) throw ctx.invalid(0, '/workflowId', 'is required')
    const process = await visibleProcess(ctx, options.workflowId)
    return verifyWorkflow(ctx.db, ctx.functions, ctx.cid, process._id, options.fieldIds, options.limit)
  },
})

/**
 * [{apply? (true)}] -> {runs: [{processId, runId}]}: one workflow-wide run (as
 * evaluateWorkflowFunctions.start) for every workflow of the current workspace that has function
 * fields and that the caller sees. Workspace admins and owners.
 */
export const evaluateAllFunctions = operation({
  name: 'v3.activity.evaluateAllFunctions',
  access: 'member',
  capability: 'workspace.admin',
  async run(ctx, options: { apply?: unknown }) {
    if (options.apply !== undefined && typeof options.apply !== 'boolean') throw ctx.invalid(0, '/apply', 'must be boolean')
    const { graph } = await loadGraph(ctx.db, ctx.cid)
    const byProcess = new Map<string, string[]>()
    for (const f of graph.functions.values()) byProcess.set(f.processId, [...(byProcess.get(f.processId) ?? []), f.fieldKey])
    const runs = []
    for (const [processId, keys] of byProcess) {
      const visible = await visibleProcess(ctx, processId).catch(() => null)
      if (visible) runs.push({ processId, runId: await createRun(ctx.db, ctx.cid, processId, keys, options.apply !== false, ctx.session.uid) })
    }
    return { runs }
  },
})
