/**
 * Linked-from reads: the active activities whose activitylink fields name a given activity
 * (activity_links.to_id), grouped by workflow and phase. Within a phase they are ordered by
 * creation (then id); an entry's `index` is its position in that order (from 0) among the entries
 * that match the same filters.
 */
import { sql } from 'kysely'
import type { DbHandle } from '../../db/schema'
import { loadFields, type ProcessRow } from '../../db/processes'
import { escapeLike } from './removed'
import { dict, own } from '../../safe-keys'

export const LINKED_DEFAULT_LIMIT = 50

export interface LinkedEntry {
  _id: string
  name: string
  index: number
  currentPhase: string
  primaryNumericField?: number
  primaryDateField?: number
}

export interface PhaseGroup {
  _id: string
  name: string | null
  /** Linking activities in the phase that match the filters (not only those returned). */
  count: number
  activities: LinkedEntry[]
}

export interface WorkflowGroup {
  _id: string
  name: string
  phases: Record<string, PhaseGroup>
}

/** The workflows that have linking activities to `targetId` (active ones only). */
export async function linkingProcessIds(db: DbHandle, cid: string, targetId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('activity_links as l')
    .innerJoin('activities as a', (j) => j.onRef('a.cid', '=', 'l.cid').onRef('a._id', '=', 'l.from_id'))
    .select('a.process_id')
    .distinct()
    .where('l.cid', '=', cid)
    .where('l.to_id', '=', targetId)
    .where('a.removed', '=', false)
    .execute()
  return rows.map((r) => r.process_id)
}

/** Workflows of `cid` with an activitylink field that may name activities of `targetProcessId`. */
export async function mayLinkProcessIds(db: DbHandle, cid: string, targetProcessId: string): Promise<string[]> {
  const rows = await db.selectFrom('process_fields').select(['process_id', 'descriptor']).where('cid', '=', cid).where('type', '=', 'activitylink').execute()
  return [
    ...new Set(
      rows
        .filter((r) => {
          const data = (r.descriptor as { data?: unknown }).data
          return data === targetProcessId || (Array.isArray(data) && data.includes(targetProcessId))
        })
        .map((r) => r.process_id),
    ),
  ]
}

interface Filters {
  phaseIds?: string[]
  activityIds?: string[]
  search?: string
  /** Return entries with index > afterIndex only (for `next`). */
  afterIndex?: number
  limit: number
}

/** Primary numeric and date fields of a workflow: the first of those types in fieldsOrder (then creation order). */
async function primaryFields(db: DbHandle, p: ProcessRow): Promise<{ numeric?: string; date?: string }> {
  const fields = await loadFields(db, p.cid, p._id)
  const order = (p.info.fieldsOrder as string[] | undefined) ?? []
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length)
  fields.sort((a, b) => rank(a._id) - rank(b._id))
  return {
    numeric: fields.find((f) => f.type === 'numeric' || f.type === 'numericunit')?._id,
    date: fields.find((f) => f.type === 'date' || f.type === 'datetime')?._id,
  }
}

const asNumber = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isFinite(v)) return v
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v)
    if (Number.isFinite(n)) return n
    const t = Date.parse(v)
    if (Number.isFinite(t)) return t
  }
  if (v && typeof v === 'object' && 'value' in v) return asNumber((v as { value: unknown }).value)
  return undefined
}

/** The linking activities of one workflow, per phase, at most `limit` per phase. */
export async function linkedOfProcess(db: DbHandle, p: ProcessRow, targetId: string, f: Filters): Promise<WorkflowGroup> {
  const phaseFilter = f.phaseIds ? sql`and a.current_phase in (${sql.join(f.phaseIds.length ? f.phaseIds : [''])})` : sql``
  const idFilter = f.activityIds ? sql`and a._id in (${sql.join(f.activityIds.length ? f.activityIds : [''])})` : sql``
  const search = f.search ? sql`and a.name ilike ${'%' + escapeLike(f.search) + '%'}` : sql``
  const after = f.afterIndex ?? -1
  const where = sql`a.cid = ${p.cid} and a.process_id = ${p._id} and not a.removed
        and exists (select 1 from activity_links l where l.cid = a.cid and l.from_id = a._id and l.to_id = ${targetId})
        ${phaseFilter} ${idFilter} ${search}`
  const counts = await sql<{ current_phase: string; total: string }>`
    select a.current_phase, count(*) as total from activities a where ${where} group by a.current_phase order by a.current_phase`.execute(db)
  const { rows } = await sql<{ _id: string; name: string; current_phase: string; fields: unknown; rn: string }>`
    select _id, name, current_phase, fields, rn from (
      select a._id, a.name, a.current_phase, a.fields,
        row_number() over (partition by a.current_phase order by a.created, a._id) - 1 as rn
      from activities a
      where ${where}
    ) t where rn > ${after} and rn <= ${after + f.limit}
    order by current_phase, rn`.execute(db)
  const primary = await primaryFields(db, p)
  const phases = p.info.phases as Record<string, { name?: string }> | undefined
  const out: WorkflowGroup = { _id: p._id, name: p.name, phases: dict() }
  for (const c of counts.rows)
    out.phases[c.current_phase] = { _id: c.current_phase, name: own(phases, c.current_phase)?.name ?? null, count: Number(c.total), activities: [] }
  for (const r of rows) {
    const group = out.phases[r.current_phase]
    const values = (typeof r.fields === 'string' ? JSON.parse(r.fields) : r.fields) as Record<string, unknown>
    const e: LinkedEntry = { _id: r._id, name: r.name, index: Number(r.rn), currentPhase: r.current_phase }
    const n = primary.numeric ? asNumber(own(values, primary.numeric)) : undefined
    if (n !== undefined) e.primaryNumericField = n
    const d = primary.date ? asNumber(own(values, primary.date)) : undefined
    if (d !== undefined) e.primaryDateField = d
    group.activities.push(e)
  }
  return out
}

/** The position (from 0) of a linking activity within its workflow and phase; null when it does not link. */
export async function indexOfLinking(
  db: DbHandle,
  cid: string,
  targetId: string,
  activityId: string,
): Promise<{ processId: string; phaseId: string; index: number } | null> {
  const { rows } = await sql<{ process_id: string; current_phase: string; idx: string }>`
    select a.process_id, a.current_phase,
      (select count(*) from activities b
        where b.cid = a.cid and b.process_id = a.process_id and b.current_phase = a.current_phase and not b.removed
          and (b.created, b._id) < (a.created, a._id)
          and exists (select 1 from activity_links l where l.cid = b.cid and l.from_id = b._id and l.to_id = ${targetId})) as idx
    from activities a
    where a.cid = ${cid} and a._id = ${activityId} and not a.removed
      and exists (select 1 from activity_links l where l.cid = a.cid and l.from_id = a._id and l.to_id = ${targetId})`.execute(db)
  const r = rows[0]
  return r ? { processId: r.process_id, phaseId: r.current_phase, index: Number(r.idx) } : null
}
