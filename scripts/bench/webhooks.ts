/**
 * Outbound webhooks, in one run on one database, against a fast receiver on loopback (a bare
 * node:http server in a process of its own, answering 204 at once):
 *  - throughput: a backlog of BENCH_WEBHOOK_EVENTS activity updates (written with the webhook
 *    disabled), then enabled: events per second from enabling to the last receipt;
 *  - lag: while activities are written at BENCH_LAG_RATE a second (updateMany of 100 every
 *    100 ms, for BENCH_LAG_SECONDS), from each event's commit (its event log row's `created`, taken
 *    just before COMMIT) to its receipt: p50 and p99;
 *  - the write path's cost: BENCH_WRITE_ROUNDS calls of updateMany of 100 activities, one after
 *    another, with 0, 1 and 10 webhooks delivering meanwhile (same process, same receiver), in
 *    BENCH_WRITE_BLOCKS interleaved blocks (fresh webhooks each block, their deliveries awaited
 *    before the next), printed as a ratio to 0 (goal: under 1.10 with 10).
 * With PGlite (no DATABASE_URL) the server is stopped before the event log is read for the lag.
 * BENCH_DELIVERY_NICE=10 (PostgreSQL only): the calls' server runs with DELIVER_EVENTS=false and a
 * second server process on the same database delivers, at that nice value (docs/deploy.md).
 *   npx tsx scripts/bench/webhooks.ts
 *   DATABASE_URL=... npx tsx scripts/bench/webhooks.ts
 */
import { spawn } from 'node:child_process'
import os from 'node:os'
import { ObjectId } from 'bson'
import { open, openDb } from './direct'
import { startServer, tempDataDir } from '../../spec/helpers/server'

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 5000)
const LAG_RATE = Number(process.env.BENCH_LAG_RATE ?? 1000)
const LAG_SECONDS = Number(process.env.BENCH_LAG_SECONDS ?? 10)
const WRITE_ROUNDS = Number(process.env.BENCH_WRITE_ROUNDS ?? 40)
const WRITE_BLOCKS = Number(process.env.BENCH_WRITE_BLOCKS ?? 5)
const BATCH = 100
/** The nice value of a delivering process of its own; unset: the calls' server delivers. */
const DELIVERY_NICE = process.env.BENCH_DELIVERY_NICE

/**
 * The receiver, in a process of its own: what it spends on each request is the receiver's, not the
 * write path's (on the client's thread it would delay the client reading its replies). It keeps
 * when each webhook-id first arrived, per path, and answers the benchmark's questions over IPC.
 */
const RECEIVER = `
const http = require('node:http')
const arrived = new Map()
const server = http.createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    const at = Date.now()
    const path = req.url ?? ''
    const ids = arrived.get(path) ?? new Map()
    arrived.set(path, ids)
    const id = Number(req.headers['webhook-id'])
    if (!ids.has(id)) ids.set(id, at)
    res.writeHead(204).end()
  })
})
server.keepAliveTimeout = 5000
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }))
process.on('message', ({ ask, path }) => {
  if (ask === 'counts') process.send({ counts: Object.fromEntries([...arrived].map(([p, ids]) => [p, ids.size])) })
  if (ask === 'arrived') process.send({ arrived: [...(arrived.get(path) ?? new Map())] })
  if (ask === 'close') server.close(() => process.send({ closed: true }))
})
`

