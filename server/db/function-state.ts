/** The error and staleness of function values, as table function_state keeps them per activity and field. */
import { anyOf } from './rows'
import type { DbHandle } from './schema'

export type FieldStates = Map<string, { error: string | null; dirty: boolean }>

/** The error and staleness of the function values of these activities (most have none). */
export async function loadFunctionStates(db: DbHandle, cid: string, activityIds: string[]): Promise<Map<string, FieldStates>> {
  const out = new Map<string, FieldStates>()
  if (!activityIds.length) return out
  const rows = await db.selectFrom('function_state').selectAll().where('cid', '=', cid).where('activity_id', '=', anyOf(activityIds)).execute()
  for (const r of rows) {
    if (!out.has(r.activity_id)) out.set(r.activity_id, new Map())
    out.get(r.activity_id)!.set(r.field_key, { error: r.error, dirty: r.dirty })
  }
  return out
}
