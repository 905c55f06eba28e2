/**
 * Consistency fuzz: thousands of random edits (values, links, phase moves, removals, recoveries,
 * new activities, a function changed midway), each cascading through same-activity, `>` and `<`
 * dependencies; afterwards verifyWorkflowValues, which computes every value again from scratch,
 * must find 0 mismatches. The seed is printed so a failure can be replayed (FUZZ_SEED=...).
 */
import { generator, SEED } from '../helpers/seeded'
import { signedIn, type SignedIn } from '../helpers/users'
import { type FieldDescriptor, newPhaseId } from '../helpers/workflows'
import type { ArgsOf } from '../helpers/client'

let owner: SignedIn
beforeAll(async () => {
  owner = await signedIn('fn-fuzz')
})
afterAll(() => owner.client.close())

test(`random edits leave every function value equal to a computation from scratch (seed ${SEED})`, async () => {
  const rnd = generator(SEED)
  const c = owner.client
  const teamId = (await c.call('company.new_team', { name: 'T' }))._id
  const phasesOf: Record<string, string[]> = {}
  const workflow = async (name: string) => {
    const p = await c.call('process.create', { name })
    const phases = (phasesOf[p._id] = [newPhaseId(), newPhaseId(), newPhaseId()])
    await c.call('process.set_info', p._id, { phases: Object.fromEntries(phases.map((id, i) => [id, { name: `P${i}` }])), phasesOrder: phases })
    return p._id as string
  }
  const customers = await workflow('Customers')
  const orders = await workflow('Orders')
  const tier = await c.call('process.create_field', customers, { label: 'Tier', type: 'numeric' })
  const amount = await c.call('process.create_field', orders, { label: 'Amount', type: 'numeric' })
  const link = await c.call('process.create_field', orders, { label: 'Customer', type: 'activitylink', data: [customers] })
  const fn = (processId: string, label: string, body: string, variables: FieldDescriptor['functionVariables'], type: FieldDescriptor['type'] = 'numeric') =>
    c.call('process.create_field', processId, { label, type, function: body, functionEnabled: true, functionVariables: variables })
  const vat = await fn(orders, 'VAT', 'return Math.round(dep.a * 24) / 100', { a: { type: '=', data: [amount._id] } })
  const gross = await fn(orders, 'Gross', 'return dep.a + dep.v', { a: { type: '=', data: [amount._id] }, v: { type: '=', data: [vat._id] } })
  const tierOf = await fn(orders, 'Tier of customer', 'return dep.t', { t: { type: '>', data: [link._id, tier._id] } })
  const sum = await fn(customers, 'Sum', 'return dep.g.reduce((s, x) => s + (x || 0), 0)', { g: { type: '<', data: [orders, gross._id] } })
  const weighted = await fn(orders, 'Weighted', 'return dep.g * (dep.t || 1)', { g: { type: '=', data: [gross._id] }, t: { type: '=', data: [tierOf._id] } })
  await fn(
    customers,
    'Report',
    "return dep.s + ' over ' + dep.n.length + ' in ' + dep.meta.phaseName",
    { s: { type: '=', data: [sum._id] }, n: { type: '<', data: [orders, 'data'] }, meta: { type: '=', data: ['data'] } },
    'text',
  )
  void weighted

  const customerIds: string[] = []
  const orderIds: string[] = []
  const removed: string[] = []
  for (let i = 0; i < 8; i++)
    customerIds.push((await c.call('v3.activity.create', customers, { name: `C${i}`, fields: { [tier._id]: rnd.int(5) } }, { teamId }))._id)
  const created = await c.call(
    'v3.activity.createMany',
    orders,
    Array.from({ length: 40 }, (_, i) => ({ name: `O${i}`, fields: { [amount._id]: rnd.int(1000), [link._id]: rnd.pick(customerIds) } })),
    { teamId },
  )
  orderIds.push(...created.map((o: { _id: string }) => o._id))

  let edits = 0
  for (let step = 0; step < 700; step++) {
    const roll = rnd.next()
    if (roll < 0.55) {
      const updates = new Map<string, ArgsOf<'v3.activity.updateMany'>[0][number]>()
      for (let k = 0; k < 1 + rnd.int(5); k++) {
        const id = rnd.pick(orderIds)
        const kind = rnd.int(3)
        const u = updates.get(id) ?? { _id: id }
        if (kind === 0) u.fields = { ...(u.fields as object), [amount._id]: rnd.int(1000) }
        else if (kind === 1) u.fields = { ...(u.fields as object), [link._id]: rnd.next() < 0.15 ? null : rnd.pick(customerIds) }
        else u.phaseId = rnd.pick(phasesOf[orders])
        updates.set(id, u)
        edits++
      }
      await c.call('v3.activity.updateMany', [...updates.values()], { ignoreRequired: true })
    } else if (roll < 0.7) {
      const updates = [...new Set(Array.from({ length: 1 + rnd.int(3) }, () => rnd.pick(customerIds)))].map((id) =>
        rnd.next() < 0.7 ? { _id: id, fields: { [tier._id]: rnd.int(5) } } : { _id: id, phaseId: rnd.pick(phasesOf[customers]) },
      )
      edits += updates.length
      await c.call('v3.activity.updateMany', updates, { ignoreRequired: true })
    } else if (roll < 0.8 && orderIds.length > 5) {
      const id = orderIds.splice(rnd.int(orderIds.length), 1)[0]
      await c.call('v3.activity.remove', [id])
      removed.push(id)
      edits++
    } else if (roll < 0.88 && removed.length) {
      const id = removed.splice(rnd.int(removed.length), 1)[0]
      await c.call('v3.activity.removed.recover', [id])
      orderIds.push(id)
      edits++
    } else if (roll < 0.97) {
      const o = await c.call(
        'v3.activity.create',
        orders,
        { name: 'new', fields: { [amount._id]: rnd.int(1000), ...(rnd.next() < 0.8 ? { [link._id]: rnd.pick(customerIds) } : {}) } },
        { teamId },
      )
      orderIds.push(o._id)
      edits++
    } else {
      customerIds.push((await c.call('v3.activity.create', customers, { name: 'C+', fields: { [tier._id]: rnd.int(5) } }, { teamId }))._id)
      edits++
    }
    if (step === 350) await c.call('process.update_field', orders, vat._id, { function: 'return Math.round(dep.a * 10) / 100' })
  }
  expect(edits).toBeGreaterThan(1000)
  for (const workflowId of [orders, customers]) {
    expect(await c.call('v3.activity.verifyWorkflowValues', { workflowId })).toMatchObject({ mismatches: [], errors: 0, cycles: 0, dirty: 0 })
  }
}, 600_000)
