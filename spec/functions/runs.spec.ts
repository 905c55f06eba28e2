/**
 * v3.activity.evaluateWorkflowFunctions.start / .logs and evaluateAllFunctions: 401, 400, 404, 403,
 * a dry run that only logs, an applied run, logs paged by afterTs without gaps or repeats, the
 * progress signal to the starter, and a run resumed after kill -9 with nothing written twice.
 */
import { Client } from '../helpers/client'
import { MISSING } from '../helpers/ids'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../helpers/members'
import { startServer, tempDataDir, type RunningServer } from '../helpers/server'
import { signedIn, type SignedIn } from '../helpers/users'
import { workflowWithPhase } from '../helpers/workflows'

async function until<T>(probe: () => Promise<T>, ok: (t: T) => boolean, tries = 600): Promise<T> {
  for (let i = 0; ; i++) {
    const value = await probe()
    if (ok(value) || i >= tries) return value
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** A workflow with Amount and Double = 2 × Amount, and `n` activities; `wrong` of them have Double typed over by hand. */
async function setUp(c: Client, n: number, wrong: number) {
  const { p, teamId } = await workflowWithPhase(c, 'Bulk')
  const amount = await c.call('process.create_field', p._id, { label: 'Amount', type: 'numeric' })
  const double = await c.call('process.create_field', p._id, {
    label: 'Double',
    type: 'numeric',
    function: 'return dep.a * 2',
    functionEnabled: true,
    functionVariables: { a: { type: '=', data: [amount._id] } },
  })
  const ids: string[] = []
  for (let i = 0; i < n; i += 1000) {
    const made = await c.call(
      'v3.activity.createMany',
      p._id,
      Array.from({ length: Math.min(1000, n - i) }, (_, k) => ({ name: `a${i + k}`, fields: { [amount._id]: i + k } })),
      { teamId },
    )
    ids.push(...made.map((a: { _id: string }) => a._id))
  }
  const settled = await until(
    () => c.call('v3.activity.verifyWorkflowValues', { workflowId: p._id }),
    (r) => r.dirty === 0,
  )
  // A machine stalled past the 50 ms deadline leaves a value in error; compute it again so the counts below are exact.
  if (settled.errors > 0) await c.call('v3.activity.repairWorkflowPath', { workflowId: p._id, fieldId: double._id, writeValues: true })
  const typed = ids.slice(0, wrong)
  for (let i = 0; i < typed.length; i += 500)
    await c.call(
      'v3.activity.updateMany',
      typed.slice(i, i + 500).map((_id) => ({ _id, fields: { [double._id]: -1 } })),
    )
  return { processId: p._id as string, amount, double, ids, typed }
}

describe('on the shared server', () => {
  let cast: Cast
  let owner: SignedIn
  let user: JoinedMember
  let stranger: SignedIn
  let anon: Client
  beforeAll(async () => {
    cast = await meetCast()
    ;({ owner, member: user, stranger, anon } = cast)
  })
  afterAll(() => closeCast(cast))

  test('401, 400, 404, 403; a dry run logs, an applied run writes; logs page without gaps or repeats; progress reaches the starter', async () => {
    const w = await setUp(owner.client, 1100, 30)
    const c = owner.client
    expect((await anon.fail('v3.activity.evaluateWorkflowFunctions.start', { processId: w.processId })).code).toBe(401)
    expect(await c.fail('v3.activity.evaluateWorkflowFunctions.start', { processId: w.processId, apply: 'yes' })).toMatchObject({
      code: 400,
      details: { path: '/apply' },
    })
    expect((await stranger.client.fail('v3.activity.evaluateWorkflowFunctions.start', { processId: w.processId })).code).toBe(404)
    expect((await c.fail('v3.activity.evaluateWorkflowFunctions.start', { processId: MISSING })).code).toBe(404)
    expect((await user.client.fail('v3.activity.evaluateWorkflowFunctions.start', { processId: w.processId })).code).toBe(403)
    expect(await c.fail('v3.activity.evaluateWorkflowFunctions.start', { processId: w.processId, fieldIds: [w.amount._id] })).toMatchObject({
      code: 422,
      details: { fieldId: w.amount._id },
    })

    const { runId: dry } = await c.call('v3.activity.evaluateWorkflowFunctions.start', { processId: w.processId })
    expect((await anon.fail('v3.activity.evaluateWorkflowFunctions.logs', { runId: dry })).code).toBe(401)
    expect(await c.fail('v3.activity.evaluateWorkflowFunctions.logs', { runId: dry, limit: 0 })).toMatchObject({ code: 400, details: { path: '/limit' } })
    expect((await stranger.client.fail('v3.activity.evaluateWorkflowFunctions.logs', { runId: dry })).code).toBe(404)
    expect((await user.client.fail('v3.activity.evaluateWorkflowFunctions.logs', { runId: dry })).code).toBe(403)
    const finished = await until(
      () => c.call('v3.activity.evaluateWorkflowFunctions.logs', { runId: dry, limit: 1 }),
      (r) => r.run.status === 'done',
    )
    expect(finished.run).toMatchObject({ status: 'done', apply: false, total: 1100, processed: 1100, changed: 30, errors: 0 })
    await c.waitForSignal('v3.activity.evaluateWorkflowFunctions.progress', (m) => m.runId === dry && m.status === 'done')
    expect(await c.call('v3.activity.verifyWorkflowValues', { workflowId: w.processId })).toMatchObject({
      mismatches: expect.arrayContaining([expect.objectContaining({ stored: -1 })]),
    })

    // Pages of 7: every entry exactly once, in order.
    const seen: number[] = []
    let afterTs = 0
    for (;;) {
      const page = await c.call('v3.activity.evaluateWorkflowFunctions.logs', { runId: dry, afterTs, limit: 7 })
      if (!page.entries.length) break
      seen.push(...page.entries.map((e: { ts: number }) => e.ts))
      afterTs = page.next
    }
    expect(seen).toEqual(Array.from({ length: 31 }, (_, i) => i + 1)) // 30 changed + done
    const first = await c.call('v3.activity.evaluateWorkflowFunctions.logs', { runId: dry, limit: 1 })
    expect(first.entries[0]).toMatchObject({ ts: 1, kind: 'changed', fieldId: w.double._id, before: -1, after: expect.any(Number) })

    const { runId: applied } = await c.call('v3.activity.evaluateWorkflowFunctions.start', { processId: w.processId, apply: true })
    await until(
      () => c.call('v3.activity.evaluateWorkflowFunctions.logs', { runId: applied, limit: 1 }),
      (r) => r.run.status === 'done',
    )
    expect(await c.call('v3.activity.verifyWorkflowValues', { workflowId: w.processId })).toMatchObject({ checked: 1100, mismatches: [] })
  }, 300_000)

  test('evaluateAllFunctions: 401, 400, 403, then one run per workflow with functions', async () => {
    expect((await anon.fail('v3.activity.evaluateAllFunctions', {})).code).toBe(401)
    expect(await owner.client.fail('v3.activity.evaluateAllFunctions', { apply: 1 })).toMatchObject({ code: 400, details: { path: '/apply' } })
    expect((await user.client.fail('v3.activity.evaluateAllFunctions', {})).code).toBe(403)
    const { runs } = await owner.client.call('v3.activity.evaluateAllFunctions', { apply: false })
    expect(runs).toEqual([{ processId: expect.any(String), runId: expect.any(String) }])
    expect((await stranger.client.call('v3.activity.evaluateAllFunctions', {})).runs).toEqual([])
  })
})

describe('with its own server', () => {
  let server: RunningServer | null = null
  afterAll(async () => {
    await server?.stop()
  })

  // The longest deadline there is: an evaluation stalled by a loaded machine (2 s was seen) would count as an error of the run.
  test('a run killed with -9 in the middle resumes from its cursor: every activity once, no entry twice', async () => {
    const dataDir = tempDataDir()
    server = await startServer({ DATA_DIR: dataDir, FUNCTION_DEADLINE_MS: '10000' })
    const owner = await signedIn('run-kill', server.wsUrl)
    const w = await setUp(owner.client, 4000, 4000)
    const { runId } = await owner.client.call('v3.activity.evaluateWorkflowFunctions.start', { processId: w.processId, apply: true })
    const mid = await until(
      () => owner.client.call('v3.activity.evaluateWorkflowFunctions.logs', { runId, limit: 1 }),
      (r) => r.run.processed > 0,
    )
    await owner.client.close()
    server.child.kill('SIGKILL')
    await server.stop()

    server = await startServer({ DATA_DIR: dataDir, FUNCTION_DEADLINE_MS: '10000' })
    const again = await Client.connect({ url: server.wsUrl })
    await again.call('login', owner.email, owner.password)
    const done = await until(
      () => again.call('v3.activity.evaluateWorkflowFunctions.logs', { runId, limit: 1 }),
      (r) => r.run.status === 'done',
    )
    expect(mid.run.processed).toBeLessThan(4000 + 1)
    expect(done.run).toMatchObject({ status: 'done', processed: 4000, changed: 4000, errors: 0 })
    let count = 0
    let afterTs = 0
    for (;;) {
      const page = await again.call('v3.activity.evaluateWorkflowFunctions.logs', { runId, afterTs, limit: 10000 })
      if (!page.entries.length) break
      count += page.entries.filter((e: { kind: string }) => e.kind === 'changed').length
      afterTs = page.next
    }
    expect(count).toBe(4000)
    expect(await again.call('v3.activity.verifyWorkflowValues', { workflowId: w.processId })).toMatchObject({ checked: 4000, mismatches: [] })
    await again.close()
  }, 600_000)
})
