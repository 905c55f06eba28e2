/**
 * v3.activity.list: a page without a phase against the same page with one (issue 27, point 2), in
 * one run on one workflow of BENCH_EACH (100,000) activities written in set-based SQL (list-data.ts;
 * two in three in phase A). For each sort order (created, updated, name), plain, filtered by a field,
 * with a name search and with both: p50 of BENCH_CALLS pages of 50 over one socket, the call with
 * phase A and the call without a phase alternating, and the ratio without / with (goal: at most 1.5).
 * EXPLAIN (ANALYZE, BUFFERS) of every case without a phase goes to
 * scripts/bench/explain/list-phase-<engine>.txt.
 * With PGlite (no DATABASE_URL) the server is stopped while the script writes the data folder.
 *   npx tsx scripts/bench/list-phase.ts
 *   DATABASE_URL=postgres://…/an_empty_database BENCH_EACH=1000000 npx tsx scripts/bench/list-phase.ts
 */
import fs from 'node:fs'
import path from 'node:path'
import { open, openDb } from './direct'
import { bulkActivities, createBenchWorkflow, type BenchWorkflow } from './list-data'
import { explainCases, type ListQuery } from './list-explain'
import { startServer, tempDataDir, type RunningServer } from '../../spec/helpers/server'

const EACH = Number(process.env.BENCH_EACH ?? 100_000)
const CALLS = Number(process.env.BENCH_CALLS ?? 50)
const storage = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'

const SORTS: [string, ListQuery][] = [
  ['created', { sort: 'created' }],
  ['updated desc', { sort: 'updated', order: 'desc' }],
  ['name', { sort: 'name' }],
]
const FILTERS: [string, (w: BenchWorkflow) => ListQuery][] = [
  ['', () => ({})],
  ['status = s3 (1 in 7)', (w) => ({ fields: { [w.fields.status]: 's3' } })],
  ['search "red" (1 in 10)', () => ({ search: 'red' })],
  ['search "red" + status = s3 (1 in 70)', (w) => ({ search: 'red', fields: { [w.fields.status]: 's3' } })],
]
const CASES: [string, (w: BenchWorkflow) => ListQuery][] = SORTS.flatMap(([s, sort]) =>
  FILTERS.map(
    ([f, filter]) => [`sort ${s}${f ? `, ${f}` : ''}`, (w: BenchWorkflow) => ({ ...sort, ...filter(w) })] as [string, (w: BenchWorkflow) => ListQuery],
  ),
)

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function main() {
  const dataDir = tempDataDir()
  const env = { WS_MESSAGES_PER_SECOND: '1000000', DATA_DIR: dataDir }
  let server: RunningServer = await startServer(env)
  const anon = await open(server.wsUrl)
  const email = `bench.list-phase.${Date.now()}@example.test`
  const { uid, cid } = await anon.call('v2.user.register', { email, firstname: 'B', lastname: 'B', password: 'bench password' })
  const key = await anon.call('login', email, 'bench password')
  anon.ws.close()
  let c = await open(server.wsUrl, key)
  const teamId = (await c.call('company.new_team', { name: 'Bench' }))._id
  const w = await createBenchWorkflow(c.call, { cid, uid, teamId }, 'Orders')
  c.ws.close()

  if (!process.env.DATABASE_URL) await server.stop()
  const db = await openDb(dataDir)
  const t = Date.now()
  await bulkActivities(db, w, 0, EACH, 1, Date.now() - EACH)
  await db.query('analyze')
  const buildSeconds = (Date.now() - t) / 1000
  const explain = await explainCases(db, `${EACH.toLocaleString('en')} activities, no phase`, w, CASES)
  await db.close()

  if (!process.env.DATABASE_URL) server = await startServer(env)
  c = await open(server.wsUrl, key)
  const rows: [string, number, number][] = []
  for (const [name, make] of CASES) {
    const args = { processId: w.processId, limit: 50, ...make(w) }
    const withPhase: number[] = []
    const without: number[] = []
    for (let i = -5; i < CALLS; i++) {
      for (const [times, a] of [
        [withPhase, { ...args, phaseId: w.phases.a }],
        [without, args],
      ] as const) {
        const t0 = process.hrtime.bigint()
        const page = await c.call('v3.activity.list', a)
        if (i >= 0) times.push(Number(process.hrtime.bigint() - t0) / 1e6)
        if (page.activities.length !== 50) throw new Error(`a page of ${page.activities.length}: ${JSON.stringify(a)}`)
      }
    }
    rows.push([name, median(withPhase), median(without)])
  }
  c.ws.close()
  await server.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })

  const dir = path.join(__dirname, 'explain')
  fs.mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `list-phase-${storage.toLowerCase()}.txt`)
  fs.writeFileSync(file, `# bench:list-phase, ${storage}, ${new Date().toISOString()}\n\n${explain}`)
  console.log(
    `${storage}: ${EACH.toLocaleString('en')} activities written in ${buildSeconds.toFixed(0)} s; p50 of ${CALLS} pages of 50, with and without a phase alternating`,
  )
  console.log('| case | phase A | no phase | ratio |')
  console.log('|---|---:|---:|---:|')
  for (const [name, a, b] of rows) console.log(`| ${name} | ${a.toFixed(2)} ms | ${b.toFixed(2)} ms | **${(b / a).toFixed(2)}** |`)
  console.log(`Worst ratio: ${Math.max(...rows.map(([, a, b]) => b / a)).toFixed(2)} (goal: at most 1.5)`)
  console.log(`EXPLAIN output: ${path.relative(process.cwd(), file)}`)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
