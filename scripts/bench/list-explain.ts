/**
 * EXPLAIN (ANALYZE, BUFFERS) of the queries v3.activity.list runs for a page, built with the
 * operation's own query builders (server/domain/activities/list.ts): bench:list and bench:list-phase.
 */
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely'
import type { Db } from './direct'
import type { BenchWorkflow } from './list-data'
import { fieldConditions, matching, pageQuery, readCursor, walkQuery, WALK_FIRST, type ListSort, type PageQuery } from '../../server/domain/activities/list'
import type { FieldRecord } from '../../server/db/processes'
import type { Database } from '../../server/db/schema'

export type ListQuery = { phaseId?: string; sort?: ListSort; order?: 'asc' | 'desc'; search?: string; fields?: Record<string, unknown>; after?: string }

/** A kysely that only compiles: the page query's text and parameters, for EXPLAIN. */
const compiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
})

/** The plans of each case's page of 50, as markdown sections titled `label: case — part`. */
export async function explainCases(db: Db, label: string, w: BenchWorkflow, cases: [string, (w: any) => ListQuery][]): Promise<string> {
  const types = { status: 'text', ref: 'numeric', note: 'text', amount: 'numeric' } as const
  const fields = new Map(
    Object.entries(w.fields).map(([k, id]) => [id, { _id: id, type: types[k as keyof typeof types], label: k, uid: w.uid, created: 0 } as FieldRecord]),
  )
  let out = ''
  for (const [name, make] of cases) {
    const q = make(w)
    const sort = q.sort ?? 'created'
    const p: PageQuery = {
      cid: w.cid,
      processId: w.processId,
      phaseId: q.phaseId,
      search: q.search,
      conditions: q.fields ? fieldConditions(fields, q.fields, (id, reason) => new Error(`${id}: ${reason}`)) : [],
      sort,
      desc: q.order === 'desc',
      limit: 50,
      after: q.after ? (readCursor(q.after, sort) ?? undefined) : undefined,
    }
    const condition = matching(p)
    // With a search or filter: the first walk, then the lookup the call makes when walks find too few
    // (explained here from the page's cursor; the call starts it after the walked rows).
    const queries = condition
      ? [['walk', walkQuery(compiler, p, condition, WALK_FIRST, 51).compile()] as const, ['lookup', pageQuery(compiler, p).compile()] as const]
      : [['page', pageQuery(compiler, p).compile()] as const]
    for (const [part, compiled] of queries) {
      const { rows } = await db.query(`explain (analyze, buffers) ${compiled.sql}`, compiled.parameters as unknown[])
      out += `## ${label}: ${name} — ${part}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}\n\n`
    }
  }
  return out
}
