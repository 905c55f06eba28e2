/**
 * The queries of v3.activity.list (server/ops/v3/activity/list.ts), apart so that the benchmark
 * (scripts/bench/list.ts) can EXPLAIN exactly what the operation runs.
 *
 * Paging is by keyset: rows are ordered by (sort key, _id), `_id` breaking ties, and a cursor is the
 * (key, _id) of a page's last row, so the next page starts strictly after it: no row is skipped or
 * repeated however many share a key. Each sort order has an index per phase
 * (migrations/094_activity_list.ts) and one per workflow for a list without a phase
 * (migrations/121_activity_list_any_phase.ts), so a page costs about the same at 1,000 and at
 * 1,000,000 activities, with or without a phase; docs/guides/activities.md tells how the indexes
 * were chosen.
 */
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely'
import type { FieldRecord } from '../../db/processes'
import { PLAN_EACH_CALL } from '../../db/prepared-pool'
import type { DbHandle } from '../../db/schema'
import { normalize } from '../../db/values'
import { recordParts } from './read'

/** Sort keys, written exactly as the index expressions of migrations/094 and 121. */
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

export const writeCursor = (sort: ListSort, key: unknown, _id: string) =>
  Buffer.from(JSON.stringify([sort === 'name' ? key : Number(key), _id])).toString('base64url')

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

/**
 * A searched or filtered page first reads this many rows in sort order, and reads on (in walks of
 * powers of two) while the matches seen so far say the page fills within WALK_MOST rows; past that
 * it looks the rest up through the name and field indexes. See listPage.
 */
export const WALK_FIRST = 256
export const WALK_MOST = 16384

/** The scope, phase and cursor of a page (no search or filter), as `a`. */
function scoped(db: DbHandle, p: PageQuery) {
  const key = SORT[p.sort]
  let q = db
    .selectFrom('activities as a')
    .selectAll('a')
    .select(sql<string | number>`${key}`.as('sort_key'))
    .where('a.cid', '=', p.cid)
    .where('a.process_id', '=', p.processId)
    // Written out, not a parameter: a prepared statement's generic plan can then use the partial
    // indexes (WHERE NOT removed), and PostgreSQL stops planning the page afresh on every call.
    .where(sql<boolean>`not a.removed`)
  if (p.phaseId) q = q.where('a.current_phase', '=', p.phaseId)
  if (p.after) {
    const [k, id] = p.after
    q = q.where(p.desc ? sql<boolean>`(${key}, a._id) < (${k}, ${id})` : sql<boolean>`(${key}, a._id) > (${k}, ${id})`)
  }
  return q
}

/** The search and the field conditions on `a`, as one condition (null: none). */
export function matching(p: PageQuery): RawBuilder<boolean> | null {
  const all = [...(p.search ? [sql<boolean>`a.name ilike ${containing(p.search)}`] : []), ...p.conditions]
  return all.length ? sql<boolean>`(${sql.join(all, sql` and `)})` : null
}

/**
 * The page's active activities plus one (to tell whether there is a next page), each with its
 * `sort_key`, in the plan the database chooses. A search or filter is planned on every call: whether
 * walking the sort index or looking the matches up first (trigram, GIN) is faster depends on how
 * many match, so a plan cached for other values would not do.
 */
export function pageQuery(db: DbHandle, p: PageQuery) {
  const key = SORT[p.sort]
  let q = scoped(db, p)
  const condition = matching(p)
  if (condition) q = q.where(condition).modifyFront(sql.raw(PLAN_EACH_CALL))
  return q
    .orderBy(key, p.desc ? 'desc' : 'asc')
    .orderBy('a._id', p.desc ? 'desc' : 'asc')
    .limit(p.limit + 1)
}

/**
 * The first `budget` rows of the page's scope in sort order, of which the first `wanted` that match,
 * plus the last one (`walked` = budget) whether it matches or not, each with `hit`. The rows are
 * read lazily: the walk stops at the `wanted`th match. The budget is written
 * into the text (a power of two: few distinct statements), so the plan is always a walk of the sort
 * index, also when prepared.
 */
