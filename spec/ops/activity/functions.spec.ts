/**
 * v3.activity.evaluateMany, explainNode, explainNodeDryRun, verifyWorkflowValues: 401, 400 naming
 * the argument, 404 for another workspace's record, 403 for a role without workspace.admin (the
 * last two), and what each returns. None of them writes.
 */
import { Client } from '../../helpers/client'
import { MISSING } from '../../helpers/ids'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'
import { addOpenPhase, loadWorkflow } from '../../helpers/workflows'

let cast: Cast
let owner: SignedIn
let user: JoinedMember
let stranger: SignedIn
let anon: Client
let world: Awaited<ReturnType<typeof build>>
beforeAll(async () => {
  cast = await meetCast()
  ;({ owner, member: user, stranger, anon } = cast)
  world = await build()
})
afterAll(() => closeCast(cast))

async function build() {
  const c = owner.client
  const teamId = (await c.call('company.new_team', { name: 'T' }))._id
  const mk = async (name: string) => {
    const p = await c.call('process.create', { name })
    await addOpenPhase(c, p._id)
    return p._id as string
  }
  const customers = await mk('Customers')
  const orders = await mk('Orders')
  const amount = await c.call('process.create_field', orders, { label: 'Amount', type: 'numeric' })
  const customer = await c.call('process.create_field', orders, { label: 'Customer', type: 'activitylink', data: [customers] })
  const vat = await c.call('process.create_field', orders, {
    label: 'VAT',
    type: 'numeric',
    function: 'return dep.amount * 0.24',
    functionEnabled: true,
    functionVariables: { amount: { type: '=', data: [amount._id] } },
  })
  const gross = await c.call('process.create_field', orders, {
    label: 'Gross',
    type: 'numeric',
    function: 'return dep.amount + dep.vat',
    functionEnabled: true,
    functionVariables: { amount: { type: '=', data: [amount._id] }, vat: { type: '=', data: [vat._id] } },
  })
  const sum = await c.call('process.create_field', customers, {
    label: 'Sum',
    type: 'numeric',
    function: 'return dep.g.reduce((a, b) => a + b, 0)',
    functionEnabled: true,
    functionVariables: { g: { type: '<', data: [orders, gross._id] } },
  })
  const acme = await c.call('v3.activity.create', customers, { name: 'Acme' }, { teamId })
  const order = await c.call('v3.activity.create', orders, { name: 'O', fields: { [amount._id]: 100, [customer._id]: acme._id } }, { teamId })
  const foreignWs = await stranger.client.call('process.create', { name: 'Theirs' })
  return { customers, orders, amount, customer, vat, gross, sum, acme, order, foreign: foreignWs._id as string }
}

describe('v3.activity.evaluateMany', () => {
  test('401, 400, 404, then a dry run of a draft and of a stored activity with changes; nothing saved', async () => {
    const w = world
    expect((await anon.fail('v3.activity.evaluateMany', { processId: w.orders })).code).toBe(401)
    expect(await owner.client.fail('v3.activity.evaluateMany', { processId: 'x' })).toMatchObject({ code: 400, details: { argument: 0, path: '/processId' } })
    expect((await stranger.client.fail('v3.activity.evaluateMany', { processId: w.orders })).code).toBe(404)
    expect((await owner.client.fail('v3.activity.evaluateMany', { processId: w.foreign })).code).toBe(404)
    expect((await owner.client.fail('v3.activity.evaluateMany', { processId: w.orders, _id: MISSING })).code).toBe(404)

    expect(await user.client.call('v3.activity.evaluateMany', { processId: w.orders, fields: { [w.amount._id]: 10 } })).toEqual({
      fields: { [w.vat._id]: { value: 2.4 }, [w.gross._id]: { value: 12.4 } },
    })
    expect(await owner.client.call('v3.activity.evaluateMany', { processId: w.orders, _id: w.order._id, fields: { [w.amount._id]: 200 } })).toEqual({
      fields: { [w.vat._id]: { value: 48 }, [w.gross._id]: { value: 248 } },
    })
    const stored = await owner.client.call('v3.activity.get', w.order._id)
    expect(stored.fields!.find((f: any) => f._id === w.gross._id)!.value).toBe(124)
  })
})

