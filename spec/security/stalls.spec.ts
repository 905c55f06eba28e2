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

let server: RunningServer
let a: SignedIn
let b: SignedIn
beforeAll(async () => {
  server = await startServer()
  ;[a, b] = await Promise.all([signedIn('stall-a', server.wsUrl), signedIn('stall-b', server.wsUrl)])
}, 120_000)
afterAll(async () => {
  await Promise.all([a?.client.close(), b?.client.close()])
  await server?.stop()
})

/** Workspace B's ordinary call: a write and a read of one of its activities. */
async function probeOf(user: SignedIn) {
  const { p, teamId } = await workflowWithPhase(user.client, 'Ordinary')
  const field = await user.client.call('process.create_field', p._id, { label: 'Count', type: 'numeric' })
  const activity = await user.client.call('v3.activity.create', p._id, { name: 'x', fields: { [field._id]: 0 } }, { teamId })
  let n = 0
  return async (): Promise<number> => {
    const started = performance.now()
    await user.client.call('v3.activity.updateMany', [{ _id: activity._id, fields: { [field._id]: ++n } }])
    await user.client.call('v3.activity.get', activity._id)
    return performance.now() - started
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
