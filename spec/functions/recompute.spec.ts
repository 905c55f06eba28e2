/**
 * Function values kept up to date by every write that changes an input: create, updateMany (values,
 * links, phase moves, names), remove and recover; errors stored per field with the last good value
 * kept; cycles in the data marked; a second client hears `v3.activity.updated` for computed values.
 */
import { newId } from '../helpers/ids'
import { joinWorkspace, type JoinedMember } from '../helpers/members'
import { signedIn, type SignedIn } from '../helpers/users'
import type { FieldDescriptor } from '../helpers/workflows'

let owner: SignedIn
let viewer: JoinedMember
let teamId: string
beforeAll(async () => {
  owner = await signedIn('fn-owner')
  viewer = await joinWorkspace(owner, { role: 'user' })
  teamId = (await owner.client.call('company.new_team', { name: 'Sales' }))._id
})
afterAll(() => Promise.all([owner.client.close(), viewer.client.close()]))

async function workflow(name: string) {
  const p = await owner.client.call('process.create', { name })
  const [A, B] = [newId(), newId()]
  await owner.client.call('process.set_info', p._id, { phases: { [A]: { name: 'Open' }, [B]: { name: 'Done' } }, phasesOrder: [A, B] })
  return { id: p._id as string, A, B }
}
const field = (processId: string, descriptor: FieldDescriptor) => owner.client.call('process.create_field', processId, descriptor)
const fn = (label: string, body: string, variables: FieldDescriptor['functionVariables'], type: FieldDescriptor['type'] = 'numeric'): FieldDescriptor => ({
  label,
  type,
  function: body,
  functionEnabled: true,
  functionVariables: variables,
})
const value = async (activityId: string, fieldId: string) => (await owner.client.call('v3.activity.get', activityId)).fields!.find((f) => f._id === fieldId)!

test('same-activity functions: computed at create, again on update, errors keep the last good value', async () => {
  const orders = await workflow('Orders')
  const qty = await field(orders.id, { label: 'Qty', type: 'numeric' })
  const price = await field(orders.id, { label: 'Price', type: 'numeric' })
  const total = await field(
    orders.id,
    fn('Total', "if (dep.qty > 100) throw new Error('too many'); return dep.qty * dep.price", {
      qty: { type: '=', data: [qty._id] },
      price: { type: '=', data: [price._id] },
    }),
  )
  const label = await field(
    orders.id,
    fn(
      'Label',
      "return 'Total ' + dep.total + ' in ' + dep.meta.phaseName",
      { total: { type: '=', data: [total._id] }, meta: { type: '=', data: ['data'] } },
      'text',
    ),
  )

  const a = await owner.client.call('v3.activity.create', orders.id, { name: 'A', fields: { [qty._id]: 2, [price._id]: 3 } }, { teamId })
  expect(a.fields).toEqual(
    expect.arrayContaining([
      { _id: total._id, value: 6 },
      { _id: label._id, value: 'Total 6 in Open' },
    ]),
  )

  await owner.client.call('v3.activity.updateMany', [{ _id: a._id, fields: { [qty._id]: 5 } }])
  expect(await value(a._id, total._id)).toEqual({ _id: total._id, value: 15 })
  expect(await value(a._id, label._id)).toEqual({ _id: label._id, value: 'Total 15 in Open' })
  await viewer.client.waitForSignal('v3.activity.updated', (m) => m._id === a._id && m.fields.includes(total._id) && m.fields.includes(label._id))

  // A phase move changes the metadata the label reads.
  await owner.client.call('v3.activity.updateMany', [{ _id: a._id, phaseId: orders.B }])
  expect((await value(a._id, label._id)).value).toBe('Total 15 in Done')

  await owner.client.call('v3.activity.updateMany', [{ _id: a._id, fields: { [qty._id]: 101 } }])
  expect(await value(a._id, total._id)).toEqual({ _id: total._id, value: 15, error: 'Error: too many' })
  await owner.client.call('v3.activity.updateMany', [{ _id: a._id, fields: { [qty._id]: 1 } }])
  expect(await value(a._id, total._id)).toEqual({ _id: total._id, value: 3 })
})