describe('v3.activity.evaluateMany with a trial (the code being edited)', () => {
  test('the trial code stands in for the saved function, later functions read its value; bad code is 422; nothing saved', async () => {
    const w = world
    const amount = { amount: { type: '=', data: [w.amount._id] } }
    const trial = { fieldId: w.vat._id, code: 'return dep.amount * 0.1', functionVariables: amount }
    expect(await user.client.call('v3.activity.evaluateMany', { processId: w.orders, _id: w.order._id }, trial)).toEqual({
      fields: { [w.vat._id]: { value: 10 }, [w.gross._id]: { value: 110 } },
    })
    expect(await owner.client.fail('v3.activity.evaluateMany', { processId: w.orders }, { ...trial, code: 'return (' })).toMatchObject({
      code: 422,
      details: { argument: 1, path: '/code', reason: 'invalid function', errors: [expect.objectContaining({ message: expect.any(String) })] },
    })
    expect(await owner.client.fail('v3.activity.evaluateMany', { processId: w.orders }, { ...trial, fieldId: w.sum._id })).toMatchObject({
      code: 400,
      details: { argument: 1, path: '/fieldId' },
    })
    expect(await owner.client.fail('v3.activity.evaluateMany', { processId: w.orders }, { fieldId: w.vat._id })).toMatchObject({
      code: 400,
      details: { argument: 1 },
    })
    // The saved function and the stored values are as they were.
    expect(await owner.client.call('v3.activity.evaluateMany', { processId: w.orders, _id: w.order._id })).toEqual({
      fields: { [w.vat._id]: { value: 24 }, [w.gross._id]: { value: 124 } },
    })
    const stored = await owner.client.call('v3.activity.get', w.order._id)
    expect(stored.fields!.find((f: any) => f._id === w.vat._id)!.value).toBe(24)
  })
})

describe('v3.activity.explainNode', () => {
  test('401, 400, 404, then the configured and the runtime graph with labelled edges', async () => {
    const w = world
    expect((await anon.fail('v3.activity.explainNode', { activityId: w.order._id, fieldId: w.gross._id })).code).toBe(401)
    expect(await owner.client.fail('v3.activity.explainNode', { activityId: w.order._id, fieldId: w.gross._id, direction: 'up' })).toMatchObject({
      code: 400,
      details: { path: '/direction' },
    })
    expect((await stranger.client.fail('v3.activity.explainNode', { activityId: w.order._id, fieldId: w.gross._id })).code).toBe(404)
    expect((await owner.client.fail('v3.activity.explainNode', { activityId: MISSING, fieldId: w.gross._id })).code).toBe(404)

    const configured = await user.client.call('v3.activity.explainNode', { activityId: w.order._id, fieldId: w.gross._id })
    expect(configured).toMatchObject({ graphMode: 'configured', direction: 'both', maxDepth: 8, truncated: false })
    const id = (p: string, f: string) => `${p}:${f}`
    expect(configured.edges).toEqual(
      expect.arrayContaining([
        { from: id(w.orders, w.amount._id), to: id(w.orders, w.gross._id), variable: 'amount', kind: '=', depth: 1 },
        { from: id(w.orders, w.vat._id), to: id(w.orders, w.gross._id), variable: 'vat', kind: '=', depth: 1 },
        { from: id(w.orders, w.amount._id), to: id(w.orders, w.vat._id), variable: 'amount', kind: '=', depth: 2 },
        { from: id(w.orders, w.gross._id), to: id(w.customers, w.sum._id), variable: 'g', kind: '<', depth: 1 },
      ]),
    )
    expect(configured.nodes.find((n: { id: string }) => n.id === id(w.customers, w.sum._id))).toMatchObject({ label: 'Customers.Sum', isFunction: true })

    const runtime = await owner.client.call('v3.activity.explainNode', {
      activityId: w.order._id,
      fieldId: w.gross._id,
      graphMode: 'runtime',
      direction: 'outgoing',
      includeValues: true,
    })
    expect(runtime.nodes).toEqual(expect.arrayContaining([expect.objectContaining({ id: `${w.acme._id}:${w.sum._id}`, value: 124, status: 'ok' })]))
    expect(runtime.edges).toEqual([
      {
        from: `${w.order._id}:${w.gross._id}`,
        to: `${w.acme._id}:${w.sum._id}`,
        variable: 'g',
        kind: '<',
        viaActivities: { count: 1, sample: [w.acme._id] },
        depth: 1,
      },
    ])
    const shallow = await owner.client.call('v3.activity.explainNode', { activityId: w.order._id, fieldId: w.gross._id, direction: 'incoming', maxDepth: 1 })
    expect(shallow.truncated).toBe(true) // vat's own input lies beyond depth 1
  })
})

