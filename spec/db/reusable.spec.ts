/**
 * Queries built once and run with each call's values (server/db/reusable.ts): each run answers for
 * its own values though the query is built only the first time, and a value that would end up in the
 * statement's text instead of a parameter (where the first caller's value would serve every later
 * caller) is refused.
 */
import { sql } from 'kysely'
import { runReusable } from '../../server/db/reusable'
import { inProcessDb } from './in-process'

const db = inProcessDb()

test('each run answers for its own values; the query is built the first time only', async () => {
  let built = 0
  const greet = (name: string, ids: string[]) =>
    runReusable(db().kysely, 'spec greet', { name, ids }, (slots) => {
      built++
      return db().kysely.selectNoFrom([sql<string>`'hello ' || ${slots.name}::text`.as('greeting'), sql<number>`cardinality(${slots.ids}::text[])`.as('count')])
    })
  expect(await greet('Ada', ['a'])).toEqual([{ greeting: 'hello Ada', count: 1 }])
  expect(await greet('Grace', ['a', 'b', 'c'])).toEqual([{ greeting: 'hello Grace', count: 3 }])
  expect(built).toBe(1)
  // Another key is another query, built for itself.
  const [other] = await runReusable(db().kysely, 'spec greet twice', { name: 'Ada' }, (slots) => {
    built++
    return db().kysely.selectNoFrom(sql<string>`${slots.name}::text || ${slots.name}::text`.as('twice'))
  })
  expect(other).toEqual({ twice: 'AdaAda' })
  expect(built).toBe(2)
})

test('a value that would be written into the text instead of a parameter is refused', async () => {
  const run = (name: string) =>
    runReusable(db().kysely, 'spec in the text', { name }, (slots) => db().kysely.selectNoFrom(sql.lit(String(slots.name)).as('name')))
  await expect(run('Ada')).rejects.toThrow('reusable query spec in the text: name did not become parameters')
  // Refused every time, not kept after the first refusal.
  await expect(run('Grace')).rejects.toThrow('did not become parameters')
})