test('across links: `<` arrays and `>` values follow link changes, removal and recovery', async () => {
  const customers = await workflow('Customers')
  const orders = await workflow('Orders')
  const amount = await field(orders.id, { label: 'Amount', type: 'numeric' })
  const customer = await field(orders.id, { label: 'Customer', type: 'activitylink', data: [customers.id] })
  const tier = await field(customers.id, { label: 'Tier', type: 'text' })
  const sum = await field(
    customers.id,
    fn('Sum', 'return dep.amounts.reduce((a, b) => a + (b || 0), 0)', { amounts: { type: '<', data: [orders.id, amount._id] } }),
  )
  const orderTier = await field(orders.id, fn('Customer tier', 'return dep.tier', { tier: { type: '>', data: [customer._id, tier._id] } }, 'text'))

  const c1 = await owner.client.call('v3.activity.create', customers.id, { name: 'C1', fields: { [tier._id]: 'gold' } }, { teamId })
  const c2 = await owner.client.call('v3.activity.create', customers.id, { name: 'C2', fields: { [tier._id]: 'silver' } }, { teamId })
  const [o1, o2] = await owner.client.call(
    'v3.activity.createMany',
    orders.id,
    [
      { name: 'O1', fields: { [amount._id]: 10, [customer._id]: c1._id } },
      { name: 'O2', fields: { [amount._id]: 32, [customer._id]: c1._id } },
    ],
    { teamId },
  )
  expect((await value(c1._id, sum._id)).value).toBe(42)
  expect(o1.fields).toEqual(expect.arrayContaining([{ _id: orderTier._id, value: 'gold' }]))

  await owner.client.call('v3.activity.updateMany', [{ _id: o2._id, fields: { [customer._id]: c2._id } }])
  expect((await value(c1._id, sum._id)).value).toBe(10)
  expect((await value(c2._id, sum._id)).value).toBe(32)
  expect((await value(o2._id, orderTier._id)).value).toBe('silver')

  await owner.client.call('v3.activity.updateMany', [{ _id: c2._id, fields: { [tier._id]: 'bronze' } }])
  expect((await value(o2._id, orderTier._id)).value).toBe('bronze')

  await owner.client.call('v3.activity.remove', [o1._id])
  expect((await value(c1._id, sum._id)).value).toBe(0)
  await owner.client.call('v3.activity.removed.recover', [o1._id])
  expect((await value(c1._id, sum._id)).value).toBe(10)
})

test('a cycle in the data is marked on each value, and ends when the data no longer loops', async () => {
  const teams = await workflow('Teams')
  const parent = await field(teams.id, { label: 'Parent', type: 'activitylink', data: [teams.id] })
  const level = await field(teams.id, { label: 'Level', type: 'numeric' })
  await owner.client.call('process.update_field', teams.id, level._id, {
    function: 'return dep.parent == null ? 0 : dep.parent + 1',
    functionEnabled: true,
    functionVariables: { parent: { type: '>', data: [parent._id, level._id] } },
  })
  const root = await owner.client.call('v3.activity.create', teams.id, { name: 'Root' }, { teamId })
  const child = await owner.client.call('v3.activity.create', teams.id, { name: 'Child', fields: { [parent._id]: root._id } }, { teamId })
  expect((await value(root._id, level._id)).value).toBe(0)
  expect((await value(child._id, level._id)).value).toBe(1)

  await owner.client.call('v3.activity.updateMany', [{ _id: root._id, fields: { [parent._id]: child._id } }])
  for (const id of [root._id, child._id]) expect((await value(id, level._id)).error).toMatch(/^Circular reference: Teams\.Level/)
  expect((await value(child._id, level._id)).value).toBe(1) // the last good value stays

  await owner.client.call('v3.activity.updateMany', [{ _id: root._id, fields: { [parent._id]: null } }])
  expect(await value(root._id, level._id)).toEqual({ _id: level._id, value: 0 })
  expect(await value(child._id, level._id)).toEqual({ _id: level._id, value: 1 })
})

test('a name function names activities and follows its inputs', async () => {
  const deals = await workflow('Deals')
  const code = await field(deals.id, { label: 'Code', type: 'text' })
  await owner.client.call('process.set_info', deals.id, {
    nameFunction: "return 'Deal ' + dep.code",
    nameFunctionEnabled: true,
    nameFunctionVariables: { code: { type: '=', data: [code._id] } },
  })
  const d = await owner.client.call('v3.activity.create', deals.id, { name: 'typed', fields: { [code._id]: 'X1' } }, { teamId })
  expect(d.name).toBe('Deal X1')
  await owner.client.call('v3.activity.updateMany', [{ _id: d._id, fields: { [code._id]: 'X2' } }])
  expect((await owner.client.call('v3.activity.get', d._id)).name).toBe('Deal X2')
})

test("a name function's error is shown as nameError with the last good name, and cleared when it works again", async () => {
  const deals = await workflow('Named deals')
  const code = await field(deals.id, { label: 'Code', type: 'text' })
  await owner.client.call('process.set_info', deals.id, {
    nameFunction: "if (dep.code === 'bad') throw new Error('no name for bad'); return 'Deal ' + dep.code",
    nameFunctionEnabled: true,
    nameFunctionVariables: { code: { type: '=', data: [code._id] } },
  })
  const d = await owner.client.call('v3.activity.create', deals.id, { name: 'typed', fields: { [code._id]: 'X1' } }, { teamId })
  expect(d.nameError).toBeUndefined()
  await owner.client.call('v3.activity.updateMany', [{ _id: d._id, fields: { [code._id]: 'bad' } }])
  const broken = await owner.client.call('v3.activity.get', d._id)
  expect(broken.name).toBe('Deal X1')
  expect(broken.nameError).toContain('no name for bad')
  const listed = await owner.client.call('v3.activity.list', { processId: deals.id })
  expect(JSON.stringify(listed)).toContain('no name for bad')
  await owner.client.call('v3.activity.updateMany', [{ _id: d._id, fields: { [code._id]: 'X3' } }])
  const mended = await owner.client.call('v3.activity.get', d._id)
  expect(mended.name).toBe('Deal X3')
  expect(mended.nameError).toBeUndefined()
})
