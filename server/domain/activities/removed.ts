/**
 * Soft removal: removed activities stay in `activities` with removed/removed_on/removed_by set.
 * Listing them and bringing them back exactly as they were.
 */
import { sql } from 'kysely'
import type { DbHandle } from '../../db/schema'
import { dict } from '../../safe-keys'

export const REMOVED_DEFAULT_LIMIT = 50

export interface RemovedEntry {
  _id: string
  name: string
  removedOn?: number
  removedBy?: string
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

function entry(r: { _id: string; name: string; removed_on: number | string | null; removed_by: string | null }): RemovedEntry {
  const e: RemovedEntry = { _id: r._id, name: r.name }
  if (r.removed_on !== null) e.removedOn = Number(r.removed_on)
  if (r.removed_by !== null) e.removedBy = r.removed_by
  return e
}

/** Removed activities of one phase of the given workflows, most recently removed first. */
export async function removedOfPhase(
  db: DbHandle,
  processIds: string[],
  phaseId: string,
  o: { limit: number; skip: number; search?: string },
): Promise<RemovedEntry[]> {
  if (!processIds.length) return []
  let q = db
    .selectFrom('activities')
    .select(['_id', 'name', 'removed_on', 'removed_by'])
    .where('process_id', 'in', processIds)
    .where('current_phase', '=', phaseId)
    .where('removed', '=', true)
  if (o.search) q = q.where(sql<boolean>`name ilike ${'%' + escapeLike(o.search) + '%'}`)
  const rows = await q.orderBy('removed_on', 'desc').orderBy('_id', 'desc').offset(o.skip).limit(o.limit).execute()
  return rows.map(entry)
}

/** Per phase of one workflow, its most recently removed activities (at most `limit` per phase). */
export async function removedByPhase(
  db: DbHandle,
  cid: string,
  processId: string,
  o: { limit: number; search?: string },
): Promise<Record<string, RemovedEntry[]>> {
  const search = o.search ? sql`and name ilike ${'%' + escapeLike(o.search) + '%'}` : sql``
  const { rows } = await sql<{ _id: string; name: string; removed_on: string | null; removed_by: string | null; current_phase: string }>`
    select _id, name, removed_on, removed_by, current_phase from (
      select _id, name, removed_on, removed_by, current_phase,
        row_number() over (partition by current_phase order by removed_on desc nulls last, _id desc) as rn
      from activities
      where cid = ${cid} and process_id = ${processId} and removed ${search}
    ) t where rn <= ${o.limit}
    order by current_phase, rn`.execute(db)
  const out = dict<RemovedEntry[]>()
  for (const r of rows) (out[r.current_phase] ??= []).push(entry(r))
  return out
}
