/**
 * The HTTP mirror's read rate against the socket's: the same authenticated reads (the same user,
 * key and records) with 64 calls in flight over one socket and over HTTP (POST /api/<op>, kept-alive
 * connections), in interleaved rounds; medians, and their ratio (goal on PostgreSQL: >= 0.8, issue 27).
 * The server runs with the HTTP budget shared as configured (on PostgreSQL: counted in the database),
 * set high enough that no call is refused. An unknown operation (no database) shows each transport's
 * own ceiling, and the benchmark's CPU per call shows what its client takes from the machine.
 *   npm run bench:http            (PGlite in a temporary folder)
 *   DATABASE_URL=... npm run bench:http
 */
import os from 'node:os'
import { startServer } from '../../spec/helpers/server'
import { workflowWithPhase } from '../../spec/helpers/workflows'
import { measure, open, openHttp, type Caller } from './calls'

const CALLS = Number(process.env.BENCH_CALLS ?? 3000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const IN_FLIGHT = 64
/** An operation that does not exist: parsed, looked up, answered 501 without the database; each transport's own ceiling. */
const NO_DATABASE = 'no.such.operation'

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

/** A signed-in user with a workspace, a workflow and an activity: the reads and their arguments. */
async function prepare(wsUrl: string) {
  const anon = await open(wsUrl)
  const email = `bench.${Date.now()}@example.test`
  const { result: user } = await anon.call('v2.user.register', [{ email, firstname: 'B', lastname: 'B', password: 'bench password' }])
  const { result: key } = await anon.call('login', [email, 'bench password'])
  anon.ws.close()
  const c = await open(wsUrl, key)
  const plain = { call: async (op: string, ...args: unknown[]) => ((await c.call(op, args)) as any).result }
  const { p, phase, teamId } = await workflowWithPhase(plain as any, 'Bench')
  const [activity] = await plain.call('v3.activity.createMany', p._id, [{ name: 'One', phaseId: phase }], { teamId })
  c.ws.close()
  return { key: key as string, reads: { 'v3.activity.get': [activity._id], 'v2.network.get': [user.cid], [NO_DATABASE]: [] } as Record<string, unknown[]> }
}

async function main() {
  const storage = process.env.DATABASE_URL ? 'postgresql' : 'pglite'
  const server = await startServer({ WS_MESSAGES_PER_SECOND: '1000000', HTTP_REQUESTS_PER_SECOND: '1000000' })
  const loadBefore = load()
  try {
    const { key, reads } = await prepare(server.wsUrl)
    const socket = await open(server.wsUrl, key)
    const transports: Record<'socket' | 'http', Caller> = { socket: socket.call, http: openHttp(server.url, key) }
    console.log(`storage: ${storage}; ${ROUNDS} interleaved rounds of ${CALLS} calls with ${IN_FLIGHT} in flight; load before: ${loadBefore}`)
    for (const [op, args] of Object.entries(reads)) {
      for (const call of Object.values(transports)) await measure(call, op, args, 500, IN_FLIGHT, op === NO_DATABASE) // warm up
      const rates = { socket: [] as number[], http: [] as number[] }
      // The benchmark's own CPU per call: on a small machine the client competes with the server.
      const clientUs = { socket: [] as number[], http: [] as number[] }
      for (let round = 0; round < ROUNDS; round++) {
        // Each round in the other order: neither transport always runs second on a warmer server.
        const order = round % 2 ? (['http', 'socket'] as const) : (['socket', 'http'] as const)
        for (const t of order) {
          const cpu = process.cpuUsage()
          rates[t].push(await measure(transports[t], op, args, CALLS, IN_FLIGHT, op === NO_DATABASE))
          const used = process.cpuUsage(cpu)
          clientUs[t].push((used.user + used.system) / CALLS)
        }
      }
      const [s, h] = [median(rates.socket), median(rates.http)]
      console.log(
        `${op}: socket ${s.toFixed(0)}/s, HTTP ${h.toFixed(0)}/s (medians); HTTP/socket ${(h / s).toFixed(2)}; ` +
          `client CPU per call: socket ${median(clientUs.socket).toFixed(0)} µs, HTTP ${median(clientUs.http).toFixed(0)} µs`,
      )
    }
    socket.ws.close()
  } finally {
    await server.stop()
  }
  console.log(`load average (1, 5, 15 min): before ${loadBefore}, after ${load()}`)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
