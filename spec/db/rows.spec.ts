/**
 * Many rows as one JSON parameter (server/db/rows.ts `rowsTable`): every column type reads back as
 * the value given, a missing key and a JSON null are SQL null whatever the type, and the rows keep
 * the order given.
 */
import { sql } from 'kysely'
import { rowsTable } from '../../server/db/rows'
import { inProcessDb } from './in-process'

const db = inProcessDb()

const TYPES = { t: 'text', a: 'text[]', b: 'bigint', i: 'integer', f: 'boolean', j: 'jsonb' } as const

/** The rows as PostgreSQL reads them, each column as text (its type's output) beside its type's name. */
async function readBack(rows: Record<string, unknown>[]) {
  const { rows: read } = await sql<Record<string, string | null>>`select
      r.t, pg_typeof(r.t)::text as tt, r.a::text as a, pg_typeof(r.a)::text as at, r.b::text as b, pg_typeof(r.b)::text as bt,
      r.i::text as i, pg_typeof(r.i)::text as it, r.f::text as f, pg_typeof(r.f)::text as ft, r.j::text as j, pg_typeof(r.j)::text as jt
    from ${rowsTable('r', TYPES, rows as Record<keyof typeof TYPES, unknown>[])}`.execute(db().kysely)
  return read
}

test('each column type reads back as given, in the order given', async () => {
  const read = await readBack([
    { t: "it's", a: ['x', 'y,z', '"q"'], b: 1_700_000_000_000, i: -7, f: true, j: { k: [1, null, 'v'] } },
    { t: 'ü 😀', a: [], b: 0, i: 2147483647, f: false, j: 'text' },
    { t: '2', a: ['one'], b: 5, i: 1, f: true, j: [1, 2] },
  ])
  expect(read).toEqual([
    {
      t: "it's",
      tt: 'text',
      a: '{x,"y,z","\\"q\\""}',
      at: 'text[]',
      b: '1700000000000',
      bt: 'bigint',
      i: '-7',
      it: 'integer',
      f: 'true',
      ft: 'boolean',
      j: '{"k": [1, null, "v"]}',
      jt: 'jsonb',
    },
    { t: 'ü 😀', tt: 'text', a: '{}', at: 'text[]', b: '0', bt: 'bigint', i: '2147483647', it: 'integer', f: 'false', ft: 'boolean', j: '"text"', jt: 'jsonb' },
    { t: '2', tt: 'text', a: '{one}', at: 'text[]', b: '5', bt: 'bigint', i: '1', it: 'integer', f: 'true', ft: 'boolean', j: '[1, 2]', jt: 'jsonb' },
  ])
})

test('a missing key and a JSON null are SQL null, whatever the type', async () => {
  const nulls = { t: null, a: null, b: null, i: null, f: null, j: null }
  const expected = { t: null, tt: 'text', a: null, at: 'text[]', b: null, bt: 'bigint', i: null, it: 'integer', f: null, ft: 'boolean', j: null, jt: 'jsonb' }
  expect(await readBack([nulls, {}])).toEqual([expected, expected])
})

test('no rows is an empty table', async () => {
  expect(await readBack([])).toEqual([])
})
