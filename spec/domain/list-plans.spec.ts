/**
 * v3.activity.list reads a page in sort order from an index, with or without a phase (issue 27,
 * point 2): the page query and the walk of a searched or filtered page, in every sort order and
 * direction, are planned with no Sort node, so a page never reads and sorts the whole workflow.
 * The database is opened in-process (DATABASE_URL's PostgreSQL when set, else a PGlite in a
 * temporary folder) and migrated; sorting and sequential scans are disabled so that the plan shows
 * whether an index can give the order at all, whatever the table's size (the planner still sorts
 * when no index can). Each query is planned with its values and as the generic plan a prepared
 * statement settles on (what the server runs after a few calls), which cannot look at the values.
 */
import { CompiledQuery, sql } from 'kysely'
import { matching, pageQuery, walkQuery, WALK_FIRST, type ListSort, type PageQuery } from '../../server/domain/activities/list'
import { inProcessDb } from '../db/in-process'

const db = inProcessDb({ migrated: true })

/** A test value as an SQL literal (the values here are short strings and numbers). */
const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`)

/**
 * The node types of the plan of `compiled`, with sorting and sequential scans disabled: planned with
 * its values, or (`generic`) as a prepared statement's generic plan.
 */
async function nodeTypes(compiled: { sql: string; parameters: readonly unknown[] }, generic = false): Promise<string[]> {
  return db()
    .kysely.connection()
    .execute(async (c) => {
      await sql`set enable_sort = off`.execute(c)
      await sql`set enable_seqscan = off`.execute(c)
      if (generic) await sql`set plan_cache_mode = force_generic_plan`.execute(c)
      try {
        const explain = generic
          ? (await c.executeQuery(CompiledQuery.raw(`prepare page_plan as ${compiled.sql}`)),
            CompiledQuery.raw(`explain (format json) execute page_plan(${compiled.parameters.map(literal).join(', ')})`))
          : CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters])
        const { rows } = await c.executeQuery<{ 'QUERY PLAN': any }>(explain)
        const types: string[] = []
        const walk = (node: any) => {
          types.push(node['Node Type'])
          for (const child of node.Plans ?? []) walk(child)
        }
        walk(rows[0]['QUERY PLAN'][0].Plan)
        return types
      } finally {
        if (generic) await sql`deallocate page_plan`.execute(c)
        await sql`reset enable_sort`.execute(c)
        await sql`reset enable_seqscan`.execute(c)
        await sql`reset plan_cache_mode`.execute(c)
      }
    })
}

const sorts: ListSort[] = ['created', 'updated', 'name']
const cases = sorts.flatMap((sort) =>
  [false, true].flatMap((desc) =>
    [undefined, 'phase-1'].flatMap((phaseId) =>
      [false, true].map((filtered) => ({
        sort,
        desc,
        phaseId,
        filtered,
        after: sort === 'name' ? (['m', 'id'] as [string, string]) : ([5, 'id'] as [number, string]),
      })),
    ),
  ),
)

test.each(cases)('a page sorted by $sort (desc: $desc), phase $phaseId, filtered: $filtered, is read from an index without a sort', async (c) => {
  for (const after of [undefined, c.after]) {
    const p: PageQuery = {
      cid: 'c1',
      processId: 'p1',
      phaseId: c.phaseId,
      search: c.filtered ? 'red' : undefined,
      conditions: c.filtered ? [sql<boolean>`a.fields @> '{"f1": "s3"}'::jsonb`] : [],
      sort: c.sort,
      desc: c.desc,
      limit: 50,
      after,
    }
    const condition = matching(p)
    const query = condition ? walkQuery(db().kysely, p, condition, WALK_FIRST, 51) : pageQuery(db().kysely, p)
    for (const generic of [false, true]) {
      const types = await nodeTypes(query.compile(), generic)
      expect({ generic, types }).toEqual({ generic, types: expect.not.arrayContaining(['Sort']) })
      expect(types).not.toContain('Incremental Sort')
      expect(types.some((t) => t.startsWith('Index'))).toBe(true)
    }
  }
})
