/**
 * The one call every activity write makes after its own change, in its transaction: the function
 * values that depend on what changed are marked stale there, and evaluated after the transaction
 * commits, before the call replies, with no transaction open while their code runs
 * (server/functions/recompute.ts; docs/security.md, "Stalls"); their viewers are told.
 */
import { sql } from 'kysely'
import type { Context, LateWork } from '../context'
import { tellViewers } from './process-signals'
import {
  lockBeforeWrite,
  markAffected,
  propagate,
  type Change,
  type FunctionEngine,
  type PropagateOptions,
  type Propagation,
  type Signal,
  type WriteResult,
  DATA,
} from '../functions'

/**
 * How the engine tells of the values it changed (its `signal`), for a call or a drain batch:
 * v3.activity.updated to the workflow's viewers, queued on `ctx` until it commits.
 */
export const tellValuesChanged =
  (ctx: Context): Signal =>
  (cid, processId, _id, fields) =>
    tellViewers(ctx, { cid, _id: processId }, { sig: 'v3.activity.updated', meta: { _id, processId, fields } })

/**
 * After a write's change, in its transaction: marks what it may reach stale, and queues their
 * evaluation for after commit. Whether any function value is concerned (then the call's reply
 * should read the values after that evaluation: a LateReply).
 */
export async function recomputeAfter(ctx: Context, cid: string, changes: Change[]): Promise<boolean> {
  const marked = await markAffected(ctx.db, cid, changes)
  if (!marked) return false
  queuedFunctionWork(ctx)
  const { functions } = ctx
  ctx.afterCommit((late) => evaluateNow(late, functions, cid, changes, { budget: ctx.config.functionWriteBudget, marked }))
  return true
}

/**
 * After a function's definition changed (code, variables, switched on): its value on every active
 * activity of the workflow is marked stale (one statement) and, when they fit the write budget,
 * evaluated after commit before the reply; otherwise the drain evaluates them.
 */
export async function recomputeFunction(ctx: Context, cid: string, processId: string, fieldKey: string): Promise<void> {
  const budget = ctx.config.functionWriteBudget
  await lockBeforeWrite(ctx.db, cid)
  await sql`insert into function_state (cid, activity_id, field_key, error, dirty, since)
    select cid, _id, ${fieldKey}, null, true, ${Date.now()} from activities where cid = ${cid} and process_id = ${processId} and not removed
    on conflict (cid, activity_id, field_key) do update set dirty = true,
      since = case when function_state.dirty then function_state.since else excluded.since end`.execute(ctx.db)
  queuedFunctionWork(ctx)
  const ids = await ctx.db
    .selectFrom('activities')
    .select('_id')
    .where('cid', '=', cid)
    .where('process_id', '=', processId)
    .where('removed', '=', false)
    .limit(budget + 1)
    .execute()
  if (!ids.length || ids.length > budget) return
  const forced = ids.map((r) => ({ activityId: r._id, fieldKey }))
  const { functions } = ctx
  ctx.afterCommit((late) => evaluateNow(late, functions, cid, [], { budget, forced }))
}

/**
 * Tells the drain of every process, once the call commits, that function work is queued (values
 * marked stale, a workflow-wide run) or, with `modes`, that a workspace switched its fast mode: the
 * drain does not poll (server/functions/drain.ts).
 */
export function queuedFunctionWork(ctx: Context, modes = false): void {
  ctx.later((services) => services.bus.emit([modes ? { kind: 'functions', modes } : { kind: 'functions' }]))
}

/** Evaluates with no transaction open, then writes what is still current in a short transaction. */
async function evaluateNow(late: LateWork, functions: FunctionEngine, cid: string, changes: Change[], options: PropagateOptions) {
  const propagation = await propagate({ db: late.db, functions }, cid, changes, options)
  await writePropagation(late, propagation)
}

/**
 * Writes a propagation's results in a short transaction of their own; values it leaves stale
 * (beyond the budget or the depth asked) wake the drain once it commits, which does not poll.
 */
export function writePropagation(late: LateWork, propagation: Propagation): Promise<WriteResult> {
  return late.transaction(async (ctx) => {
    const written = await propagation.write(ctx.db, tellValuesChanged(ctx))
    if (written.stale) queuedFunctionWork(ctx)
    return written
  })
}

/** Every key of an activity: for a created, removed or recovered one, all its readers may change. */
export function allKeys(fields: Record<string, unknown>): string[] {
  return [...Object.keys(fields), DATA]
}
