/**
 * Two workspaces: B's owner builds a workflow, a field, a team, an activity, a file and an invite;
 * A's owner then calls every built operation (from schemas/ops/, so new ones join by themselves)
 * with arguments generated from its schema whose every id is one of B's (also inside member ids
 * such as team_<id>). Nothing of B may come back: no reply holds one of B's ids the call did not
 * itself send, nor B's names or e-mail. Nothing of B may change: every row of every table that names
 * one of B's ids is the same before and after (read from the database itself, the server stopped
 * for PGlite's sake), so A also stored no reference to B. Only rate_limits changes legitimately
 * (its keys may name a guessed id). logout and v3.user.remove end the caller: they run last.
 * Seeded and bounded like the fuzz.
 */
import fc from 'fast-check'
import { operationSchemas, argumentsArbitrary, type IdPool } from '../helpers/schema-walk'
import { startServer, tempDataDir, type RunningServer } from '../helpers/server'
import { Client } from '../helpers/client'
import { openDatabase } from '../helpers/database'
import { signedIn, type SignedIn } from '../helpers/users'
import { newPhaseId } from '../helpers/workflows'
import { uploadOk, PNG_1x1 } from '../helpers/upload'

const SEED = Number(process.env.FUZZ_SEED ?? 20261122)
const RUNS = Number(process.env.FUZZ_RUNS ?? 12)
// Calls that end the caller's own session or account: after all the others.
const ENDS_THE_CALLER = ['logout', 'v3.user.remove']
// Rows that change legitimately whoever calls: guessing and pace counters keyed by what was guessed.
const CHANGING_TABLES = new Set(['rate_limits'])
// Columns whose ids are not references to records here: an optionlist property's options are labels
// (an option spelled like one of B's ids names nothing), an import job's options name workspaces of
// the other server, an invite's brandId is an opaque label (this server has no brands). A row is
// still compared whole when its other columns name B.
const NOT_REFERENCES: Record<string, string[]> = { property_fields: ['data'], transfer_jobs: ['options'], invites: ['brand_id'] }

jest.setTimeout(600_000)

const dataDir = tempDataDir()
// Its own server, without the per-connection rate limit: thousands of calls from one socket. The
// seeded logins guess at the same addresses every run, and failures per account are kept a day in
// the database: on a PostgreSQL kept between runs they would add up to a wait (429). The calls also
// start transfer jobs back to back, beyond the per-user cap of running jobs.
const start = () =>
  startServer({
    DATA_DIR: dataDir,
    WS_MESSAGES_PER_SECOND: '1000000',
    LOGIN_FREE_FAILURES_PER_ACCOUNT: '1000000',
    TRANSFER_JOBS_PER_USER: '1000',
    TRANSFER_JOBS_PER_SERVER: '1000',
  })
let server: RunningServer
let a: SignedIn
let bIds: Record<string, string>
/** Texts of B's records a reply must not hold either. */
let bTexts: string[]

/** Every row of every table that names one of B's ids, as JSON text, per table (the server stopped). */
async function rowsNamingB(): Promise<Record<string, string[]>> {
  const db = await openDatabase(dataDir)
  try {
    const tables = await db.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
    )
    const pattern = Object.values(bIds).join('|')
    const out: Record<string, string[]> = {}
    for (const { name } of tables) {
      if (CHANGING_TABLES.has(name) || name.startsWith('kysely_')) continue
      const rows = await db.query<{ row: string }>(`select to_jsonb(t)::text as row from "${name}" t where (to_jsonb(t) - $2::text[])::text ~ $1 order by 1`, [
        pattern,
        NOT_REFERENCES[name] ?? [],
      ])
      if (rows.length) out[name] = rows.map((r) => r.row)
    }
    return out
  } finally {
    await db.close()
  }
}

