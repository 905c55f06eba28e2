/**
 * The one call every activity write makes after its own change, in its transaction: the function
 * values that depend on what changed are evaluated again (./recompute.ts) and their viewers told.
 */
import type { DbHandle } from '../../db/schema'
import type { Context } from '../../rpc/operation'
import { publishActivities } from '../activities/events'
import { propagate, type Change, type PropagationResult } from './recompute'
import { DATA } from './graph'

export async function recomputeAfter(ctx: Context, cid: string, changes: Change[]): Promise<PropagationResult> {
  return propagate(
    {
      db: ctx.db,
      functions: ctx.functions,
      signal: (c, processId, _id, fields) => publishActivities(ctx, c, processId, 'v3.activity.updated', { _id, processId, fields }),
    },
    cid,
    changes,
  )
}

/** Every key of an activity: for a created, removed or recovered one, all its readers may change. */
export function allKeys(fields: Record<string, unknown>): string[] {
  return [...Object.keys(fields), DATA]
}

export type FieldStates = Map<string, { error: string | null; dirty: boolean }>

/** The error and staleness of the function values of these activities (most have none). */
export async function loadFunctionStates(db: DbHandle, cid: string, activityIds: string[]): Promise<Map<string, FieldStates>> {
  const out = new Map<string, FieldStates>()
  for (let i = 0; i < activityIds.length; i += 1000) {
    const rows = await db.selectFrom('function_state').selectAll().where('cid', '=', cid).where('activity_id', 'in', activityIds.slice(i, i + 1000)).execute()
    for (const r of rows) {
      if (!out.has(r.activity_id)) out.set(r.activity_id, new Map())
      out.get(r.activity_id)!.set(r.field_key, { error: r.error, dirty: r.dirty })
    }
  }
  return out
}
