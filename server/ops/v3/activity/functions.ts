/**
 * Function fields, read-only operations: v3.activity.evaluateMany (a dry run on a draft),
 * explainNode (the dependency graph of one node), explainNodeDryRun (one function run once, with
 * its inputs; admins and owners) and verifyWorkflowValues (everything computed again and compared;
 * admins and owners). None of them writes. See server/functions/.
 *
 * Each acts in the workspace of the activity or workflow it names: a non-member gets 404; inside,
 * what the caller may not see is 404 too (server/policies/processes.ts).
 */
import { seenActivity, seenProcess, visibleActivity, visibleProcess, workspaceOfActivity, workspaceOfProcess } from '../../../domain/function-access'
import {
  checkFunctions,
  explain,
  type ExplainArgs,
  dryRunNode,
  evaluateDraft,
  verifyWorkflow,
  type Draft,
  type Trial,
  loadGraph,
  planConversions,
  createRun,
} from '../../../functions'
import { loadFieldsById } from '../../../db/processes'
import { refused } from '../../../errors'
import { queuedFunctionWork, recomputeFunction } from '../../../domain/function-values'
import { operation } from '../../../rpc/operation'
import { dictOf } from '../../../safe-keys'

/**
 * [{processId, phaseId?, _id?, name?, fields?}, trial? {fieldId, code, functionVariables?}] ->
 * {fields: {fieldId: {value, error?}}, name?}; nothing is saved. `trial` (added): the code being
 * edited runs in place of the field's saved function; it is checked as v2.process.validateFunction
 * first (422 `{reason: 'invalid function', errors}` when it does not compile).
 */
export const evaluateMany = operation({
  name: 'v3.activity.evaluateMany',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, activity: Draft, trial?: Trial) {
    const process = await seenProcess(ctx, activity.processId)
    let stored = null
    if (activity._id) {
      const v = await seenActivity(ctx, activity._id)
      if (v.activity.process_id !== process._id) throw ctx.invalid(0, '/_id', 'is not an activity of this workflow')
      stored = v.activity
    }
    if (trial) {
      const fields = await loadFieldsById(ctx.db, process.cid, process._id)
      if (!fields.has(trial.fieldId)) throw ctx.invalid(1, '/fieldId', 'is not a field of this workflow')
      const [check] = await checkFunctions(ctx.functions, [{ body: trial.code, variableNames: Object.keys(trial.functionVariables ?? {}) }])
      if (!check.valid)
        throw refused(`the code does not compile: ${check.errors[0]?.message ?? 'invalid'}`, {
          argument: 1,
          path: '/code',
          reason: 'invalid function',
          errors: check.errors,
        })
    }
    return evaluateDraft(ctx.db, ctx.functions, process.cid, stored, activity, trial)
  },
})

/** [{activityId, fieldId, direction?, graphMode?, maxDepth?, incomingMaxDepth?, outgoingMaxDepth?, includeValues?}] -> the graph. */
export const explainNode = operation({
  name: 'v3.activity.explainNode',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, node: ExplainArgs) {
    const { activity, cid } = await seenActivity(ctx, node.activityId)
    return explain(ctx.db, cid, activity, node)
  },
})

/** [{activityId, fieldId, incomingMaxDepth?, includeContext?}] -> {result, error?, durationUs, storedValue, differs, inputs, dep?}. */
export const explainNodeDryRun = operation({
  name: 'v3.activity.explainNodeDryRun',
  access: 'member',
  capability: 'workspace.admin',
  workspace: (caller, node: { activityId: string }) => workspaceOfActivity(caller, node.activityId),
  readOnly: true,
  async run(ctx, node: { activityId: string; fieldId: string; includeContext?: boolean }) {
    const { activity } = await visibleActivity(ctx, node.activityId)
    return dryRunNode(ctx.db, ctx.functions, ctx.cid, activity, node.fieldId, node.includeContext === true)
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
  async run(ctx, options = {}) {
    if (options.apply !== undefined && typeof options.apply !== 'boolean') throw ctx.invalid(0, '/apply', 'must be boolean')
    const { graph } = await loadGraph(ctx.db, ctx.cid)
    const byProcess = new Map<string, string[]>()
    for (const f of graph.functions.values()) byProcess.set(f.processId, [...(byProcess.get(f.processId) ?? []), f.fieldKey])
    const runs = []
    for (const [processId, keys] of byProcess) {
      const visible = await visibleProcess(ctx, processId).catch(() => null)
      if (visible) runs.push({ processId, runId: await createRun(ctx.db, ctx.cid, processId, keys, options.apply !== false, ctx.session.uid) })
    }
    if (runs.length) queuedFunctionWork(ctx)
    return { runs }
  },
})

/**
 * [{processId?, dryRun? (true)}] -> {converted: [{processId, fieldId, variable, from, to}],
 * notConverted: [{..., reason}], written}: stacked variables (lists of dependencies) of the current
 * workspace's function fields (or one workflow's) turned into single path dependencies where the
 * list is one path (server/functions/convert.ts). With dryRun false the fields are saved
 * (and their values evaluated again). Workspace admins and owners.
 */
export const convertStackedVariables = operation({
  name: 'v3.activity.convertStackedVariables',
  access: 'member',
  capability: 'workspace.admin',
  workspace: (caller, options: { processId?: string }) => workspaceOfProcess(caller, typeof options?.processId === 'string' ? options.processId : undefined),
  async run(ctx, options = {}) {
    if (options.processId !== undefined && (typeof options.processId !== 'string' || !/^[0-9a-f]{24}$/.test(options.processId)))
      throw ctx.invalid(0, '/processId', 'must be a workflow id')
    if (options.dryRun !== undefined && typeof options.dryRun !== 'boolean') throw ctx.invalid(0, '/dryRun', 'must be boolean')
    if (options.processId) await visibleProcess(ctx, options.processId as string)
    const { workflows } = await loadGraph(ctx.db, ctx.cid)
    const plan = planConversions(workflows, options.processId as string | undefined)
    const converted = plan.filter((c) => c.to)
    const write = options.dryRun === false && converted.length > 0
    if (write) {
      const byField = new Map<string, typeof converted>()
      for (const c of converted) byField.set(c.fieldId, [...(byField.get(c.fieldId) ?? []), c])
      for (const [fieldId, changes] of byField) {
        const field = workflows.flatMap((w) => w.fields).find((f) => f._id === fieldId)!
        const variables = dictOf(field.functionVariables)
        for (const c of changes) variables[c.variable] = c.to
        const { _id, type, uid, created, updated, ...descriptor } = field
        await ctx.db
          .updateTable('process_fields')
          .set({ descriptor: JSON.stringify({ ...descriptor, functionVariables: variables }), updated: Date.now() })
          .where('cid', '=', ctx.cid)
          .where('_id', '=', fieldId)
          .execute()
        await recomputeFunction(ctx, ctx.cid, changes[0].processId, fieldId)
      }
    }
    return { converted, notConverted: plan.filter((c) => !c.to), written: write }
  },
})
