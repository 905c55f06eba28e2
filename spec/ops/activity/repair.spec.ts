/**
 * repairPath(+DryRun), repairWorkflowPath(+DryRun), forceRepairPath, forceRepairWorkflowPath:
 * 401, 400, 404, 403, what each computes and writes; editable values trusted by the plain variants
 * only; configured cycles block the force variants before any write.
 */
import { Client } from '../../helpers/client'
import { newId } from '../../helpers/ids'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'
import { addOpenPhase, workflowWithPhase } from '../../helpers/workflows'

let cast: Cast
let owner: SignedIn
let user: JoinedMember
let stranger: SignedIn
let anon: Client
let teamId: string
beforeAll(async () => {
  cast = await meetCast()
  ;({ owner, member: user, stranger, anon } = cast)
  teamId = (await owner.client.call('company.new_team', { name: 'T' }))._id
})
afterAll(() => closeCast(cast))

async function world() {
  const c = owner.client
  const p = await c.call('process.create', { name: 'Orders' })
  await addOpenPhase(c, p._id)
  const amount = await c.call('process.create_field', p._id, { label: 'Amount', type: 'numeric' })
  const fee = await c.call('process.create_field', p._id, {
    label: 'Fee',
    type: 'numeric',
    editable: true,
    function: 'return dep.amount / 10',
    functionEnabled: true,
    functionVariables: { amount: { type: '=', data: [amount._id] } },
  })
  const total = await c.call('process.create_field', p._id, {
    label: 'Total',
    type: 'numeric',
    function: 'return dep.amount + dep.fee',
    functionEnabled: true,
    functionVariables: { amount: { type: '=', data: [amount._id] }, fee: { type: '=', data: [fee._id] } },
  })
  const a = await c.call('v3.activity.create', p._id, { name: 'A', fields: { [amount._id]: 100 } }, { teamId })
  // A user types over Fee (editable) and, by hand, over Total.
  await c.call('v3.activity.updateMany', [{ _id: a._id, fields: { [fee._id]: 1 } }])
  await c.call('v3.activity.updateMany', [{ _id: a._id, fields: { [total._id]: 0 } }])
  return { processId: p._id as string, amount, fee, total, a }
}
const valueOf = async (activityId: string, fieldId: string) =>
  (await owner.client.call('v3.activity.get', activityId)).fields!.find((f: any) => f._id === fieldId)?.value

test('path variants: 401, 400, 404, 403 without edit permission; dry run, repair trusting editable values, force not trusting them', async () => {
  const w = await world()
  const args = { activityId: w.a._id, fieldId: w.total._id }
  for (const op of ['v3.activity.repairPath', 'v3.activity.repairPathDryRun', 'v3.activity.forceRepairPath']) {
    expect((await anon.fail(op, args)).code).toBe(401)
    expect(await owner.client.fail(op, { activityId: w.a._id })).toMatchObject({ code: 400, details: { path: '/fieldId' } })
    expect((await stranger.client.fail(op, args)).code).toBe(404)
  }
  expect((await user.client.fail('v3.activity.repairPath', args)).code).toBe(403)
  expect((await user.client.fail('v3.activity.forceRepairPath', { ...args, writeValues: true })).code).toBe(403)

  const dry = await user.client.call('v3.activity.repairPathDryRun', args)
  expect(dry).toMatchObject({
    blocked: false,
    checked: 1,
    changed: 1,
    written: false,
    nodes: [{ activityId: w.a._id, fieldId: w.total._id, before: 0, after: 101, changed: true }],
  })
  expect(await valueOf(w.a._id, w.total._id)).toBe(0)

  // force, not written by default: Fee is evaluated too (its typed 1 not trusted).
  const forcedDry = await owner.client.call('v3.activity.forceRepairPath', args)
  expect(forcedDry).toMatchObject({ blocked: false, checked: 2, written: false })
  expect(forcedDry.nodes).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ fieldId: w.fee._id, before: 1, after: 10 }),
      expect.objectContaining({ fieldId: w.total._id, after: 110 }),
    ]),
  )

  expect(await owner.client.call('v3.activity.repairPath', args)).toMatchObject({ written: true, changed: 1 })
  expect(await valueOf(w.a._id, w.total._id)).toBe(101)
  expect(await valueOf(w.a._id, w.fee._id)).toBe(1)
  await user.client.waitForSignal('v3.activity.updated', (m) => m._id === w.a._id && m.fields.includes(w.total._id))

  expect(await owner.client.call('v3.activity.forceRepairPath', { ...args, writeValues: true })).toMatchObject({ written: true, propagated: true })
  expect(await valueOf(w.a._id, w.fee._id)).toBe(10)
  expect(await valueOf(w.a._id, w.total._id)).toBe(110)
})

