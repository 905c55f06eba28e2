/**
 * v3.activity.list at scale (issue 15, item 2), in one run on one database:
 *   1. a workflow of 1,000 activities created through the server (createMany): each case below, p50
 *      of BENCH_CALLS calls over one socket — the baseline;
 *   2. the same cases on a workflow of 1,000,000 activities (BENCH_BIG) and round-robin over 10
 *      workflows of 100,000 (BENCH_WORKFLOWS × BENCH_EACH), written in set-based SQL
 *      (list-data.ts; one of them is checked against an activity created through the server);
 *      measured with the calls to the 1,000, the 1,000,000 and the 10 × 100,000 alternating.
 * Every case is a page of 50 of phase A. It prints p50 per case with the ratio to the baseline
 * (goal: within 2x) and EXPLAIN (ANALYZE, BUFFERS) of the page query of every case at each size
 * (the query the operation runs, from server/domain/activities/list.ts), also written to
 * scripts/bench/explain/list-<engine>.txt.
 * With PGlite (no DATABASE_URL) the server is stopped while the script writes the data folder.
 *   npx tsx scripts/bench/list.ts
 *   DATABASE_URL=postgres://…/an_empty_database npx tsx scripts/bench/list.ts
 */
import fs from 'node:fs'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { open, openDb, type Db } from './direct'
import { activityInput, bulkActivities, bulkId, code, createBenchWorkflow, type BenchWorkflow } from './list-data'
import { explainCases, type ListQuery } from './list-explain'
import { startServer, tempDataDir, type RunningServer } from '../../spec/helpers/server'

const SMALL = 1000
const BIG = Number(process.env.BENCH_BIG ?? 1_000_000)
const WORKFLOWS = Number(process.env.BENCH_WORKFLOWS ?? 10)
const EACH = Number(process.env.BENCH_EACH ?? 100_000)
const CALLS = Number(process.env.BENCH_CALLS ?? 100)
const RARE = 778 // in phase A (778 mod 3 = 1)
const storage = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'

type Query = ListQuery
interface Target extends BenchWorkflow {
  /** `next` of the first page sorted by created, for the second-page case. */
  next?: string
}

const CASES: [string, (w: Target) => Query][] = [
  ['sort created', () => ({ sort: 'created' })],
  ['sort created, second page (cursor)', (w) => ({ sort: 'created', after: w.next })],
  ['sort updated, desc', () => ({ sort: 'updated', order: 'desc' })],
  ['sort name', () => ({ sort: 'name' })],
  ['search "red" (1 in 10)', () => ({ search: 'red' })],
  ['search a code (1 activity), sort name', () => ({ search: code(RARE), sort: 'name' })],
  ['field status = s3 (1 in 7), sort updated desc', (w) => ({ fields: { [w.fields.status]: 's3' }, sort: 'updated', order: 'desc' })],
  ['field ref = 778 (1 activity)', (w) => ({ fields: { [w.fields.ref]: RARE } })],
  ['search "red" + status = s3 (1 in 70), sort name', (w) => ({ search: 'red', fields: { [w.fields.status]: 's3' }, sort: 'name' })],
]

const argsOf = (w: Target, q: Query) => ({ processId: w.processId, phaseId: w.phases.a, limit: 50, ...q })
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/**
 * p50 in ms of each case for each group of workflows; the groups' calls alternate (one call of each in
 * turn), so all groups are measured under the same load; within a group calls go round-robin.
 */
async function measure(call: (op: string, ...a: unknown[]) => Promise<any>, groups: Target[][]) {
  for (const w of groups.flat()) w.next = (await call('v3.activity.list', argsOf(w, { sort: 'created' }))).next
  const out: number[][] = groups.map(() => [])
  for (const [, make] of CASES) {
    const times: number[][] = groups.map(() => [])
    for (let i = -10; i < CALLS; i++) {
      for (const [g, targets] of groups.entries()) {
        const w = targets[(i + 10) % targets.length]
        const args = argsOf(w, make(w))
        const t = process.hrtime.bigint()
        const page = await call('v3.activity.list', args)
        if (i >= 0) times[g].push(Number(process.hrtime.bigint() - t) / 1e6)
        if (!page.activities.length) throw new Error(`empty page: ${JSON.stringify(args)}`)
      }
    }
    times.forEach((ts, g) => out[g].push(median(ts)))
  }
  return out
}

const explainAll = (db: Db, label: string, w: Target) =>
  explainCases(
    db,
    label,
    w,
    CASES.map(([name, make]) => [name, (t: Target) => ({ phaseId: t.phases.a, ...make(t) })]),
  )

