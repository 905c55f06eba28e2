/**
 * The cost of DB_NAMED_STATEMENTS=false, measured in one run on one PostgreSQL database: the same
 * authenticated reads as bench:rpc (v2.network.get, v2.process.get, v3.activity.get), one call at a
 * time and 256 in flight, on three server processes running at once:
 *  - named: DATABASE_URL straight to PostgreSQL, short data statements named (the default);
 *  - unnamed: the same, DB_NAMED_STATEMENTS=false;
 *  - pgbouncer: DATABASE_URL through BENCH_PGBOUNCER_URL (PgBouncer in transaction mode in front of
 *    the same database, e.g. deploy/pgbouncer.ini), DB_NAMED_STATEMENTS=false, DATABASE_DIRECT_URL
 *    the database itself.
 * The three are measured one after another within each round, so a slow moment of the shared
 * machine hits one round of each rather than one variant. Printed: each variant's best rate of
 * BENCH_ROUNDS, and its ratio against named as the median of the rounds' ratios (a round's ratio
 * compares runs seconds apart, which the machine's load moves less than it moves best rates).
 *   DATABASE_URL=postgres://… BENCH_PGBOUNCER_URL=postgres://…:6432/… npm run bench:pooler
 */
import { startServer, type RunningServer } from '../../spec/helpers/server'
import { workflowWithPhase } from '../../spec/helpers/workflows'
import { measure, open } from './calls'

const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 500)
const PIPELINED = Number(process.env.BENCH_PIPELINED ?? 3000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const IN_FLIGHT = 256
const OPERATIONS = ['v2.network.get', 'v2.process.get', 'v3.activity.get'] as const

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

async function main() {
  const direct = process.env.DATABASE_URL
  if (!direct) throw new Error('bench:pooler needs DATABASE_URL (a PostgreSQL database)')
  const bouncer = process.env.BENCH_PGBOUNCER_URL
  const common = { WS_MESSAGES_PER_SECOND: '1000000' }
  const variants: Record<string, Record<string, string>> = {
    named: { ...common, DB_NAMED_STATEMENTS: 'true' },
    unnamed: { ...common, DB_NAMED_STATEMENTS: 'false' },
    ...(bouncer ? { pgbouncer: { ...common, DATABASE_URL: bouncer, DATABASE_DIRECT_URL: direct, DB_NAMED_STATEMENTS: 'false' } } : {}),
  }
  const servers: Record<string, RunningServer> = {}
  try {
    for (const [name, env] of Object.entries(variants)) servers[name] = await startServer(env, 180_000)
    const first = servers.named!
    const anon = await open(first.wsUrl)
    const email = `bench.${Date.now()}@example.test`
    const { result: user } = await anon.call('v2.user.register', [{ email, firstname: 'B', lastname: 'B', password: 'bench password' }])
    const { result: key } = await anon.call('login', [email, 'bench password'])
    anon.ws.close()
    const owner = await open(first.wsUrl, key)
    const plain = { call: async (op: string, ...args: unknown[]) => ((await owner.call(op, args)) as any).result }
    const { p, phase, teamId } = await workflowWithPhase(plain as any, 'Bench')
    const [activity] = await plain.call('v3.activity.createMany', p._id, [{ name: 'One', phaseId: phase }], { teamId })
    owner.ws.close()
    const args: Record<(typeof OPERATIONS)[number], unknown[]> = {
      'v2.network.get': [user.cid],
      'v2.process.get': [p._id],
      'v3.activity.get': [activity._id],
    }

    const sockets = Object.fromEntries(await Promise.all(Object.entries(servers).map(async ([name, s]) => [name, await open(s.wsUrl, key)] as const)))
    /** Per operation and variant, the rate of each round. */
    const rates: Record<string, Record<string, { seq: number[]; par: number[] }>> = {}
    for (const op of OPERATIONS) {
      rates[op] = {}
      for (const name of Object.keys(servers)) await measure(sockets[name]!.call, op, args[op], 500, 16) // warm up
      for (let round = 0; round < ROUNDS; round++) {
        for (const name of Object.keys(servers)) {
          const runs = (rates[op][name] ??= { seq: [], par: [] })
          runs.seq.push(await measure(sockets[name]!.call, op, args[op], SEQUENTIAL, 1))
          runs.par.push(await measure(sockets[name]!.call, op, args[op], PIPELINED, IN_FLIGHT))
        }
      }
    }
    for (const s of Object.values(sockets)) s.ws.close()

    const rate = (n: number) => `${n.toFixed(0).padStart(6)}/s`
    console.log(
      `${new Date().toISOString().slice(0, 10)}: ${ROUNDS} rounds of ${SEQUENTIAL} calls one at a time and of ${PIPELINED} with ${IN_FLIGHT} in flight; best rate (median ratio to named)`,
    )
    if (!bouncer) console.log('(no BENCH_PGBOUNCER_URL: named and unnamed only)')
    for (const op of OPERATIONS) {
      console.log(op)
      for (const [label, mode] of [
        ['one at a time', 'seq'],
        [`${IN_FLIGHT} in flight`, 'par'],
      ] as const) {
        const named = rates[op]!.named![mode]
        const others = Object.keys(servers)
          .filter((name) => name !== 'named')
          .map((name) => {
            const runs = rates[op]![name]![mode]
            const ratio = median(runs.map((r, round) => r / named[round]!))
            return `${name} ${rate(Math.max(...runs))} (${ratio.toFixed(2)})`
          })
        console.log(`  ${label.padEnd(14)} named ${rate(Math.max(...named))}, ${others.join(', ')}`)
      }
    }
  } finally {
    await Promise.all(Object.values(servers).map((s) => s.stop()))
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
