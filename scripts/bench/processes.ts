/**
 * Three server processes on one PostgreSQL behind HAProxy (deploy/haproxy.cfg), measured in one run:
 *  1. fan-out lag: BENCH_SOCKETS signed-in sockets through HAProxy (spread over the processes); a
 *     team created through process s1, BENCH_ROUNDS times; the lag is from the call to each socket's
 *     arrival: p50, p99 and max for the sockets on s1 and for those on the other two (the event
 *     log's wake-up travels through NOTIFY to them), against the same call's reply time;
 *  2. reconnection: s3 killed (SIGKILL); the time until every socket it held is open again through
 *     HAProxy and its resume answered;
 *  3. events per second on one primary: the sockets closed, BENCH_WRITERS sockets (spread over the
 *     two processes left) create teams as fast as they are answered for BENCH_SECONDS; each call
 *     commits one event-log row under the log's write lock. Its floor, in the same run: as many
 *     connections committing transactions that take the same kind of lock and insert one row into
 *     a scratch table shaped like the log, straight through node-postgres.
 *   DATABASE_URL=postgres://… npm run bench:processes     (PostgreSQL only; needs /usr/sbin/haproxy)
 */
import pg from 'pg'
import { Client } from '../../spec/helpers/client'
import { startHaproxy, Tab } from '../../spec/helpers/haproxy'
import { startServer } from '../../spec/helpers/server'
import { registerUser } from '../../spec/helpers/users'

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 3000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20)
const WRITERS = Number(process.env.BENCH_WRITERS ?? 32)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!
const summary = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(0)} ms, p99 ${percentile(xs, 99).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`

async function until(what: string, done: () => boolean, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`still waiting: ${what}`)
    await pause(5)
  }
}

/** Transactions per second that take one advisory lock just before inserting one log-shaped row, as event-log.ts does, WRITERS at a time. */
async function orderedCommitsPerSecond(databaseUrl: string): Promise<number> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: WRITERS })
  const table = `bench_event_log_${process.pid}`
  await pool.query(`create table ${table} (seq bigint primary key, created bigint not null, topics text[] not null, sig text not null, meta jsonb not null)`)
  try {
    let commits = 0
    const end = performance.now() + SECONDS * 1000
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        const client = await pool.connect()
        try {
          while (performance.now() < end) {
            await client.query('begin')
            await client.query('select pg_advisory_xact_lock(7340002)')
            await client.query(`insert into ${table} select coalesce(max(seq), 0) + 1, $1, $2, 'company.team.created', $3 from ${table}`, [
              Date.now(),
              ['workspace:bench'],
              { _id: 'x' },
            ])
            await client.query('commit')
            commits++
          }
        } finally {
          client.release()
        }
      }),
    )
    return commits / SECONDS
  } finally {
    await pool.query(`drop table ${table}`)
    await pool.end()
  }
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('bench:processes needs DATABASE_URL: three processes share one PostgreSQL')
  const env = { WS_MESSAGES_PER_SECOND: '1000000' }
  const servers = await Promise.all([startServer(env, 180_000), startServer(env, 180_000), startServer(env, 180_000)])
  const haproxy = await startHaproxy(servers.map((s) => s.url))
  const tabs: Tab[] = []
  try {
    const owner = await registerUser('bench', haproxy.wsUrl)
    const signIn = await Client.connect({ url: haproxy.wsUrl })
    const key: string = await signIn.call('login', owner.email, owner.password)
    await signIn.close()

    for (let i = 0; i < SOCKETS; i += 250) {
      const batch = Array.from({ length: Math.min(250, SOCKETS - i) }, () => new Tab(haproxy.wsUrl, key))
      tabs.push(...batch)
      await Promise.all(batch.map((t) => t.open()))
    }
    const spread = ['s1', 's2', 's3'].map((s) => `${s} ${tabs.filter((t) => t.servedBy === s).length}`).join(', ')

    // 1. fan-out lag
    const writer = await Client.connect({ url: servers[0]!.wsUrl, key })
    const lagSame: number[] = []
    const lagOthers: number[] = []
    const replies: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const start = performance.now()
      const { _id } = await writer.call('company.new_team', { name: `round ${round}` })
      replies.push(performance.now() - start)
      await until(`round ${round} heard everywhere`, () => tabs.every((t) => t.heardAt.has(_id)))
      for (const t of tabs) (t.servedBy === 's1' ? lagSame : lagOthers).push(t.heardAt.get(_id)! - start)
      await pause(100)
    }
    await writer.close()

    // 2. reconnection after a kill
    const victims = tabs.filter((t) => t.servedBy === 's3')
    const killed = performance.now()
    servers[2]!.child.kill('SIGKILL')
    await until('the killed process’s sockets resumed elsewhere', () => victims.every((t) => t.resumedAt > killed))
    const back = victims.map((t) => t.resumedAt - killed)

    // 3. events per second on one primary
    for (const t of tabs) t.close()
    const writers = await Promise.all(Array.from({ length: WRITERS }, (_, i) => Client.connect({ url: servers[i % 2]!.wsUrl, key })))
    let events = 0
    const end = performance.now() + SECONDS * 1000
    await Promise.all(
      writers.map(async (w, i) => {
        for (let n = 0; performance.now() < end; n++) {
          await w.call('company.new_team', { name: `load ${i}.${n}` })
          events++
        }
      }),
    )
    await Promise.all(writers.map((w) => w.close()))

    const floor = await orderedCommitsPerSecond(process.env.DATABASE_URL)

    console.log(`3 processes behind HAProxy on one PostgreSQL; ${SOCKETS} sockets (${spread}); ${new Date().toISOString().slice(0, 10)}`)
    console.log(`fan-out, ${ROUNDS} teams created through s1: reply ${summary(replies)}`)
    console.log(`  sockets on s1:       ${summary(lagSame)}`)
    console.log(`  sockets on s2 and s3: ${summary(lagOthers)}`)
    console.log(`s3 killed: its ${victims.length} sockets back and resumed through HAProxy: ${summary(back)}`)
    console.log(
      `events on one primary, ${SECONDS} s each: ${WRITERS} writers over s1 and s2 ${(events / SECONDS).toFixed(0)} team creations/s (one event each); ` +
        `floor, ${WRITERS} connections committing one locked insert each ${floor.toFixed(0)}/s; ratio ${(events / SECONDS / floor).toFixed(2)}`,
    )
  } finally {
    for (const t of tabs) t.close()
    await haproxy.stop()
    await Promise.all(servers.map((s) => s.stop()))
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