describe('v3.activity.explainNodeDryRun', () => {
  test('401, 400, 404, 403 for a user, then one run with its inputs', async () => {
    const w = world
    const args = { activityId: w.order._id, fieldId: w.gross._id }
    expect((await anon.fail('v3.activity.explainNodeDryRun', args)).code).toBe(401)
    expect(await owner.client.fail('v3.activity.explainNodeDryRun', { ...args, includeContext: 'yes' })).toMatchObject({
      code: 400,
      details: { path: '/includeContext' },
    })
    expect((await stranger.client.fail('v3.activity.explainNodeDryRun', args)).code).toBe(404)
    expect((await user.client.fail('v3.activity.explainNodeDryRun', args)).code).toBe(403)
    const run = await owner.client.call('v3.activity.explainNodeDryRun', { ...args, includeContext: true })
    expect(run).toMatchObject({
      isFunction: true,
      result: 124,
      storedValue: 124,
      differs: false,
      dep: { amount: 100, vat: 24 },
      durationUs: expect.any(Number),
    })
    expect(run.inputs.map((i: { variable: string }) => i.variable).sort()).toEqual(['amount', 'vat'])
  })
})

describe('the fast mode (v2.network.fastFunctions.set)', () => {
  // FUNCTION_MODE=fast or default (running the suites in one mode) puts every workspace in that mode.
  const forced = process.env.FUNCTION_MODE
  const pathWhen = (on: boolean) => (forced === 'fast' || (forced !== 'default' && on) ? 'batch' : 'single')

  test('switches the path evaluations take; values and errors stay the same', async () => {
    const w = world
    const dry = (fieldId: string) => owner.client.call('v3.activity.explainNodeDryRun', { activityId: w.order._id, fieldId })
    const broken = await owner.client.call('process.create_field', w.orders, {
      label: 'Broken',
      type: 'numeric',
      function: 'return dep.amount.toFixed.x.y',
      functionEnabled: true,
      functionVariables: { amount: { type: '=', data: [w.amount._id] } },
    })
    const before = [await dry(w.gross._id), await dry(broken._id)]
    expect(before[0]).toMatchObject({ result: 124, path: pathWhen(false) })
    expect(before[1]).toMatchObject({ error: expect.stringMatching(/^TypeError/), path: 'single' })
    expect(await owner.client.call('v2.network.fastFunctions.set', owner.cid, true)).toBe(true)
    const fast = [await dry(w.gross._id), await dry(broken._id)]
    expect(fast[0]).toMatchObject({ result: 124, path: pathWhen(true) })
    // A body that throws in a batch is evaluated again alone, so its error reads as in the default mode.
    expect(fast[1]).toMatchObject({ error: before[1].error, path: 'single' })
    // A write's recompute in the fast mode stores what the default mode stores.
    await owner.client.call('v3.activity.updateMany', [{ _id: w.order._id, fields: { [w.amount._id]: 200 } }])
    expect(await dry(w.gross._id)).toMatchObject({ result: 248, storedValue: 248, differs: false })
    expect(await owner.client.call('v2.network.fastFunctions.set', owner.cid, false)).toBe(true)
    expect(await dry(w.gross._id)).toMatchObject({ result: 248, path: pathWhen(false) })
    await owner.client.call('v3.activity.updateMany', [{ _id: w.order._id, fields: { [w.amount._id]: 100 } }])
    await owner.client.call('process.remove_field', w.orders, broken._id)
  })
})