async function receiver() {
  // A process of its own at the lowest priority: on this machine's two cores a receiver elsewhere is
  // approximated by one that only takes the CPU the server, the database and the client leave.
  const child = spawn('nice', ['-n', '19', process.execPath, '-e', RECEIVER], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const answer = <T>(ask: Record<string, unknown>, key: string) =>
    new Promise<T>((resolve) => {
      const on = (m: Record<string, T>) => {
        if (!(key in m)) return
        child.off('message', on)
        resolve(m[key])
      }
      child.on('message', on)
      if (Object.keys(ask).length) child.send(ask)
    })
  const port = await answer<number>({}, 'port')
  const url = `http://127.0.0.1:${port}`
  /** Waits until every path has at least its count. */
  const until = async (wanted: Record<string, number>, timeoutMs = 600_000) => {
    const end = Date.now() + timeoutMs
    for (;;) {
      const counts = await answer<Record<string, number>>({ ask: 'counts' }, 'counts')
      if (Object.entries(wanted).every(([path, n]) => (counts[path] ?? 0) >= n)) return
      if (Date.now() > end) throw new Error('the receiver did not get every event')
      await new Promise((r) => setTimeout(r, 5))
    }
  }
  const arrived = async (path: string) => new Map(await answer<[number, number][]>({ ask: 'arrived', path }, 'arrived'))
  const close = async () => {
    await answer({ ask: 'close' }, 'closed')
    child.kill()
  }
  return { url, until, arrived, close }
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

async function main() {
  const dataDir = tempDataDir()
  const r = await receiver()
  const env = { WS_MESSAGES_PER_SECOND: '1000000', DATA_DIR: dataDir, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' }
  const server = await startServer(DELIVERY_NICE ? { ...env, DELIVER_EVENTS: 'false' } : env)
  const deliverer = DELIVERY_NICE ? await startServer({ ...env, DATA_DIR: tempDataDir() }) : null
  if (deliverer) os.setPriority(deliverer.child.pid!, Number(DELIVERY_NICE))
  const anon = await open(server.wsUrl)
  const email = `bench.webhooks.${Date.now()}@example.test`
  const { cid } = await anon.call('v2.user.register', { email, firstname: 'Bench', lastname: 'Webhooks', password: 'bench password' })
  const key = await anon.call('login', email, 'bench password')
  anon.ws.close()
  const c = await open(server.wsUrl, key)
  const teamId = (await c.call('company.new_team', { name: 'T' }))._id
  const p = await c.call('process.create', { name: 'Bench' })
  const phase = new ObjectId().toHexString()
  await c.call('process.set_info', p._id, { phases: { [phase]: { name: 'Open' } }, phasesOrder: [phase] })
  const ids: string[] = []
  for (let i = 0; i < 1000; i += BATCH) {
    const made = await c.call(
      'v3.activity.createMany',
      p._id,
      Array.from({ length: BATCH }, (_, j) => ({ name: `A${i + j}` })),
      { teamId },
    )
    ids.push(...made.map((a: { _id: string }) => a._id))
  }
  let round = 0
  /** updateMany of the next 100 activities (1,000 in turn): 100 events. */
  const write = () => {
    const from = (round++ * BATCH) % ids.length
    return c.call(
      'v3.activity.updateMany',
      ids.slice(from, from + BATCH).map((_id) => ({ _id, name: `round ${round}` })),
    )
  }
  const hook = async (path: string) => (await c.call('v3.webhook.create', cid, { url: `${r.url}${path}`, processIds: [p._id] }))._id as string

  // Throughput: a backlog, then enabled.
  const backlogHook = await hook('/throughput')
  await c.call('v3.webhook.update', backlogHook, { enabled: false })
  for (let n = 0; n < EVENTS; n += BATCH) await write()
  const started = Date.now()
  await c.call('v3.webhook.update', backlogHook, { enabled: true })
  await r.until({ '/throughput': EVENTS })
  const throughput = EVENTS / ((Date.now() - started) / 1000)
  await c.call('v3.webhook.remove', backlogHook)

  // Lag while writing LAG_RATE activities a second.
  const lagHook = await hook('/lag')
  const lagStart = Date.now()
  const calls: Promise<unknown>[] = []
  const perTick = Math.max(1, Math.round(LAG_RATE / 10 / BATCH))
  for (let t = 0; t < LAG_SECONDS * 10; t++) {
    for (let k = 0; k < perTick; k++) calls.push(write())
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, lagStart + (t + 1) * 100 - Date.now())))
  }
  await Promise.all(calls)
  const written = calls.length * BATCH
  const achieved = written / ((Date.now() - lagStart) / 1000)
  await r.until({ '/lag': written })
  await c.call('v3.webhook.remove', lagHook)

  // The write path with 0, 1 and 10 webhooks delivering, in interleaved blocks (0, 1, 10, 0, 1, 10,
  // ...): the tables and the event log grow and age as the run goes on, and each count meets that
  // equally (measured one count after the other, the last count paid for all the ageing).
  const timeWrites = async (rounds: number) => {
    const s = performance.now()
    for (let i = 0; i < rounds; i++) await write()
    return performance.now() - s
  }
  await timeWrites(WRITE_ROUNDS / 4) // warm
  const spent: Record<number, number> = { 0: 0, 1: 0, 10: 0 }
  const perBlock = Math.ceil(WRITE_ROUNDS / WRITE_BLOCKS)
  for (let block = 0; block < WRITE_BLOCKS; block++) {
    for (const n of [0, 1, 10]) {
      const paths = Array.from({ length: n }, (_, i) => `/cost-${block}-${n}-${i}`)
      const hooks: string[] = []
      for (const path of paths) hooks.push(await hook(path))
      spent[n] += await timeWrites(perBlock)
      await r.until(Object.fromEntries(paths.map((path) => [path, perBlock * BATCH])))
      for (const h of hooks) await c.call('v3.webhook.remove', h)
    }
  }
  const costs = Object.fromEntries(Object.entries(spent).map(([n, ms]) => [n, ms / (perBlock * WRITE_BLOCKS)]))
  const none = costs[0]
  c.ws.close()

  // Commit times of the lag run's events, from the event log.
  if (!process.env.DATABASE_URL) await server.stop()
  const db = await openDb(dataDir)
  const lagArrived = await r.arrived('/lag')
  const lagIds = [...lagArrived.keys()]
  const { rows } = await db.query('select seq, created from event_log where seq = any($1::bigint[])', [lagIds])
  await db.close()
  const lags = rows.map((row) => lagArrived.get(Number(row.seq))! - Number(row.created)).sort((a, b) => a - b)
  if (process.env.DATABASE_URL) await server.stop()
  await deliverer?.stop()
  await r.close()

  const storage = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'
  console.log(
    JSON.stringify({
      storage,
      events: EVENTS,
      lagSeconds: LAG_SECONDS,
      writeRounds: WRITE_ROUNDS,
      writeBlocks: WRITE_BLOCKS,
      deliveryNice: DELIVERY_NICE ?? null,
    }),
  )
  console.log(`throughput to one receiver: ${Math.round(throughput)} events/s (${EVENTS} events of a backlog)`)
  console.log(
    `lag commit -> receipt while writing ${Math.round(achieved)} activities/s (asked ${LAG_RATE}): p50 ${pct(lags, 50)} ms, p99 ${pct(lags, 99)} ms (${lags.length} events)`,
  )
  console.log(
    `write path, updateMany of ${BATCH}: 0 webhooks ${none.toFixed(1)} ms, 1 webhook ${costs[1].toFixed(1)} ms (ratio ${(costs[1] / none).toFixed(2)}), 10 webhooks ${costs[10].toFixed(1)} ms (ratio ${(costs[10] / none).toFixed(2)}; goal < 1.10)`,
  )
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
