/**
 * Function fields, measured in one run on one machine:
 *  1. Sandbox cost per evaluation of a simple body (`return dep.a + dep.b`), in batches through the
 *     evaluator the server uses (QuickJS in a worker thread), in the default and the fast mode,
 *     against a plain call of the same body compiled with new Function in this process.
 *  2. The p50 of an edit with exactly 10 dependents (a parent's value read by 10 children through a
 *     `>` link) when the workflow holds 100, 10,000 and 100,000 activities. Goal: the last within
 *     1.5x of the first.
 *  3. evaluateWorkflowFunctions (apply) over BENCH_RUN activities x 3 function fields, end to end
 *     (goal >= 5,000 evaluations/s), in the default and the fast mode (v2.network.fastFunctions.set),
 *     against the same server run with FUNCTION_EVALUATOR=unsandboxed-benchmark (goal: a ratio >= 0.5).
 *   BENCH_PARTS=sandbox,edit,run picks parts; BENCH_SIZES, BENCH_RUN, BENCH_EDITS scale them.
 *   npx tsx scripts/bench/functions.ts            (PGlite)
 *   DATABASE_URL=... npx tsx scripts/bench/functions.ts
 */
import { rmSync, writeFileSync } from 'node:fs'
import { Evaluator } from '../../server/functions/evaluator'
import { Client } from '../../spec/helpers/client'
import { startServer, tempDataDir } from '../../spec/helpers/server'
import { openDb, type Db } from './direct'
import { signedIn } from '../../spec/helpers/users'
import { newPhaseId } from '../../spec/helpers/workflows'

const SIZES = (process.env.BENCH_SIZES ?? '100,10000,100000').split(',').map(Number)
const RUN = Number(process.env.BENCH_RUN ?? 100_000)
const EDITS = Number(process.env.BENCH_EDITS ?? 60)
/** Which parts to run (default all): sandbox, edit, run. */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'sandbox,edit,run').split(','))

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function sandboxCost() {
  const body = 'return dep.a + dep.b'
  const n = 50_000
  const items = Array.from({ length: n }, (_, i) => ({ body, dep: { a: i, b: 2 } }))
  const fn = new Function('dep', body) as (d: { a: number; b: number }) => number
  let sink = 0
  let t = process.hrtime.bigint()
  for (const item of items) sink += fn(item.dep)
  const plain = Number(process.hrtime.bigint() - t) / 1000 / n
  console.log(`plain call of the same body: ${plain.toFixed(3)} µs/evaluation (${sink > 0 ? 'ok' : ''})`)
  // Three rounds, the modes alternating, each on a fresh evaluator; the best round of each counts.
  const best = { default: Infinity, fast: Infinity }
  for (let round = 0; round < 3; round++)
    for (const mode of ['default', 'fast'] as const) {
      const evaluator = new Evaluator({}, { mode })
      await evaluator.evaluate('bench', items.slice(0, 2000))
      t = process.hrtime.bigint()
      for (let i = 0; i < n; i += 1000) await evaluator.evaluate('bench', items.slice(i, i + 1000))
      best[mode] = Math.min(best[mode], Number(process.hrtime.bigint() - t) / 1000 / n)
      await evaluator.close()
      if (round === 0) console.log(`sandbox, ${mode} mode: evaluations by path ${JSON.stringify(evaluator.counts)}`)
    }
  for (const mode of ['default', 'fast'] as const)
    console.log(
      `sandbox, ${mode} mode: ${best[mode].toFixed(2)} µs/evaluation in batches of 1,000 (worker thread, QuickJS; best of 3); ${(best[mode] / plain).toFixed(0)}x the plain call`,
    )
}

async function workflow(c: Client, name: string) {
  const p = await c.call('process.create', { name })
  const phase = newPhaseId() // unique across workflows
  await c.call('process.set_info', p._id, { phases: { [phase]: { name: 'Open' } }, phasesOrder: [phase] })
  return p._id as string
}

/**
 * Filler activities beyond 10,000 are written straight into the database (copies of one filler
 * made through the API, as createMany would store them, links none): creating 90,000 through the
 * API would take most of the run and is not what is measured. On PGlite the server is stopped for
 * it (one process owns the files) and started again on the same data.
 */