test('workflow variants: 401, 400, 404, 403 for a user; every activity repaired; a configured cycle blocks the force variant before any write', async () => {
  const w = await world()
  const args = { workflowId: w.processId, fieldId: w.total._id }
  for (const op of ['v3.activity.repairWorkflowPath', 'v3.activity.repairWorkflowPathDryRun', 'v3.activity.forceRepairWorkflowPath']) {
    expect((await anon.fail(op, args)).code).toBe(401)
    expect(await owner.client.fail(op, { fieldId: w.total._id })).toMatchObject({ code: 400, details: { path: '/workflowId' } })
    expect((await stranger.client.fail(op, args)).code).toBe(404)
    expect((await user.client.fail(op, args)).code).toBe(403)
  }
  expect(await owner.client.call('v3.activity.repairWorkflowPathDryRun', args)).toMatchObject({ activities: 1, changed: 1, written: false })
  expect(await owner.client.call('v3.activity.repairWorkflowPath', { ...args, includeActivityResults: false })).toEqual({
    blocked: false,
    checked: 1,
    changed: 1,
    written: true,
    propagated: true,
    staleDependents: 0,
    activities: 1,
  })
  expect(await valueOf(w.a._id, w.total._id)).toBe(101)

  const teams = await owner.client.call('process.create', { name: 'Teams' })
  const phase = newId()
  await owner.client.call('process.set_info', teams._id, { phases: { [phase]: { name: 'Open' } }, phasesOrder: [phase] })
  const parent = await owner.client.call('process.create_field', teams._id, { label: 'Parent', type: 'activitylink', data: [teams._id] })
  const level = await owner.client.call('process.create_field', teams._id, { label: 'Level', type: 'numeric' })
  await owner.client.call('process.update_field', teams._id, level._id, {
    function: 'return dep.p == null ? 0 : dep.p + 1',
    functionEnabled: true,
    functionVariables: { p: { type: '>', data: [parent._id, level._id] } },
  })
  const t = await owner.client.call('v3.activity.create', teams._id, { name: 'Root' }, { teamId })
  await owner.client.call('v3.activity.updateMany', [{ _id: t._id, fields: { [level._id]: 7 } }])
  const blocked = await owner.client.call('v3.activity.forceRepairWorkflowPath', { workflowId: teams._id, fieldId: level._id, writeValues: true })
  expect(blocked).toMatchObject({
    blocked: true,
    written: false,
    activities: 1,
    blockedActivities: 1,
    cyclePath: [expect.objectContaining({ fieldId: level._id, variable: 'p', kind: '>' }), expect.objectContaining({ fieldId: level._id })],
  })
  expect(await valueOf(t._id, level._id)).toBe(7)
  expect(await owner.client.call('v3.activity.forceRepairPath', { activityId: t._id, fieldId: level._id, writeValues: true })).toMatchObject({
    blocked: true,
    written: false,
  })
})

test('outgoingMaxDepth: dependents within the depth are computed in the call, the next ones marked stale and computed by the queue', async () => {
  const c = owner.client
  const { p } = await workflowWithPhase(c, 'Chain')
  const amount = await c.call('process.create_field', p._id, { label: 'Amount', type: 'numeric' })
  const step = (label: string, from: string, body: string) =>
    c.call('process.create_field', p._id, {
      label,
      type: 'numeric',
      function: body,
      functionEnabled: true,
      functionVariables: { x: { type: '=', data: [from] } },
    })
  const f1 = await step('F1', amount._id, 'return dep.x * 2')
  const f2 = await step('F2', f1._id, 'return dep.x + 1')
  const f3 = await step('F3', f2._id, 'return dep.x + 1')
  const a = await c.call('v3.activity.create', p._id, { name: 'A', fields: { [amount._id]: 1 } }, { teamId })
  expect(await valueOf(a._id, f3._id)).toBe(4)
  // Typed over by hand: F1 50, and so F2 51, F3 52.
  await c.call('v3.activity.updateMany', [{ _id: a._id, fields: { [f1._id]: 50 } }])
  expect(await valueOf(a._id, f3._id)).toBe(52)

  const result = await c.call('v3.activity.repairPath', { activityId: a._id, fieldId: f1._id, outgoingMaxDepth: 1 })
  expect(result).toMatchObject({ changed: 1, written: true, propagated: true, staleDependents: 1 })
  expect(await valueOf(a._id, f1._id)).toBe(2)
  expect(await valueOf(a._id, f2._id)).toBe(3)
  // F3, two links away, is left to the queue, which brings it to 4.
  let f3Value = await valueOf(a._id, f3._id)
  while (f3Value !== 4) {
    expect(f3Value).toBe(52)
    await new Promise((resolve) => setTimeout(resolve, 50))
    f3Value = await valueOf(a._id, f3._id)
  }

  // Depth 0: the repaired value only; its direct dependent is stale.
  await c.call('v3.activity.updateMany', [{ _id: a._id, fields: { [f1._id]: 50 } }])
  const zero = await c.call('v3.activity.repairPath', { activityId: a._id, fieldId: f1._id, outgoingMaxDepth: 0 })
  expect(zero).toMatchObject({ changed: 1, staleDependents: 1 })
  expect(await valueOf(a._id, f1._id)).toBe(2)
  while ((await valueOf(a._id, f3._id)) !== 4) await new Promise((resolve) => setTimeout(resolve, 50))
  expect(await valueOf(a._id, f2._id)).toBe(3)
})
