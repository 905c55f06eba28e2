/**
 * Function values under concurrent writes: values are evaluated after each write commits, with no
 * transaction open, and stored only if nothing they were computed from changed meanwhile
 * (server/functions/recompute.ts). Many writes at once, over same-activity, `>` and `<`
 * dependencies; once the queue is drained, verifyWorkflowValues (every value computed again from
 * scratch) must find 0 mismatches: no value is left stale without being marked. The seed is
 * printed so a failure can be replayed (FUZZ_SEED=...). Run on PGlite and on PostgreSQL, where the
 * writes truly overlap.
 */
import { generator, SEED } from '../helpers/seeded'
import { signedIn, type SignedIn } from '../helpers/users'
import { type FieldDescriptor, newPhaseId } from '../helpers/workflows'

/** Calls in flight at once. */
const AT_ONCE = 8

let owner: SignedIn
beforeAll(async () => {
  owner = await signedIn('fn-concurrent')
})
afterAll(() => owner.client.close())

test(`writes at once leave every function value equal to a computation from scratch (seed ${SEED})`, async () => {
  const rnd = generator(SEED)
  const c = owner.client
  const teamId = (await c.call('company.new_team', { name: 'T' }))._id
  const workflow = async (name: string) => {
    const p = await c.call('process.create', { name })
    const phase = newPhaseId()
    await c.call('process.set_info', p._id, { phases: { [phase]: { name: 'Open' } }, phasesOrder: [phase] })
    return p._id as string
  }
  const customers = await workflow('Customers')
  const orders = await workflow('Orders')
  const tier = await c.call('process.create_field', customers, { label: 'Tier', type: 'numeric' })
  const amount = await c.call('process.create_field', orders, { label: 'Amount', type: 'numeric' })
  const link = await c.call('process.create_field', orders, { label: 'Customer', type: 'activitylink', data: [customers] })
  const fn = (processId: string, label: string, body: string, variables: FieldDescriptor['functionVariables']) =>
    c.call('process.create_field', processId, { label, type: 'numeric', function: body, functionEnabled: true, functionVariables: variables })
  const gross = await fn(orders, 'Gross', 'return Math.round(dep.a * 124) / 100', { a: { type: '=', data: [amount._id] } })
  const tierOf = await fn(orders, 'Tier of customer', 'return dep.t', { t: { type: '>', data: [link._id, tier._id] } })
  const sum = await fn(customers, 'Sum', 'return dep.g.reduce((s, x) => s + (x || 0), 0)', { g: { type: '<', data: [orders, gross._id] } })
  await fn(orders, 'Weighted', 'return dep.g * (dep.t || 1)', { g: { type: '=', data: [gross._id] }, t: { type: '=', data: [tierOf._id] } })
  await fn(customers, 'Share', 'return dep.s / (dep.t + 1)', { s: { type: '=', data: [sum._id] }, t: { type: '=', data: [tier._id] } })

  const customerIds: string[] = []
  for (let i = 0; i < 4; i++) customerIds.push((await c.call('v3.activity.create', customers, { name: `C${i}`, fields: { [tier._id]: i } }, { teamId }))._id)
  const created = await c.call(
    'v3.activity.createMany',
    orders,
    Array.from({ length: 16 }, (_, i) => ({ name: `O${i}`, fields: { [amount._id]: rnd.int(1000), [link._id]: rnd.pick(customerIds) } })),
    { teamId },
  )
  const orderIds: string[] = created.map((o: { _id: string }) => o._id)

  // Few activities, many writes at once: the same values are evaluated by overlapping propagations.
  const edit = () => {
    const roll = rnd.next()
    if (roll < 0.5) return c.call('v3.activity.updateMany', [{ _id: rnd.pick(orderIds), fields: { [amount._id]: rnd.int(1000) } }])
    if (roll < 0.7) return c.call('v3.activity.updateMany', [{ _id: rnd.pick(orderIds), fields: { [link._id]: rnd.pick(customerIds) } }])
    if (roll < 0.9) return c.call('v3.activity.updateMany', [{ _id: rnd.pick(customerIds), fields: { [tier._id]: rnd.int(5) } }])
    return c
      .call('v3.activity.create', orders, { name: 'new', fields: { [amount._id]: rnd.int(1000), [link._id]: rnd.pick(customerIds) } }, { teamId })
      .then((o: { _id: string }) => orderIds.push(o._id))
  }
  for (let round = 0; round < 40; round++) await Promise.all(Array.from({ length: AT_ONCE }, edit))

  for (const workflowId of [orders, customers]) {
    let report = await c.call('v3.activity.verifyWorkflowValues', { workflowId })
    // Values a propagation could not store are marked stale and drained: wait for that.
    for (let i = 0; i < 200 && report.dirty > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      report = await c.call('v3.activity.verifyWorkflowValues', { workflowId })
    }
    expect(report).toMatchObject({ mismatches: [], errors: 0, cycles: 0, dirty: 0 })
  }
}, 600_000)
