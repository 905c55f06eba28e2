/**
 * Is an idle server idle? Starts the server, gives it a little of everything that has background
 * work (`busyWorkspace`, spec/helpers/idle.ts: a workflow with a function field, an activity, a post
 * on the wall and one scheduled), lets it settle, then counts the database statements it issues over
 * BENCH_IDLE_SECONDS (default 20) with nobody connected. Goal: under 1 a second.
 *
 * Statements are counted with DB_STATEMENT_LOG (every statement through the server's query
 * builder: all of its own, not the bus's NOTIFY or LISTEN on PostgreSQL). Prints the rate and the
 * statements by their first words.
 *
 * BENCH_BASELINE_DIR: a checkout of other code (a git worktree of the commit before a change, with
 * node_modules) measured the same way in the same run, for comparison.
 *   npm run bench:idle
 *   DATABASE_URL=postgres://... BENCH_BASELINE_DIR=/path/to/checkout npm run bench:idle
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { startServer } from '../../spec/helpers/server'
import { busyWorkspace } from '../../spec/helpers/idle'

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 20)
/** Time for what the setup started (function values, signals) to finish before counting. */
const SETTLE_MS = 3000

const lines = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [])

/** Measures the code of the checkout `root` (default this one), started by that checkout's own test helper. */
async function measure(label: string, root?: string) {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'idle-')), 'statements.jsonl')
  const start: typeof startServer = root ? (await import(path.resolve(root, 'spec/helpers/server.ts'))).startServer : startServer
  const server = await start({ DB_STATEMENT_LOG: log, DATABASE_URL: process.env.DATABASE_URL ?? '' }, 60_000, { cwd: root })
  try {
    await busyWorkspace(server.wsUrl)
    await sleep(SETTLE_MS)
    const from = lines(log).length
    await sleep(IDLE_SECONDS * 1000)
    const during = lines(log).slice(from)
    const kinds = new Map<string, number>()
    for (const line of during) {
      const words = (JSON.parse(line) as { sql: string }).sql.replace(/\s+/g, ' ').trim().split(' ').slice(0, 6).join(' ')
      kinds.set(words, (kinds.get(words) ?? 0) + 1)
    }
    console.log(`${label}: ${during.length} statements in ${IDLE_SECONDS} s idle, ${(during.length / IDLE_SECONDS).toFixed(2)} a second`)
    for (const [words, n] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(5)}  ${words}`)
    return during.length / IDLE_SECONDS
  } finally {
    await server.stop()
  }
}

async function main() {
  console.log(`engine: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`)
  const now = await measure('this code')
  if (process.env.BENCH_BASELINE_DIR) {
    const before = await measure(`baseline (${process.env.BENCH_BASELINE_DIR})`, process.env.BENCH_BASELINE_DIR)
    console.log(`ratio: ${(before / Math.max(now, 1 / IDLE_SECONDS)).toFixed(0)}x fewer statements a second idle`)
  }
  console.log(now < 1 ? 'goal met: under 1 statement a second' : 'goal NOT met: 1 statement a second or more')
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
