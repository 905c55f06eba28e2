/**
 * The write gap of a PostgreSQL failover: a server on the multi-host DATABASE_URL of a pg_auto_failover
 * formation (monitor, primary, synchronous standby; scripts/ci/pg-failover.sh), writers creating teams
 * over sockets with idempotency keys (BENCH_FAILOVER_WRITERS, default 4) as fast as the server answers,
 * through BENCH_FAILOVER_ROUNDS (default 2) planned failovers (`pg_autoctl perform failover`) and as many
 * kill -9 of the primary's postmaster (pg_autoctl's keeper restarts it: crash recovery, no promotion).
 * Reported per event: the longest time without an acknowledged write from the event's start until the
 * formation is settled again plus 2 s, and whether every acknowledged write is stored.
 * The baseline is the longest time between two acknowledged writes in 5 s before each event.
 *   npm run bench:failover     (needs root or the postgres user, and Debian's postgresql-15-auto-failover)
 */
import os from 'node:os'
import { startFormation, storedTeams, Writers } from '../../spec/helpers/failover'
import { startServer } from '../../spec/helpers/server'
import { signedIn } from '../../spec/helpers/users'

const WRITERS = Number(process.env.BENCH_FAILOVER_WRITERS ?? 4)
const ROUNDS = Number(process.env.BENCH_FAILOVER_ROUNDS ?? 2)
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function main() {
  const formation = await startFormation()
  const server = await startServer({ DATABASE_URL: formation.url, DB_FAILOVER_WAIT_SECONDS: '60' }).catch(async (err) => {
    await formation.stop()
    throw err
  })
  try {
    const owner = await signedIn('bench', server.wsUrl)
    const writers = new Writers(server.wsUrl, owner.key)
    await writers.start(WRITERS, 0)
    const rows: string[] = []
    const events = Array.from({ length: ROUNDS }, () => ['planned', 'crash'] as const).flat()
    for (const kind of events) {
      await pause(5000)
      const start = performance.now()
      const baseline = writers.gap(start - 5000, start)
      const before = writers.acks.length
      const primaryBefore = await formation.primary()
      await (kind === 'planned' ? formation.failover() : formation.crash())
      const settled = performance.now()
      await pause(2000)
      const gap = writers.gap(start, performance.now())
      rows.push(
        `| ${kind} | ${primaryBefore} → ${await formation.primary()} | ${Math.round(gap)} | ${Math.round(baseline)} | ${((settled - start) / 1000).toFixed(1)} | ${writers.acks.length - before} |`,
      )
      console.log(rows.at(-1))
    }
    await writers.stop()
    const stored = new Set(await storedTeams(formation.url))
    const lost = writers.acks.filter((a) => !stored.has(a.id)).length
    console.log(`\n${WRITERS} writers with idempotency keys, load average ${os.loadavg()[0]!.toFixed(1)}`)
    console.log('| event | primary | write gap (ms) | baseline gap (ms) | until settled (s) | writes acknowledged meanwhile |')
    console.log('|---|---|---|---|---|---|')
    for (const row of rows) console.log(row)
    console.log(`acknowledged ${writers.acks.length}, stored ${writers.acks.length - lost}, lost ${lost}`)
    await writers.close()
    await owner.client.close()
    if (lost) process.exitCode = 1
  } finally {
    await server.stop()
    await formation.stop()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