const API_FILL = 10_000

async function fill(db: Db, templateId: string, from: number, to: number) {
  for (let i = from; i < to; i += 10_000) {
    await db.query(
      `insert into activities
       select (jsonb_populate_record(null::activities, to_jsonb(a) || jsonb_build_object(
         '_id', lpad(to_hex(g), 24, 'f'), 'discussion_id', lpad(to_hex(g), 24, 'e'), 'name', 'f' || g, 'sequence', g, 'created', a.created + g))).*
       from activities a cross join generate_series($2::int, $3::int) g where a._id = $1`,
      [templateId, i, Math.min(to, i + 10_000) - 1],
    )
  }
  await db.query('analyze activities')
}

async function editCost() {
  const dataDir = tempDataDir()
  let server = await startServer({ DATA_DIR: dataDir }, 120_000)
  try {
    const owner = await signedIn('bench-fn', server.wsUrl)
    let c = owner.client
    const teamId = (await c.call('company.new_team', { name: 'T' }))._id
    const wf = await workflow(c, 'Items')
    const value = await c.call('process.create_field', wf, { label: 'Value', type: 'numeric' })
    const parent = await c.call('process.create_field', wf, { label: 'Parent', type: 'activitylink', data: [wf] })
    await c.call('process.create_field', wf, {
      label: 'From parent',
      type: 'numeric',
      function: 'return (dep.p || 0) * 2',
      functionEnabled: true,
      functionVariables: { p: { type: '>', data: [parent._id, value._id] } },
    })
    const root = await c.call('v3.activity.create', wf, { name: 'root', fields: { [value._id]: 1 } }, { teamId })
    await c.call(
      'v3.activity.createMany',
      wf,
      Array.from({ length: 10 }, (_, i) => ({ name: `child${i}`, fields: { [parent._id]: root._id } })),
      { teamId },
    )
    let count = 11
    let template = ''
    for (const size of SIZES) {
      while (count < Math.min(size, API_FILL)) {
        const n = Math.min(1000, Math.min(size, API_FILL) - count)
        const made = await c.call(
          'v3.activity.createMany',
          wf,
          Array.from({ length: n }, (_, i) => ({ name: `f${count + i}`, fields: { [value._id]: i } })),
          { teamId },
        )
        template = made[0]._id
        count += n
      }
      if (count < size) {
        if (!process.env.DATABASE_URL) {
          await c.close()
          await server.stop()
        }
        const db = await openDb(dataDir)
        await fill(db, template, count, size)
        await db.close()
        count = size
        if (!process.env.DATABASE_URL) {
          server = await startServer({ DATA_DIR: dataDir }, 120_000)
          c = await Client.connect({ url: server.wsUrl })
          await c.call('login', owner.email, owner.password)
        }
      }
      // A few edits first: the plans and caches of a fresh start are not what is measured.
      for (let i = 0; i < 3; i++) await c.call('v3.activity.updateMany', [{ _id: root._id, fields: { [value._id]: -i } }])
      const times: number[] = []
      for (let i = 0; i < EDITS; i++) {
        const t = process.hrtime.bigint()
        await c.call('v3.activity.updateMany', [{ _id: root._id, fields: { [value._id]: size + i } }])
        times.push(Number(process.hrtime.bigint() - t) / 1e6)
      }
      console.log(`edit with 10 dependents, ${size.toLocaleString('en')} activities: p50 ${median(times).toFixed(2)} ms`)
    }
    const check = await c.call('v3.activity.get', root._id)
    if (!check) throw new Error('root activity lost')
    await c.close()
  } finally {
    await server.stop()
  }
}

/**
 * One workflow of RUN activities with two numbers and three functions of them, values computed as
 * the activities are created (a write budget large enough for a createMany of 1,000); then
 * evaluateWorkflowFunctions (apply) over all of it, timed from start to `done`, once per entry of
 * `modes` in that order (the workspace's switch set before each), so the modes alternate on the
 * same data and the same server. With BENCH_PROFILE set, the file named by it exists while a run is
 * under way (a CPU profiler preloaded into the server can start and stop on it). Returns the best
 * rate of each mode.
 */