describe('v3.activity.verifyWorkflowValues', () => {
  test('401, 400, 404, 403 for a user, then 0 mismatches; a value written over by hand is one', async () => {
    const w = world
    expect((await anon.fail('v3.activity.verifyWorkflowValues', { workflowId: w.orders })).code).toBe(401)
    expect(await owner.client.fail('v3.activity.verifyWorkflowValues', { workflowId: 'x' })).toMatchObject({ code: 400, details: { path: '/workflowId' } })
    expect(await owner.client.fail('v3.activity.verifyWorkflowValues', {})).toMatchObject({ code: 400, details: { path: '/workflowId' } })
    expect((await stranger.client.fail('v3.activity.verifyWorkflowValues', { workflowId: w.orders })).code).toBe(404)
    expect((await user.client.fail('v3.activity.verifyWorkflowValues', { workflowId: w.orders })).code).toBe(403)
    expect(await owner.client.call('v3.activity.verifyWorkflowValues', { workflowId: w.orders })).toEqual({
      checked: 2,
      mismatches: [],
      truncated: false,
      errors: 0,
      cycles: 0,
      dirty: 0,
    })
    // A user may type into a function field; until its inputs change, the stored value differs.
    await owner.client.call('v3.activity.updateMany', [{ _id: w.order._id, fields: { [w.vat._id]: 1 } }])
    const report = await owner.client.call('v3.activity.verifyWorkflowValues', { workflowId: w.orders })
    // Gross was computed from the typed VAT (101); from scratch it is 124.
    expect(report.mismatches).toEqual([
      { activityId: w.order._id, fieldId: w.vat._id, stored: 1, computed: 24 },
      { activityId: w.order._id, fieldId: w.gross._id, stored: 101, computed: 124 },
    ])
  })
})

describe('v3.activity.convertStackedVariables', () => {
  test('401, 400, 404, 403 for a user; a dry run lists what converts and what does not; then the conversion is saved and evaluated', async () => {
    const w = world
    const c = owner.client
    const tier = await c.call('process.create_field', w.customers, { label: 'Tier', type: 'text' })
    await c.call('v3.activity.updateMany', [{ _id: w.acme._id, fields: { [tier._id]: 'gold' } }])
    const stacked = await c.call('process.create_field', w.orders, {
      label: 'Customer tier',
      type: 'text',
      function: 'return Array.isArray(dep.t) ? "stacked" : dep.t',
      functionEnabled: true,
      functionVariables: {
        t: [
          { type: '>', data: [w.customer._id] },
          { type: '=', data: [tier._id] },
        ],
        odd: [
          { type: '=', data: [w.amount._id] },
          { type: '=', data: [w.amount._id] },
        ],
      },
    })
    expect((await anon.fail('v3.activity.convertStackedVariables', {})).code).toBe(401)
    expect(await c.fail('v3.activity.convertStackedVariables', { dryRun: 'no' })).toMatchObject({ code: 400, details: { path: '/dryRun' } })
    expect((await c.fail('v3.activity.convertStackedVariables', { processId: w.foreign })).code).toBe(404)
    expect((await user.client.fail('v3.activity.convertStackedVariables', {})).code).toBe(403)

    const plan = await c.call('v3.activity.convertStackedVariables', { processId: w.orders })
    expect(plan).toEqual({
      converted: [{ processId: w.orders, fieldId: stacked._id, variable: 't', from: expect.any(Array), to: { type: '>', data: [w.customer._id, tier._id] } }],
      notConverted: [{ processId: w.orders, fieldId: stacked._id, variable: 'odd', from: expect.any(Array), reason: expect.stringContaining('one hop') }],
      written: false,
    })
    expect((await loadWorkflow(c, w.orders)).fields[stacked._id].functionVariables.t).toHaveLength(2)
    expect(await c.call('v3.activity.convertStackedVariables', { processId: w.orders, dryRun: false })).toMatchObject({ written: true })
    expect((await loadWorkflow(c, w.orders)).fields[stacked._id].functionVariables.t).toEqual({ type: '>', data: [w.customer._id, tier._id] })
    const order = await c.call('v3.activity.get', w.order._id)
    expect(order.fields!.find((f: any) => f._id === stacked._id)!.value).toBe('gold')
  })
})
