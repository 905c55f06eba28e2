/**
 * v3.activity.evaluateWorkflowFunctions.start and .logs: workflow-wide runs of function fields in
 * the background (server/functions/runs.ts), for workspace admins and owners.
 */
import { visibleProcess, workspaceOfProcess } from '../../../domain/function-access'
import { loadGraph, nodeId, createRun } from '../../../functions'
import { queuedFunctionWork } from '../../../domain/function-values'
import { notFound, refused } from '../../../errors'
import type { Caller } from '../../../context'
import { operation } from '../../../rpc/operation'

/**
 * [{processId, fieldIds?, apply? (false)}] -> {runId} at once. fieldIds default to every function
 * field of the workflow; one that is not a function field of it is a 422. Without `apply` the run
 * only logs what would change.
 */
export const start = operation({
  name: 'v3.activity.evaluateWorkflowFunctions.start',
  access: 'member',
  capability: 'workspace.admin',
  workspace: (caller, run: { processId: string }) => workspaceOfProcess(caller, run.processId),
  async run(ctx, run: { processId: string; fieldIds?: string[]; apply?: boolean }) {
    const process = await visibleProcess(ctx, run.processId)
    const { graph } = await loadGraph(ctx.db, ctx.cid)
    const own = [...graph.functions.values()].filter((f) => f.processId === process._id).map((f) => f.fieldKey)
    const fieldIds = run.fieldIds ?? own
    const stranger = fieldIds.find((id) => !graph.functions.has(nodeId(process._id, id)))
    if (stranger) throw refused('fieldIds must name function fields of the workflow', { argument: 0, path: '/fieldIds', fieldId: stranger })
    const runId = await createRun(ctx.db, ctx.cid, process._id, [...new Set(fieldIds)], run.apply === true, ctx.session.uid)
    queuedFunctionWork(ctx)
    return { runId }
  },
})

/** The run's workspace, for dispatch. */
const workspaceOfRun = async ({ db }: Caller, runId?: string) =>
  runId ? (await db.selectFrom('function_runs').select('cid').where('_id', '=', runId).executeTakeFirst())?.cid : undefined

/**
 * [{runId, afterTs?, limit? (200)}] -> {run: {runId, processId, status, apply, total, processed,
 * changed, errors, created, finished}, entries: [{ts, kind, activityId?, fieldId?, before?, after?,
 * message?}], next}: entries with ts > afterTs, oldest first; pass `next` as afterTs for the next page.
 */
export const logs = operation({
  name: 'v3.activity.evaluateWorkflowFunctions.logs',
  access: 'member',
  capability: 'workspace.admin',
  workspace: (caller, query: { runId: string }) => workspaceOfRun(caller, query.runId),
  readOnly: true,
  async run(ctx, query: { runId: string; afterTs?: number; limit?: number }) {
    const run = await ctx.db.selectFrom('function_runs').selectAll().where('cid', '=', ctx.cid).where('_id', '=', query.runId).executeTakeFirst()
    if (!run) throw notFound('run')
    await visibleProcess(ctx, run.process_id)
    const rows = await ctx.db
      .selectFrom('function_run_log')
      .selectAll()
      .where('cid', '=', ctx.cid)
      .where('run_id', '=', run._id)
      .where('ts', '>', query.afterTs ?? 0)
      .orderBy('ts')
      .limit(query.limit ?? 200)
      .execute()
    const entries = rows.map((r) => ({
      ts: Number(r.ts),
      kind: r.kind,
      ...(r.activity_id ? { activityId: r.activity_id, fieldId: r.field_key } : {}),
      ...(r.kind === 'changed' ? { before: r.before, after: r.after } : {}),
      ...(r.message ? { message: r.message } : {}),
      at: Number(r.at),
    }))
    return {
      run: {
        runId: run._id,
        processId: run.process_id,
        status: run.status,
        apply: run.apply,
        total: run.total,
        processed: run.processed,
        changed: run.changed,
        errors: run.errors,
        created: Number(run.created),
        finished: run.finished === null ? null : Number(run.finished),
      },
      entries,
      next: entries.length ? entries[entries.length - 1].ts : (query.afterTs ?? 0),
    }
  },
})