beforeAll(async () => {
  server = await start()
  a = await signedIn('crossa', server.wsUrl)
  const b = await signedIn('crossb', server.wsUrl)
  const phase = newPhaseId()
  const process = (await b.client.call('process.create', { name: 'B flow' }))._id
  await b.client.call('process.set_info', process, { phases: { [phase]: { name: 'Open' } }, phasesOrder: [phase] })
  const field = (await b.client.call('process.create_field', process, { label: 'b', type: 'text' }))._id
  const team = (await b.client.call('company.new_team', { name: 'B crew' }))._id
  const activity = await b.client.call('v3.activity.create', process, { name: 'B thing' }, { teamId: team })
  const file = await uploadOk(PNG_1x1, 'b.png', { key: b.key, url: server.url })
  const email = `cross.${phase}@example.test`
  const invite = (await b.client.call('v2.network.invite.send', { email, cid: b.cid }))._id
  bIds = { uid: b.uid, cid: b.cid, process, phase, field, team, activity: activity._id, discussion: activity.discussion, file, invite }
  bTexts = [b.email, email, 'B flow', 'B crew', 'B thing', 'b.png']
  await b.client.close()
  await a.client.close()
})
afterAll(() => server.stop())

/** A call on a session of its own, for those that end the caller's session or account; null when A can no longer sign in. */
async function alone(op: string, args: unknown[]) {
  const own = await Client.connect({ url: server.wsUrl })
  try {
    const signedIn = await own.send('login', [a.email, a.password])
    if (signedIn.error) return null
    return await own.send(op, args)
  } finally {
    await own.close()
  }
}

test(`every built operation called by A with B's ids (${RUNS} calls each, seed ${SEED}) returns nothing of B and changes no row naming B`, async () => {
  await server.stop()
  const before = await rowsNamingB()
  expect(Object.keys(before)).toEqual(expect.arrayContaining(['workspaces', 'users', 'processes', 'activities', 'files', 'invites', 'phase_ids']))
  server = await start()
  const client = await Client.connect({ url: server.wsUrl, key: a.key })
  const pool: IdPool = { ids: Object.values(bIds), only: true }
  const leaks: string[] = []
  const codes: Record<string, number> = {}
  let built = 0
  const ops = operationSchemas()
  const order = [...ops.filter((op) => !ENDS_THE_CALLER.includes(op.name)), ...ENDS_THE_CALLER.map((name) => ops.find((op) => op.name === name)!)]
  for (const op of order) {
    // Before the calls that end sessions: A is still signed in, the calls reached the operations.
    if (op.name === ENDS_THE_CALLER[0]) expect((await client.call('v3.session.get')).uid).toBe(a.uid)
    const probe = ENDS_THE_CALLER.includes(op.name) ? await alone(op.name, []) : await client.send(op.name, op.args.length ? [] : undefined)
    if (probe?.error?.code === 501) continue
    built++
    const samples = op.args.length ? fc.sample(argumentsArbitrary(op, pool), { seed: SEED + ops.indexOf(op), numRuns: RUNS }) : [[]]
    for (const args of samples) {
      const reply = ENDS_THE_CALLER.includes(op.name) ? await alone(op.name, args) : await client.send(op.name, args)
      if (!reply) break // A's account is gone
      const code = reply.error?.code ?? 200
      codes[code] = (codes[code] ?? 0) + 1
      if (!('result' in reply)) continue
      const sent = JSON.stringify(args)
      const text = JSON.stringify(reply.result) ?? ''
      const returned = [...Object.entries(bIds), ...bTexts.map((t) => [t, t])].filter(([, v]) => text.includes(v) && !sent.includes(v))
      if (returned.length) leaks.push(`${op.name}(${sent.slice(0, 300)}) returned B's ${returned.map(([k]) => k).join(', ')}`)
    }
  }
  await client.close()
  expect(built).toBeGreaterThan(100)
  expect(leaks).toEqual([])
  // A was never refused for its pace: the calls reached the operations.
  expect(codes[429]).toBeUndefined()
  await server.stop()
  const after = await rowsNamingB()
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)]))
    expect({ table, rows: after[table] ?? [] }).toEqual({ table, rows: before[table] ?? [] })
})
