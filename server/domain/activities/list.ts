/**
 * The query of v3.activity.list (server/ops/v3/activity/list.ts), apart so that the benchmark
 * (scripts/bench/list.ts) can EXPLAIN exactly what the operation runs.
 *
 * Paging is by keyset: rows are ordered by (sort key, _id), `_id` breaking ties, and a cursor is the
 * (key, _id) of a page's last row, so the next page starts strictly after it: no row is skipped or
 * repeated however many share a key. Each sort order of a phase has its own index
 * (migrations/094_activity_list.ts), so a page costs about the same at 1,000 and at 1,000,000
 * activities; README "Activities" tells how the indexes were chosen.
 */
import { sql, type RawBuilder } from 'kysely'
import type { FieldRecord } from '../../db/processes'
import { PLAN_EACH_CALL } from '../../db/prepared-pool'
import type { DbHandle } from '../../db/schema'
import { normalize } from './values'

/** Sort keys, written exactly as the index expressions of migrations/094_activity_list.ts. */
const SORT = {
  created: sql`a.created`,
  updated: sql`coalesce(a.updated, a.created)`,
  name: sql`lower(a.name)`,
}
export type ListSort = keyof typeof SORT
export type Cursor = [key: string | number, _id: string]

/** The cursor `after` names, or null when it is not a cursor of a list in this sort order. */
export function readCursor(after: string, sort: ListSort): Cursor | null {
  try {
    const key = JSON.parse(Buffer.from(after, 'base64url').toString())
    if (Array.isArray(key) && key.length === 2 && typeof key[1] === 'string' && typeof key[0] === (sort === 'name' ? 'string' : 'number')) return key as Cursor
  } catch {
    // not JSON: not a cursor
  }
  return null
}

export const writeCursor = (sort: ListSort, key: unknown, _id: string) => Buffer.from(JSON.stringify([sort === 'name' ? key : Number(key), _id])).toString('base64url')

/**
 * The conditions for `fields: {fieldId: value}`: each value is read as a value written to that field
 * would be (a date as ms, one id as a list of one), and matches activities whose stored value equals
 * it, or, for a list (users, teams, linked activities, several options), contains it; `null` matches
 * activities without a value. `invalid` makes the error for a field not in `fields` or a value the
 * field cannot hold.
 */
export function fieldConditions(fields: Map<string, FieldRecord>, wanted: Record<string, unknown>, invalid: (fieldId: string, reason: string) => Error) {
  const contains: Record<string, unknown> = {}
  const conditions: RawBuilder<boolean>[] = []
  for (const [fieldId, value] of Object.entries(wanted)) {
    const field = fields.get(fieldId)
    if (!field) throw invalid(fieldId, 'is not a field of this workflow')
    const stored = normalize(field, value)
    if (!stored.ok) throw invalid(fieldId, stored.reason)
    if (stored.value === null) conditions.push(sql<boolean>`coalesce(a.fields -> ${fieldId}, 'null'::jsonb) = 'null'::jsonb`)
    else contains[fieldId] = stored.value
  }
  // One containment test for all values: the GIN index on fields (jsonb_path_ops) answers it.
  if (Object.keys(contains).length) conditions.push(sql<boolean>`a.fields @> ${JSON.stringify(contains)}::jsonb`)
  return conditions
}

export interface PageQuery {
  cid: string
  processId: string
  phaseId?: string
  /** Text the name contains, case-insensitive. */
  search?: string
  /** From fieldConditions. */
  conditions: RawBuilder<boolean>[]
  sort: ListSort
  desc: boolean
  limit: number
  after?: Cursor
}

/** `%text%` for ILIKE, the caller's %, _ and \ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The page's active activities plus one (to tell whether there is a next page), each with its `sort_key`. */
export function pageQuery(db: DbHandle, p: PageQuery) {
  const key = SORT[p.sort]
  let q = db
    .selectFrom('activities as a')
    .selectAll('a')
    .select(sql<string | number>`${key}`.as('sort_key'))
    .where('a.cid', '=', p.cid)
    .where('a.process_id', '=', p.processId)
    .where('a.removed', '=', false)
  if (p.phaseId) q = q.where('a.current_phase', '=', p.phaseId)
  if (p.search) q = q.where('a.name', 'ilike', containing(p.search))
  for (const condition of p.conditions) q = q.where(condition)
  // Whether walking the sort index or looking the matches up first (trigram, GIN) is faster depends
  // on how many match: such a query is planned for its values on every call, never from a plan
  // cached for other values.
  if (p.search || p.conditions.length) q = q.modifyFront(sql.raw(PLAN_EACH_CALL))
  if (p.after) {
    const [k, id] = p.after
    q = q.where(p.desc ? sql<boolean>`(${key}, a._id) < (${k}, ${id})` : sql<boolean>`(${key}, a._id) > (${k}, ${id})`)
  }
  return q
    .orderBy(key, p.desc ? 'desc' : 'asc')
    .orderBy('a._id', p.desc ? 'desc' : 'asc')
    .limit(p.limit + 1)
}
