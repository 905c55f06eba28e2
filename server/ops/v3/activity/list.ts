/**
 * v3.activity.list [{processId, phaseId?, search?, fields?, sort?, order?, limit?, after?}]: a page of
 * a workflow's active activities, `{activities: Activity[], next: cursor | null}`. Whoever sees the
 * workflow reads all its activities (server/policies/processes.ts); anyone else gets 404.
 *
 * Paging is by keyset: rows are ordered by (sort key, _id), `_id` breaking ties, and `next` is the
 * (key, _id) of the page's last row, so a page starts strictly after it: no row is skipped or
 * repeated however many share a key. Each sort order of a phase has its own index
 * (migrations/094_activity_list.ts), so a page costs about the same at 1,000 and at 1,000,000
 * activities; README "Activities" tells how the indexes were chosen.
 */
import { sql, type RawBuilder } from 'kysely'
import { activityRecords } from '../../../domain/activities/read'
import { normalize } from '../../../domain/activities/values'
import { loadFields } from '../../../db/processes'
import { PLAN_EACH_CALL } from '../../../db/prepared-pool'
import { loadProcessAccess } from '../../../policies/processes'
import { operation, type SignedInContext } from '../../../rpc/operation'

/** Sort keys, written exactly as the index expressions of migrations/094_activity_list.ts. */
const SORT = {
  created: sql`a.created`,
  updated: sql`coalesce(a.updated, a.created)`,
  name: sql`lower(a.name)`,
}
type Sort = keyof typeof SORT

/** `%text%` for ILIKE, the caller's %, _ and \ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

function readCursor(ctx: SignedInContext, after: string, sort: Sort): [string | number, string] {
  try {
    const key = JSON.parse(Buffer.from(after, 'base64url').toString())
    if (Array.isArray(key) && key.length === 2 && typeof key[1] === 'string' && typeof key[0] === (sort === 'name' ? 'string' : 'number')) return key as [string | number, string]
  } catch {
    // not JSON: the same 400 as a cursor of another shape
  }
  throw ctx.invalid(0, '/after', 'is not a cursor of this list')
}

const writeCursor = (key: string | number, _id: string) => Buffer.from(JSON.stringify([key, _id])).toString('base64url')

/**
 * The condition for `fields: {fieldId: value}`: each value is read as a value written to that field
 * would be (a date as ms, one id as a list of one), and matches activities whose stored value equals
 * it, or, for a list (users, teams, linked activities, several options), contains it; `null` matches
 * activities without a value. 400 naming `/fields/<id>` for a field not in the workflow or a value
 * the field cannot hold.
 */
async function fieldsCondition(ctx: SignedInContext, cid: string, processId: string, wanted: Record<string, unknown>): Promise<RawBuilder<boolean>[]> {
  const fields = new Map((await loadFields(ctx.db, cid, processId)).map((f) => [f._id, f]))
  const contains: Record<string, unknown> = {}
  const conditions: RawBuilder<boolean>[] = []
  for (const [fieldId, value] of Object.entries(wanted)) {
    const field = fields.get(fieldId)
    if (!field) throw ctx.invalid(0, `/fields/${fieldId}`, 'is not a field of this workflow')
    const stored = normalize(field, value)
    if (!stored.ok) throw ctx.invalid(0, `/fields/${fieldId}`, stored.reason)
    if (stored.value === null) conditions.push(sql<boolean>`coalesce(a.fields -> ${fieldId}, 'null'::jsonb) = 'null'::jsonb`)
    else contains[fieldId] = stored.value
  }
  // One containment test for all values: the GIN index on fields (jsonb_path_ops) answers it.
  if (Object.keys(contains).length) conditions.push(sql<boolean>`a.fields @> ${JSON.stringify(contains)}::jsonb`)
  return conditions
}

export const list = operation({
  name: 'v3.activity.list',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, query) {
    const { process } = await loadProcessAccess(ctx.db, ctx.session, query.processId)
    const sort: Sort = query.sort ?? 'created'
    const desc = query.order === 'desc'
    const limit = query.limit ?? 50
    const key = SORT[sort]
    const search = query.search?.trim()
    const filters = query.fields && Object.keys(query.fields).length ? await fieldsCondition(ctx, process.cid, process._id, query.fields) : []
    let q = ctx.db
      .selectFrom('activities as a')
      .selectAll('a')
      .select(sql<string | number>`${key}`.as('sort_key'))
      .where('a.cid', '=', process.cid)
      .where('a.process_id', '=', process._id)
      .where('a.removed', '=', false)
    if (query.phaseId) q = q.where('a.current_phase', '=', query.phaseId)
    if (search) q = q.where('a.name', 'ilike', containing(search))
    for (const condition of filters) q = q.where(condition)
    // Whether walking the sort index or looking the matches up first (trigram, GIN) is faster
    // depends on how many match: such a query is planned for its values on every call, never
    // from a plan cached for other values.
    if (search || filters.length) q = q.modifyFront(sql.raw(PLAN_EACH_CALL))
    if (query.after) {
      const [k, id] = readCursor(ctx, query.after, sort)
      q = q.where(desc ? sql<boolean>`(${key}, a._id) < (${k}, ${id})` : sql<boolean>`(${key}, a._id) > (${k}, ${id})`)
    }
    const rows = await q
      .orderBy(key, desc ? 'desc' : 'asc')
      .orderBy('a._id', desc ? 'desc' : 'asc')
      .limit(limit + 1)
      .execute()
    const page = rows.slice(0, limit)
    const last = page[page.length - 1]
    const next = rows.length > limit && last ? writeCursor(sort === 'name' ? last.sort_key : Number(last.sort_key), last._id) : null
    const fieldsOrder = (process.info.fieldsOrder as string[] | undefined) ?? []
    const activities = await activityRecords(
      ctx.db,
      process.cid,
      page.map(({ sort_key, ...row }) => row),
      () => fieldsOrder,
    )
    return { activities, next }
  },
})
