/**
 * Stalls across tenants (docs/security.md, "Stalls"): what one workspace saves or runs never makes
 * another workspace's calls wait. Each test measures workspace B's latency in the same run, first
 * alone (the baseline) and then while workspace A attacks, and compares the two with a generous
 * factor: never an absolute time. Run on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { startServer, type RunningServer } from '../helpers/server'
import { signedIn, type SignedIn } from '../helpers/users'
import { workflowWithPhase } from '../helpers/workflows'

/** B's calls during an attack may be this many times slower than alone, at most (the stalls were 100 to 1000 times). */
const FACTOR = 40
const DEADLINE_MS = 100
/** Function fields of workspace A that spin until the deadline: each write of A runs them all. */
const SPINNERS = 4
/** Writes A makes at once: more than the PostgreSQL pool's connections (10), as many as a tenant may. */
const WRITES = 12

let server: RunningServer
let a: SignedIn
let b: SignedIn
beforeAll(async () => {
  // A deadline long enough that the spinning functions below hold on for seconds per write.
  server = await startServer({ FUNCTION_DEADLINE_MS: String(DEADLINE_MS) })
  ;[a, b] = await Promise.all([signedIn('stall-a', server.wsUrl), signedIn('stall-b', server.wsUrl)])
}, 120_000)
afterAll(async () => {
  await Promise.all([a?.client.close(), b?.client.close()])
  await server?.stop()
})

/**
 * Workspace B's ordinary call: a write of one of its activities, whose function field is evaluated
 * again (on the evaluator all workspaces share), and a read of it.
 */
async function probeOf(user: SignedIn) {
  const { p, teamId } = await workflowWithPhase(user.client, 'Ordinary')
  const count = await user.client.call('process.create_field', p._id, { label: 'Count', type: 'numeric' })
  const double = await user.client.call('process.create_field', p._id, {
    label: 'Double',
    type: 'numeric',
    function: 'return dep.count * 2',
    functionEnabled: true,
    functionVariables: { count: { type: '=', data: [count._id] } },
  })
  const activity = await user.client.call('v3.activity.create', p._id, { name: 'x', fields: { [count._id]: 0 } }, { teamId })
  let n = 0
  return async (): Promise<number> => {
    const started = performance.now()
    await user.client.call('v3.activity.updateMany', [{ _id: activity._id, fields: { [count._id]: ++n } }])
    const record = await user.client.call('v3.activity.get', activity._id)
    const elapsed = performance.now() - started
    expect(record.fields).toContainEqual({ _id: double._id, value: 2 * n })
    return elapsed
  }
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]

/** B's latency alone: the median of a few probes after a warm-up. */
async function baseline(probe: () => Promise<number>): Promise<number> {
  for (let i = 0; i < 3; i++) await probe()
  const times: number[] = []
  for (let i = 0; i < 9; i++) times.push(await probe())
  return median(times)
}

/** Probes one after another while `attack` is under way; their latencies (at least one probe). */
async function during(attack: Promise<unknown>, probe: () => Promise<number>): Promise<number[]> {
  let over = false
  const finished = attack.finally(() => (over = true))
  const times: number[] = []
  do times.push(await probe())
  while (!over)
  await finished
  return times
}

test('a function body crafted against a backtracking pattern saves in linear time; another workspace is not held up', async () => {
  const probe = await probeOf(b)
  const alone = await baseline(probe)
  const { p } = await workflowWithPhase(a.client, 'Crafted')
  // Quadratic for the volatile-code pattern this scan replaced: seconds at 100 kB.
  const body = 'new Date' + ' '.repeat(99_990) + '(x'
  const save = a.client.call('process.create_field', p._id, { label: 'Crafted', type: 'text', function: body, functionEnabled: true, functionVariables: {} })
  const times = await during(save, probe)
  const field = await save
  expect(field.function).toBe(body)
  console.log(`B alone ${alone.toFixed(1)} ms; while A saved the crafted body: ${times.map((t) => t.toFixed(1)).join(', ')} ms`)
  expect(Math.max(...times)).toBeLessThan(FACTOR * alone)
})

test('function fields that spin to their deadline do not hold the database: another workspace is not held up', async () => {
  const probe = await probeOf(b)
  const alone = await baseline(probe)
  const { p, teamId } = await workflowWithPhase(a.client, 'Spinning')
  const input = await a.client.call('process.create_field', p._id, { label: 'Input', type: 'numeric' })
  const spinners: { _id: string }[] = []
  for (let i = 0; i < SPINNERS; i++)
    spinners.push(
      await a.client.call('process.create_field', p._id, {
        label: `Spin ${i}`,
        type: 'numeric',
        function: 'while (true) {}',
        functionEnabled: true,
        functionVariables: { x: { type: '=', data: [input._id] } },
      }),
    )
  // Each write evaluates every spinner (a new activity): SPINNERS x DEADLINE_MS of user code each, WRITES at once.
  const attack = (async () => {
    const started = performance.now()
    const created = await Promise.all(
      Array.from({ length: WRITES }, (_, i) => a.client.call('v3.activity.create', p._id, { name: `spin ${i}`, fields: { [input._id]: i } }, { teamId })),
    )
    return { created: created[0], ms: performance.now() - started }
  })()
  const times = await during(attack, probe)
  const { created, ms } = await attack
  console.log(
    `B alone ${alone.toFixed(1)} ms; while A's ${WRITES} writes ran ${SPINNERS} spinning functions each (${ms.toFixed(0)} ms): ${times.map((t) => t.toFixed(1)).join(', ')} ms`,
  )
  // The spinners ended at their deadline, as errors kept on A's activity.
  const record = await a.client.call('v3.activity.get', created._id)
  const spun = record.fields!.filter((f) => spinners.some((s) => s._id === f._id))
  expect(spun).toHaveLength(SPINNERS)
  for (const f of spun) expect(f.error).toMatch(/interrupted|longer than|deadline/i)
  expect(Math.max(...times)).toBeLessThan(FACTOR * alone)
}, 180_000)
