/**
 * The configured graph of function fields, checked when a function is saved (process.create_field,
 * update_field, set_info): variables' shape (400), unknown references (422), cycles within one
 * activity refused with their path (422, nothing saved), cycles across links allowed and reported
 * by v2.process.validateFunctions.
 */
import { MISSING } from '../../helpers/ids'
import { signedIn, type SignedIn } from '../../helpers/users'
import { type FieldDescriptor, loadWorkflow } from '../../helpers/workflows'

let owner: SignedIn
beforeAll(async () => {
  owner = await signedIn('fngraph')
})
afterAll(() => owner.client.close())

const numeric = (label: string, body?: string, variables?: FieldDescriptor['functionVariables']): FieldDescriptor => ({
  label,
  type: 'numeric',
  ...(body ? { function: body, functionEnabled: true, functionVariables: variables ?? {} } : {}),
})
const fieldIds = async (processId: string) => (await loadWorkflow(owner.client, processId)).fieldsOrder as string[]

test('a bad variable is a 400 naming it; a variable naming no field is a 422', async () => {
  const wf = await owner.client.call('process.create', { name: 'Shapes' })
  const bad = await owner.client.fail('process.create_field', wf._id, numeric('A', 'return dep.x', { x: { type: '~', data: ['a'] } }))
  expect(bad).toMatchObject({ code: 400, details: { argument: 1, name: 'field', path: '/functionVariables/x' } })
  expect((await owner.client.fail('process.create_field', wf._id, numeric('A', 'return dep.x', { x: { type: '=', data: [] } }))).details.path).toBe(
    '/functionVariables/x',
  )
  const unknown = await owner.client.fail('process.create_field', wf._id, numeric('A', 'return dep.x', { x: { type: '=', data: [MISSING] } }))
  expect(unknown).toMatchObject({ code: 422, details: { unknown: [{ variable: 'x', reason: expect.stringContaining('not a field of this workflow') }] } })
  expect(await fieldIds(wf._id)).toEqual([])
})

test('a cycle within one activity is refused at save with its whole path, and nothing is saved', async () => {
  const wf = await owner.client.call('process.create', { name: 'Budget' })
  const a = await owner.client.call('process.create_field', wf._id, numeric('A'))
  const b = await owner.client.call('process.create_field', wf._id, numeric('B', 'return dep.a * 2', { a: { type: '=', data: [a._id] } }))
  const c = await owner.client.call('process.create_field', wf._id, numeric('C', 'return dep.b + 1', { b: { type: '=', data: [b._id] } }))
  // A self-read (the editable prefill pattern) is no cycle.
  await owner.client.call('process.update_field', wf._id, c._id, { functionVariables: { b: { type: '=', data: [b._id] }, self: { type: '=', data: [c._id] } } })

  // A := C closes A -> C -> B -> A.
  const refused = await owner.client.fail('process.update_field', wf._id, a._id, {
    function: 'return dep.c',
    functionEnabled: true,
    functionVariables: { c: { type: '=', data: [c._id] } },
  })
  expect(refused.code).toBe(422)
  expect(refused.details.cyclePath.map((s: { label: string }) => s.label)).toEqual(['Budget.A', 'Budget.C', 'Budget.B', 'Budget.A'])
  expect(refused.details.cyclePath[0]).toEqual({ processId: wf._id, fieldId: a._id, label: 'Budget.A', variable: 'c', kind: '=' })
  expect(refused.details.cyclePath[1]).toMatchObject({ fieldId: c._id, variable: 'b' })
  const stored = (await loadWorkflow(owner.client, wf._id)).fields[a._id]
  expect(stored).toMatchObject({ label: 'A' })
  expect(stored.function).toBeUndefined() // rolled back: A is still a plain field

  // Adding the closing variable later is refused the same way.
  const d = await owner.client.call('process.create_field', wf._id, numeric('D'))
  await owner.client.call('process.update_field', wf._id, d._id, { function: 'return 1', functionEnabled: true })
  const e = await owner.client.call('process.create_field', wf._id, numeric('E', 'return dep.d', { d: { type: '=', data: [d._id] } }))
  const closing = await owner.client.fail('process.update_field', wf._id, d._id, { functionVariables: { e: { type: '=', data: [e._id] } } })
  expect(closing.details.cyclePath.map((s: { label: string }) => s.label)).toEqual(['Budget.D', 'Budget.E', 'Budget.D'])
})

test('a cycle through the name function and metadata is a cycle within one activity', async () => {
  const wf = await owner.client.call('process.create', { name: 'Named' })
  const f = await owner.client.call('process.create_field', wf._id, {
    label: 'Label',
    type: 'text',
    function: 'return dep.meta.name',
    functionEnabled: true,
    functionVariables: { meta: { type: '=', data: ['data'] } },
  })
  const refused = await owner.client.fail('process.set_info', wf._id, {
    nameFunction: 'return dep.label',
    nameFunctionEnabled: true,
    nameFunctionVariables: { label: { type: '=', data: [f._id] } },
  })
  expect(refused.code).toBe(422)
  expect(refused.details.cyclePath.map((s: { fieldId: string }) => s.fieldId)).toEqual(['name', f._id, 'name'])
  expect((await loadWorkflow(owner.client, wf._id)).nameFunctionEnabled).toBeUndefined()
})

test('a cycle across links is allowed and reported with its path', async () => {
  const teams = await owner.client.call('process.create', { name: 'Teams' })
  const parent = await owner.client.call('process.create_field', teams._id, { label: 'Parent', type: 'activitylink', data: [teams._id] })
  const level = await owner.client.call('process.create_field', teams._id, numeric('Level'))
  await owner.client.call('process.update_field', teams._id, level._id, {
    function: 'return dep.parentLevel == null ? 0 : dep.parentLevel + 1',
    functionEnabled: true,
    functionVariables: { parentLevel: { type: '>', data: [parent._id, level._id] } },
  })
  const report = await owner.client.call('v2.process.validateFunctions', owner.cid)
  expect(report[level._id]).toMatchObject({ processId: teams._id, valid: true, errors: [] })
  expect(report[level._id].configuredCycle).toEqual([
    { processId: teams._id, fieldId: level._id, label: 'Teams.Level', variable: 'parentLevel', kind: '>' },
    { processId: teams._id, fieldId: level._id, label: 'Teams.Level', variable: 'parentLevel', kind: '>' },
  ])
})
