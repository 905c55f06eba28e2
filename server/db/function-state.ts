/** The error and staleness of function values, as table function_state keeps them per activity and field. */
import type { RawBuilder } from 'kysely'
import { oneOf, type ValueOrColumn } from './rows'
import type { DbHandle } from './schema'

export type FieldStates = Map<string, { error: string | null; dirty: boolean }>

/**
 * The function_state rows of these activities: read alone (loadFunctionStates) or inside a larger
 * read (recordParts, server/domain/activities/read.ts); given columns of an outer query instead of values, those of its row.
 */
export const functionStatesQuery = (db: DbHandle, cid: ValueOrColumn, activityIds: string[] | RawBuilder<string>) =>
  db.selectFrom('function_state').selectAll().where('cid', '=', cid).where('activity_id', '=', oneOf(activityIds))

/** function_state rows by activity, then by field key. */
export function statesByActivity(rows: { activity_id: string; field_key: string; error: string | null; dirty: boolean }[]): Map<string, FieldStates> {
  const out = new Map<string, FieldStates>()
  for (const r of rows) {
    if (!out.has(r.activity_id)) out.set(r.activity_id, new Map())
    out.get(r.activity_id)!.set(r.field_key, { error: r.error, dirty: r.dirty })
  }
  return out
}

/** The error and staleness of the function values of these activities (most have none). */
export async function loadFunctionStates(db: DbHandle, cid: string, activityIds: string[]): Promise<Map<string, FieldStates>> {
  if (!activityIds.length) return new Map()
  return statesByActivity(await functionStatesQuery(db, cid, activityIds).execute())
}