async function runThroughput(evaluator: 'quickjs' | 'unsandboxed-benchmark', modes: ('default' | 'fast')[]) {
  const server = await startServer({ FUNCTION_EVALUATOR: evaluator, FUNCTION_WRITE_BUDGET: '1000000' }, 120_000)
  try {
    const owner = await signedIn('bench-run', server.wsUrl)
    const c = owner.client
    const teamId = (await c.call('company.new_team', { name: 'T' }))._id
    const wf = await workflow(c, 'Bulk')
    const a = await c.call('process.create_field', wf, { label: 'A', type: 'numeric' })
    const b = await c.call('process.create_field', wf, { label: 'B', type: 'numeric' })
    for (const [label, body] of [
      ['Sum', 'return dep.a + dep.b'],
      ['Product', 'return dep.a * dep.b'],
      ['Label', "return 'item ' + dep.a"],
    ]) {
      await c.call('process.create_field', wf, {
        label,
        type: label === 'Label' ? 'text' : 'numeric',
        function: body,
        functionEnabled: true,
        functionVariables: { a: { type: '=', data: [a._id] }, b: { type: '=', data: [b._id] } },
      })
    }
    for (let i = 0; i < RUN; i += 1000)
      await c.call(
        'v3.activity.createMany',
        wf,
        Array.from({ length: Math.min(1000, RUN - i) }, (_, k) => ({ name: `x${i + k}`, fields: { [a._id]: i + k, [b._id]: k } })),
        { teamId },
      )
    const best = { default: 0, fast: 0 }
    for (const mode of modes) {
      await c.call('v2.network.fastFunctions.set', owner.cid, mode === 'fast')
      if (process.env.BENCH_PROFILE) writeFileSync(process.env.BENCH_PROFILE, '')
      const t = process.hrtime.bigint()
      const { runId } = await c.call('v3.activity.evaluateWorkflowFunctions.start', { processId: wf, apply: true })
      let run
      for (;;) {
        ;({ run } = await c.call('v3.activity.evaluateWorkflowFunctions.logs', { runId, limit: 1 }))
        if (run.status !== 'running') break
        await new Promise((r) => setTimeout(r, 100))
      }
      const seconds = Number(process.hrtime.bigint() - t) / 1e9
      if (process.env.BENCH_PROFILE) rmSync(process.env.BENCH_PROFILE)
      const rate = (run.processed * 3) / seconds
      best[mode] = Math.max(best[mode], rate)
      console.log(
        `evaluateWorkflowFunctions, ${run.processed.toLocaleString('en')} activities x 3 functions, ${evaluator}, ${mode} mode: ${seconds.toFixed(1)} s, ${Math.round(rate).toLocaleString('en')} evaluations/s (${run.errors} errors, ${run.changed} changed)`,
      )
    }
    await c.close()
    return best
  } finally {
    await server.stop()
  }
}

async function main() {
  // The calls below wait on sockets and timers only; keep the process up between them.
  const alive = setInterval(() => {}, 1000)
  if (PARTS.has('sandbox')) await sandboxCost()
  if (PARTS.has('edit')) await editCost()
  if (PARTS.has('run')) {
    const plain = (await runThroughput('unsandboxed-benchmark', ['default', 'default'])).default
    const sandboxed = await runThroughput('quickjs', ['default', 'fast', 'default', 'fast'])
    for (const mode of ['default', 'fast'] as const)
      console.log(
        `run throughput, best of 2, ${mode} mode: ${Math.round(sandboxed[mode]).toLocaleString('en')} evaluations/s; ratio to the best unsandboxed run ${(sandboxed[mode] / plain).toFixed(2)} (goal >= 0.5)`,
      )
  }
  clearInterval(alive)
}

// Exit only once stdout is written out (a pipe is asynchronous; process.exit would cut it).
const flushed = () => new Promise((resolve) => process.stdout.write('', resolve))
void main().then(
  () => flushed().then(() => process.exit(0)),
  (err) => {
    console.error(err)
    process.exit(1)
  },
)
