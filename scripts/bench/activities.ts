/**
 * Activities at scale, in one run on one database:
 *  1. createMany of 10,000 activities with 10 fields, in calls of 1,000, through the server over one
 *     socket, against a plain multi-row INSERT (1,000 rows a statement) of the same rows into the same
 *     database's activities table. Prints the ratio of rates (goal: >= 0.5).
 *  2. v3.activity.count and phaseCount of the workspace when it holds 1,000 activities and when it
 *     holds 100,000 (the rest inserted directly, counts kept by the same upsert the server uses).
 *     Prints the ratio of times (goal: within 2x).
 *  3. v3.activity.updateMany of 1,000 activities (two fields each), through the server, against a
 *     plain multi-row UPDATE (UPDATE ... FROM VALUES) of the same rows. Median of BENCH_UPDATE_ROUNDS (5) rounds each, after
 *     one round each that is not counted (statements prepared, pages cached, as on a running server).
 * With PGlite (no DATABASE_URL) the server is stopped while the script writes the data folder
 * itself, and started again on it.
 *   npx tsx scripts/bench/activities.ts
 *   DATABASE_URL=... npx tsx scripts/bench/activities.ts
 */
import { ObjectId } from 'bson'
import { open, openDb, type Db } from './direct'
import { startServer, tempDataDir, type RunningServer } from '../../spec/helpers/server'
import { newPhaseId } from '../../spec/helpers/workflows'

const BATCH = 1000
const CREATE = Number(process.env.BENCH_CREATE ?? 10_000)
const BIG = Number(process.env.BENCH_BIG ?? 100_000)
const COUNT_CALLS = Number(process.env.BENCH_COUNT_CALLS ?? 300)
/** Rounds of updateMany and of the plain UPDATE, each: their times spread widely from round to round on a shared machine. */
const ROUNDS = Number(process.env.BENCH_UPDATE_ROUNDS ?? 5)

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/** One plain multi-row UPDATE setting two fields of each activity, as updateMany would store them. */
async function plainUpdate(db: Db, cid: string, ids: string[], fields: string[], round: number) {
  const params: unknown[] = [cid]
  const tuples = ids.map((id, i) => {
    params.push(id, JSON.stringify({ [fields[0]]: `plain ${round} ${i}`, [fields[1]]: round * 1000 + i }))
    return `($${params.length - 1}, $${params.length}::jsonb)`
  })
  await db.query(
    `update activities as a set fields = a.fields || v.f, updated = ${Date.now()} from (values ${tuples.join(', ')}) as v(_id, f) where a.cid = $1 and a._id = v._id`,
    params,
  )
}

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9

function fieldValues(fields: string[], i: number): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  fields.forEach((id, k) => (values[id] = k % 2 ? i * 10 + k : `value ${i} ${k}`))
  return values
}

/** Plain multi-row INSERTs of activity rows shaped like the server's. */
async function plainInsert(
  db: Db,
  w: { cid: string; uid: string; processId: string; teamId: string; fields: string[] },
  n: number,
  from: number,
  phase: (i: number) => string,
) {
  const cols = [
    'cid',
    '_id',
    'process_id',
    'uid',
    'name',
    'team_id',
    'current_phase',
    'complete_phases',
    'fields',
    'files',
    'sequence',
    'discussion_id',
    'created',
  ]
  for (let start = 0; start < n; start += BATCH) {
    const rows = Math.min(BATCH, n - start)
    const params: unknown[] = []
    const tuples: string[] = []
    for (let r = 0; r < rows; r++) {
      const i = from + start + r
      const base = params.length
      params.push(
        w.cid,
        new ObjectId().toHexString(),
        w.processId,
        w.uid,
        `Activity ${i}`,
        w.teamId,
        phase(i),
        '[]',
        JSON.stringify(fieldValues(w.fields, i)),
        '[]',
        i,
        new ObjectId().toHexString(),
        Date.now(),
      )
      tuples.push(`(${cols.map((_, c) => `$${base + c + 1}`).join(', ')})`)
    }
    await db.query(`insert into activities (${cols.join(', ')}) values ${tuples.join(', ')}`, params)
  }
}

