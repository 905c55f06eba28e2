/**
 * The one call every activity write makes after its own change, in its transaction: the function
 * values that depend on what changed are evaluated again (server/functions/recompute.ts) and their viewers told.
 */
import { sql } from 'kysely'
import type { Context } from '../context'
import { tellViewers } from './process-signals'
import { propagate, type Change, type PropagationContext, type PropagationResult, DATA } from '../functions'

/**
 * How the engine tells of the values it changed (its `signal`), for a call or a drain batch:
 * v3.activity.updated to the workflow's viewers, queued on `ctx` until it commits.
 */
export const tellValuesChanged =
  (ctx: Context): PropagationContext['signal'] =>
  (cid, processId, _id, fields) =>
    tellViewers(ctx, { cid, _id: processId }, { sig: 'v3.activity.updated', meta: { _id, processId, fields } })

export async function recomputeAfter(ctx: Context, cid: string, changes: Change[]): Promise<PropagationResult> {
  return propagate(
    {
      db: ctx.db,
      functions: ctx.functions,
      signal: tellValuesChanged(ctx),
    },
    cid,
    changes,
    { budget: ctx.config.functionWriteBudget },
  )
}

/**
 * After a function's definition changed (code, variables, switched on): its value on every active
 * activity of the workflow is evaluated again — in this transaction when that fits the write
 * budget, otherwise all are queued (one statement) and marked stale until the drain reaches them.
 */
export async function recomputeFunction(ctx: Context, cid: string, processId: string, fieldKey: string): Promise<void> {
  const budget = ctx.config.functionWriteBudget
  const ids = await ctx.db
    .selectFrom('activities')
    .select('_id')
    .where('cid', '=', cid)
    .where('process_id', '=', processId)
    .where('removed', '=', false)
    .limit(budget + 1)
    .execute()
  if (ids.length <= budget) {
    const forced = ids.map((r) => ({ activityId: r._id, fieldKey }))
    await propagate(
      {
        db: ctx.db,
        functions: ctx.functions,
        signal: tellValuesChanged(ctx),
      },
      cid,
      [],
      { budget, forced },
    )
    return
  }
  await sql`insert into function_state (cid, activity_id, field_key, error, dirty, since)
    select cid, _id, ${fieldKey}, null, true, ${Date.now()} from activities where cid = ${cid} and process_id = ${processId} and not removed
    on conflict (cid, activity_id, field_key) do update set dirty = true, since = excluded.since`.execute(ctx.db)
}

/** Every key of an activity: for a created, removed or recovered one, all its readers may change. */
export function allKeys(fields: Record<string, unknown>): string[] {
  return [...Object.keys(fields), DATA]
}