async function main() {
  const dataDir = tempDataDir()
  const env = { WS_MESSAGES_PER_SECOND: '1000000', WS_MAX_PAYLOAD_BYTES: String(16 * 1024 * 1024), DATA_DIR: dataDir }
  let server: RunningServer = await startServer(env)
  const anon = await open(server.wsUrl)
  const email = `bench.list.${Date.now()}@example.test`
  const { uid, cid } = await anon.call('v2.user.register', { email, firstname: 'B', lastname: 'B', password: 'bench password' })
  const key = await anon.call('login', email, 'bench password')
  anon.ws.close()
  let c = await open(server.wsUrl, key)
  const teamId = (await c.call('company.new_team', { name: 'Bench' }))._id
  const workflow = (name: string): Promise<Target> => createBenchWorkflow(c.call, { cid, uid, teamId }, name)
  const small = await workflow('Small')
  await c.call(
    'v3.activity.createMany',
    small.processId,
    Array.from({ length: SMALL }, (_, i) => activityInput(small, i)),
    { teamId },
  )
  const big = await workflow('Big')
  const many: Target[] = []
  for (let k = 0; k < WORKFLOWS; k++) many.push(await workflow(`Many ${k}`))
  // The last activity of the big workflow through the server: the written rows are checked against it.
  const [viaServer] = await c.call('v3.activity.createMany', big.processId, [activityInput(big, BIG - 1)], { teamId })
  const [before] = await measure(c.call, [[small]])
  c.ws.close()

  if (!process.env.DATABASE_URL) await server.stop()
  const db = await openDb(dataDir)
  let explain = await explainAll(db, `${SMALL.toLocaleString('en')} activities`, small)
  const t = Date.now()
  await bulkActivities(db, big, 0, BIG - 1, 2, Date.now() - BIG)
  for (const w of many) await bulkActivities(db, w, 0, EACH, 1, Date.now() - EACH)
  await db.query('analyze')
  const buildSeconds = (Date.now() - t) / 1000
  explain += await explainAll(db, `${BIG.toLocaleString('en')} activities in one workflow`, big)
  explain += await explainAll(db, `${EACH.toLocaleString('en')} activities (one of ${WORKFLOWS} workflows)`, many[0])
  await db.close()

  if (!process.env.DATABASE_URL) server = await startServer(env)
  c = await open(server.wsUrl, key)
  // A written activity reads as one created through the server, apart from what differs by nature.
  const written = await c.call('v3.activity.get', bulkId(big, BIG - 4)) // in the same phase as BIG - 1
  const server2 = await c.call('v3.activity.get', viaServer._id)
  const shape = (a: any) => ({
    ...a,
    _id: typeof a._id,
    discussion: typeof a.discussion,
    name: a.name.replace(/^Order \d+ \w+ \w+$/, 'Order'),
    created: typeof a.created,
    sequence: typeof a.sequence,
    fields: a.fields.map((f: any) => [f._id, typeof f.value]),
  })
  if (!isDeepStrictEqual(shape(written), shape(server2))) throw new Error(`written ${JSON.stringify(written)} differs from created ${JSON.stringify(server2)}`)
  const history = async (id: string) => (await c.call('v3.activity.extractHistory', { activityId: id })).map((h: any) => [h.kind, h.uid, h.changes])
  if (!isDeepStrictEqual(await history(written._id), await history(viaServer._id))) throw new Error('the written history differs from the created one')
  const counts = await c.call('v3.activity.count', big.processId)
  if (counts[big.processId] !== BIG) throw new Error(`count ${JSON.stringify(counts)} is not ${BIG}`)

  const [after, atBig, atMany] = await measure(c.call, [[small], [big], many])
  c.ws.close()
  await server.stop()
  fs.rmSync(dataDir, { recursive: true, force: true }) // gigabytes with PGlite

  const dir = path.join(__dirname, 'explain')
  fs.mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `list-${storage.toLowerCase()}.txt`)
  fs.writeFileSync(file, `# bench:list, ${storage}, ${new Date().toISOString()}\n\n${explain}`)
  console.log(explain)
  console.log(
    `${storage}: ${BIG.toLocaleString('en')} + ${WORKFLOWS} × ${EACH.toLocaleString('en')} activities written in ${buildSeconds.toFixed(0)} s; p50 of ${CALLS} calls, page of 50 of phase A`,
  )
  console.log('Baseline: the workflow of 1,000 before the data was written, and again with the calls alternating; ratios against the lower of the two.')
  console.log(
    `| case | 1,000 before / alternating | ${BIG.toLocaleString('en')} in one | ratio | ${EACH.toLocaleString('en')} in each of ${WORKFLOWS} | ratio |`,
  )
  console.log('|---|---:|---:|---:|---:|---:|')
  CASES.forEach(([name], i) => {
    const base = Math.min(before[i], after[i])
    const r = (x: number) => `**${(x / base).toFixed(2)}**`
    console.log(
      `| ${name} | ${before[i].toFixed(2)} / ${after[i].toFixed(2)} ms | ${atBig[i].toFixed(2)} ms | ${r(atBig[i])} | ${atMany[i].toFixed(2)} ms | ${r(atMany[i])} |`,
    )
  })
  console.log(`EXPLAIN output: ${path.relative(process.cwd(), file)}`)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
