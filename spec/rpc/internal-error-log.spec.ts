/**
 * The log line of an internal error, end to end: the test gives its own database a CHECK constraint
 * that refuses one team name, calls company.new_team with that name, gets the 500, and reads the
 * server's own log line. It must name the operation, the SQLSTATE, the table, the column and the
 * argument path that held the refused value.
 */
import { randomBytes } from 'node:crypto'
import { startServer, tempDataDir, type RunningServer } from '../helpers/server'
import { Client } from '../helpers/client'
import { registerUser } from '../helpers/users'
import { onDatabase } from '../helpers/database'

jest.setTimeout(120_000)

const CONSTRAINT = `spec_refused_${randomBytes(4).toString('hex')}`
const REFUSED = `Refused by the check ${randomBytes(4).toString('hex')}`

let server: RunningServer | undefined
const dataDir = tempDataDir()
afterAll(async () => {
  await server?.stop()
  if (process.env.DATABASE_URL) await onDatabase(dataDir, `alter table teams drop constraint if exists ${CONSTRAINT}`)
})

test("a value the database refuses: a 500, and a log line naming the operation, SQLSTATE, table, column and the argument's path", async () => {
  // The first start makes the tables; the constraint goes in while the server is stopped (PGlite has one owner).
  server = await startServer({ DATA_DIR: dataDir })
  const user = await registerUser('logline', server.wsUrl)
  await server.stop()
  await onDatabase(dataDir, `alter table teams add constraint ${CONSTRAINT} check (name <> '${REFUSED}')`)
  server = await startServer({ DATA_DIR: dataDir })

  const client = await Client.connect({ url: server.wsUrl })
  try {
    await client.call('login', user.email, user.password)
    expect(await client.call('company.new_team', { name: 'Allowed' })).toMatchObject({ name: 'Allowed' })
    expect(await client.fail('company.new_team', { name: REFUSED, description: 'a team' })).toEqual({ code: 500, msg: 'internal error' })
  } finally {
    await client.close()
  }
  // The log line travels through the server's stdout pipe, which need not arrive before the reply's frame.
  const logged = () =>
    server!
      .output()
      .split('\n')
      .filter((l) => l.includes('"msg":"internal error"'))
      .map((l) => JSON.parse(l))
  for (let waited = 0; !logged().length && waited < 5_000; waited += 50) await new Promise((r) => setTimeout(r, 50))
  const lines = logged()
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatchObject({
    op: 'company.new_team',
    sqlstate: '23514',
    table: 'teams',
    column: 'name',
    constraint: CONSTRAINT,
    argumentPaths: ['team/name'],
  })
})