async function timeCounts(call: (op: string, ...args: unknown[]) => Promise<any>) {
  for (let i = 0; i < 50; i++) await call('v3.activity.count')
  const s1 = process.hrtime.bigint()
  for (let i = 0; i < COUNT_CALLS; i++) await call('v3.activity.count')
  const count = (seconds(s1) / COUNT_CALLS) * 1000
  for (let i = 0; i < 50; i++) await call('v3.activity.phaseCount')
  const s2 = process.hrtime.bigint()
  for (let i = 0; i < COUNT_CALLS; i++) await call('v3.activity.phaseCount')
  const phaseCount = (seconds(s2) / COUNT_CALLS) * 1000
  return { count, phaseCount }
}

async function main() {
  const dataDir = tempDataDir()
  const env = { WS_MESSAGES_PER_SECOND: '1000000', WS_MAX_PAYLOAD_BYTES: String(16 * 1024 * 1024), DATA_DIR: dataDir }
  let server: RunningServer = await startServer(env)
  const anon = await open(server.wsUrl)
  const email = `bench.${Date.now()}@example.test`
  const { uid, cid } = await anon.call('v2.user.register', { email, firstname: 'B', lastname: 'B', password: 'bench password' })
  const key = await anon.call('login', email, 'bench password')
  anon.ws.close()
  let c = await open(server.wsUrl, key)
  const teamId = (await c.call('company.new_team', { name: 'Bench' }))._id
  const mk = async (name: string) => {
    const p = await c.call('process.create', { name })
    const fields: string[] = []
    for (let k = 0; k < 10; k++) fields.push((await c.call('process.create_field', p._id, { label: `f${k}`, type: k % 2 ? 'numeric' : 'text' }))._id)
    // Phase ids are unique across workflows: each workflow gets its own.
    const open = newPhaseId()
    const done = newPhaseId()
    await c.call('process.set_info', p._id, { phases: { [open]: { name: 'Open' }, [done]: { name: 'Done' } }, phasesOrder: [open, done] })
    return { cid, uid, processId: p._id as string, teamId, fields, open, done }
  }
  const small = await mk('Small')
  const big = await mk('Big')

  // 1,000 activities: the count baseline.
  const firstThousand = Array.from({ length: 1000 }, (_, i) => ({
    name: `Activity ${i}`,
    phaseId: i % 3 ? small.open : small.done,
    fields: fieldValues(small.fields, i),
  }))
  const created: { _id: string }[] = await c.call('v3.activity.createMany', small.processId, firstThousand, { teamId })
  const at1k = await timeCounts(c.call)

  // updateMany: the 1,000 activities, two fields each, a warm-up round and ROUNDS counted.
  const smallIds = created.map((a) => a._id)
  const updateRounds: number[] = []
  for (let round = 0; round <= ROUNDS; round++) {
    const updates = smallIds.map((_id, i) => ({ _id, fields: { [small.fields[0]]: `round ${round} ${i}`, [small.fields[1]]: round * 1000 + i } }))
    const u = process.hrtime.bigint()
    const changed = await c.call('v3.activity.updateMany', updates)
    if (round > 0) updateRounds.push(seconds(u))
    if (changed !== smallIds.length) throw new Error(`updateMany changed ${changed} of ${smallIds.length}`)
  }

  // createMany: 10,000 activities in calls of 1,000.
  const s = process.hrtime.bigint()
  for (let start = 0; start < CREATE; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, CREATE - start) }, (_, r) => ({
      name: `Activity ${start + r}`,
      fields: fieldValues(big.fields, start + r),
    }))
    await c.call('v3.activity.createMany', big.processId, batch, { teamId })
  }
  const rpcSeconds = seconds(s)
  const total = await c.call('v3.activity.count')
  c.ws.close()

  if (!process.env.DATABASE_URL) await server.stop()
  const db = await openDb(dataDir)
  const plainUpdateRounds: number[] = []
  for (let round = 0; round <= ROUNDS; round++) {
    const u = process.hrtime.bigint()
    await plainUpdate(db, cid, smallIds, small.fields, round)
    if (round > 0) plainUpdateRounds.push(seconds(u))
  }
  const p = process.hrtime.bigint()
  await plainInsert(db, big, CREATE, CREATE, () => big.open)
  const plainSeconds = seconds(p)
  await db.query(`update activity_phase_counts set count = count + $1 where cid = $2 and process_id = $3 and phase_id = $4`, [
    CREATE,
    cid,
    big.processId,
    big.open,
  ])
  // Up to BIG activities in the workspace.
  const rest = BIG - (1000 + 2 * CREATE)
  if (rest > 0) {
    await plainInsert(db, big, rest, 2 * CREATE, (i) => (i % 2 ? big.open : big.done))
    const rows = await db.query(
      `select current_phase, count(*)::int as n from activities where cid = $1 and process_id = $2 and sequence >= $3 group by current_phase`,
      [cid, big.processId, 2 * CREATE],
    )
    for (const r of rows.rows) {
      await db.query(
        `insert into activity_phase_counts (cid, process_id, phase_id, count) values ($1, $2, $3, $4)
         on conflict (cid, process_id, phase_id) do update set count = activity_phase_counts.count + excluded.count`,
        [cid, big.processId, r.current_phase, r.n],
      )
    }
  }
  await db.query('analyze')
  await db.close()

  if (!process.env.DATABASE_URL) server = await startServer(env)
  c = await open(server.wsUrl, key)
  const after = await c.call('v3.activity.count')
  const active = Object.values(after as Record<string, number>).reduce((a, b) => a + b, 0)
  const at100k = await timeCounts(c.call)
  c.ws.close()
  await server.stop()

  const storage = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'
  const rpcRate = CREATE / rpcSeconds
  const plainRate = CREATE / plainSeconds
  console.log(JSON.stringify({ storage, createdThroughServer: total, activitiesAtEnd: active }))
  console.log(`createMany ${CREATE} activities x 10 fields in calls of ${BATCH}: ${rpcSeconds.toFixed(2)} s (${Math.round(rpcRate)}/s)`)
  console.log(`plain multi-row INSERT of the same rows:            ${plainSeconds.toFixed(2)} s (${Math.round(plainRate)}/s)`)
  console.log(`ratio: ${(rpcRate / plainRate).toFixed(2)} (goal >= 0.5)`)
  console.log(
    `v3.activity.count      at 1,000: ${at1k.count.toFixed(2)} ms, at ${active.toLocaleString('en')}: ${at100k.count.toFixed(2)} ms, ratio ${(at100k.count / at1k.count).toFixed(2)} (goal <= 2)`,
  )
  const updateMany = median(updateRounds)
  const plainUpdateSeconds = median(plainUpdateRounds)
  console.log(
    `updateMany of ${smallIds.length} activities (2 fields each), median of ${ROUNDS}: ${(updateMany * 1000).toFixed(0)} ms (rounds ${updateRounds.map((x) => (x * 1000).toFixed(0)).join(', ')})`,
  )
  console.log(
    `plain multi-row UPDATE of the same rows, median of ${ROUNDS}:    ${(plainUpdateSeconds * 1000).toFixed(0)} ms; ratio ${(plainUpdateSeconds / updateMany).toFixed(2)} of the plain rate`,
  )
  console.log(
    `v3.activity.phaseCount at 1,000: ${at1k.phaseCount.toFixed(2)} ms, at ${active.toLocaleString('en')}: ${at100k.phaseCount.toFixed(2)} ms, ratio ${(at100k.phaseCount / at1k.phaseCount).toFixed(2)} (goal <= 2)`,
  )
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