export function walkQuery(db: DbHandle, p: PageQuery, condition: RawBuilder<boolean>, budget: number, wanted: number) {
  const key = SORT[p.sort]
  const dir = p.desc ? sql`desc` : sql`asc`
  const walk = scoped(db, p)
    .select(sql<number>`row_number() over (order by ${key} ${dir}, a._id ${dir})`.as('walked'))
    .orderBy(key, p.desc ? 'desc' : 'asc')
    .orderBy('a._id', p.desc ? 'desc' : 'asc')
    .limit(sql.lit(budget))
  return db
    .selectFrom(walk.as('a'))
    .selectAll('a')
    .select(condition.as('hit'))
    .where((eb) => eb.or([eb(condition, '=', true), eb('a.walked', '=', sql.lit(budget))]))
    .orderBy('a.sort_key', p.desc ? 'desc' : 'asc')
    .orderBy('a._id', p.desc ? 'desc' : 'asc')
    .limit(wanted + 1)
}

/**
 * The page: pageQuery's rows. With a search or filter, the database estimates how many rows match
 * from each condition alone and cannot see that a field belongs to one workflow, so its plan can be
 * wrong by a hundred times either way (a bitmap of every activity with `status = open` in the
 * workspace, or a walk of a million rows for one match). So the page walks the sort index itself:
 * WALK_FIRST rows, then on (lazily: each walk stops at the last match the page needs) while the share of matches seen so far says the page fills within
 * WALK_MOST rows (most pages end here); otherwise few match, and the rest, from the last walked
 * row on, is looked up with pageQuery, which the trigram and field indexes answer. Each statement
 * reads its rows with what their records need (recordParts), so a page without a search or
 * filter is read in one statement.
 */
export async function listPage(db: DbHandle, p: PageQuery) {
  /**
   * The rows of a page query with what their records need (recordParts): the page and its records in
   * one statement. Any tables: the page's query reads `activities`, the walk's a subquery of it.
   */
  const withParts = <R extends { sort_key: string | number; _id: string }>(query: SelectQueryBuilder<any, any, R>) =>
    db
      .selectFrom(query.as('a'))
      .selectAll('a')
      .select(recordParts(db))
      .orderBy('a.sort_key', p.desc ? 'desc' : 'asc')
      .orderBy('a._id', p.desc ? 'desc' : 'asc')
      .execute()
  const condition = matching(p)
  if (!condition) return withParts(pageQuery(db, p))
  const walk = (after: Cursor | undefined, budget: number, wanted: number) => withParts(walkQuery(db, { ...p, after }, condition, budget, wanted))
  const strip = <T extends { hit: unknown; walked: unknown }>({ hit, walked, ...row }: T) => row
  const found: Omit<Awaited<ReturnType<typeof walk>>[number], 'hit' | 'walked'>[] = []
  let after = p.after
  let walkedSoFar = 0
  let budget = WALK_FIRST
  for (;;) {
    const walked = await walk(after, budget, p.limit + 1 - found.length)
    found.push(...walked.filter((r) => r.hit).map(strip))
    const last = walked[walked.length - 1]
    // A full page (and one more), or the scope ended within the walk: the page is complete.
    if (found.length > p.limit || !last || Number(last.walked) < budget) return found.slice(0, p.limit + 1)
    walkedSoFar += budget
    after = [last.sort_key, last._id]
    const need = p.limit + 1 - found.length
    const more = found.length ? (need * walkedSoFar) / found.length : Infinity
    if (walkedSoFar + more > WALK_MOST) break
    budget = Math.min(2 ** Math.ceil(Math.log2(more * 1.5)), WALK_MOST)
  }
  const rest = await withParts(pageQuery(db, { ...p, after, limit: p.limit - found.length }))
  return [...found, ...rest]
}
