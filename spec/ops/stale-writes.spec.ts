/**
 * Stale writes (docs/reference/protocol.md#stale-writes): two people read a record, both change it
 * sending `expect` (the values as they read them); the second is refused with 409 naming the value
 * that changed and its value now, and nothing of that call is written. An `expect` that still holds
 * lets the write through.
 */
import type { ResultOf } from '../helpers/client'
import { joinWorkspace, type JoinedMember } from '../helpers/members'
import { signedIn, type SignedIn } from '../helpers/users'
import { loadWorkflow, newPhaseId, workflowWithPhase } from '../helpers/workflows'

let owner: SignedIn
let admin: JoinedMember
let processId: string
let open: string
let done: string
let teamId: string
let text: string
let due: string
beforeAll(async () => {
  owner = await signedIn('stale')
  admin = await joinWorkspace(owner, { role: 'admin', tag: 'staleadmin' })
  const wf = await workflowWithPhase(owner.client, 'Stale writes')
  processId = wf.p._id
  open = wf.phase
  teamId = wf.teamId
  done = newPhaseId()
  await owner.client.call('process.set_info', processId, { phases: { [done]: { name: 'Done' } }, phasesOrder: [open, done] })
  text = (await owner.client.call('process.create_field', processId, { label: 'Text', type: 'text' }))._id
  due = (await owner.client.call('process.create_field', processId, { label: 'Due', type: 'date' }))._id
})
afterAll(() => Promise.all([owner.client.close(), admin.client.close()]))

const valuesOf = (a: ResultOf<'v3.activity.get'>) => Object.fromEntries((a.fields ?? []).map((f: any) => [f._id, f.value]))
const newActivity = async (name: string) =>
  (await owner.client.call('v3.activity.create', processId, { name, fields: { [text]: 'first', [due]: '2026-05-01' } }, { teamId }))._id

describe('v3.activity.updateMany', () => {
  test('two people change the same field from the same read: the second gets 409 naming the field, and nothing of its call is written', async () => {
    const id = await newActivity('Same field')
    const read = valuesOf(await admin.client.call('v3.activity.get', id))
    expect(await owner.client.call('v3.activity.updateMany', [{ _id: id, fields: { [text]: 'owner' }, expect: { fields: { [text]: read[text] } } }])).toBe(1)
    const error = await admin.client.fail('v3.activity.updateMany', [
      { _id: id, name: 'Renamed by admin', fields: { [text]: 'admin' }, expect: { name: 'Same field', fields: { [text]: read[text] } } },
    ])
    expect(error).toMatchObject({ code: 409, details: { reason: 'stale', activityId: id, field: `fields.${text}`, current: 'owner' } })
    const now = await owner.client.call('v3.activity.get', id)
    expect(now.name).toBe('Same field')
    expect(valuesOf(now)[text]).toBe('owner')
  })

  test('a call updating several activities of which one was changed since it was read writes none of them', async () => {
    const ids = [await newActivity('Batch 0'), await newActivity('Batch 1'), await newActivity('Batch 2')]
    await owner.client.call('v3.activity.updateMany', [{ _id: ids[1], priority: 5 }])
    const error = await admin.client.fail(
      'v3.activity.updateMany',
      ids.map((_id, i) => ({ _id, phaseId: done, expect: { phaseId: open, priority: null, name: `Batch ${i}` } })),
    )
    expect(error).toMatchObject({ code: 409, details: { reason: 'stale', activityId: ids[1], field: 'priority', current: 5 } })
    for (const id of ids) expect((await owner.client.call('v3.activity.get', id)).currentPhase).toBe(open)
  })

  test('a change of another field leaves an expect that still holds: the write goes through', async () => {
    const id = await newActivity('Other field')
    const read = await admin.client.call('v3.activity.get', id)
    await owner.client.call('v3.activity.updateMany', [{ _id: id, fields: { [text]: 'owner' } }])
    // The date as read (ms) or as ISO text, the team and the phase as read: all still hold.
    expect(
      await admin.client.call('v3.activity.updateMany', [
        {
          _id: id,
          fields: { [due]: '2026-06-01' },
          expect: { fields: { [due]: valuesOf(read)[due] }, teamId: read.teamId as string, phaseId: read.currentPhase },
        },
      ]),
    ).toBe(1)
    expect(
      await admin.client.call('v3.activity.updateMany', [{ _id: id, fields: { [due]: null }, expect: { fields: { [due]: '2026-06-01T00:00:00Z' } } }]),
    ).toBe(1)
    // A cleared value is left out of the record; expected as null, it holds.
    expect(await admin.client.call('v3.activity.updateMany', [{ _id: id, name: 'Cleared', expect: { fields: { [due]: null } } }])).toBe(1)
    const now = await owner.client.call('v3.activity.get', id)
    expect(valuesOf(now)[text]).toBe('owner')
    expect(valuesOf(now)[due]).toBeUndefined()
    expect(now.name).toBe('Cleared')
  })

  test('a move from a stale phase names phaseId with the phase now', async () => {
    const id = await newActivity('Moved')
    await owner.client.call('v3.activity.updateMany', [{ _id: id, phaseId: done }])
    const error = await admin.client.fail('v3.activity.updateMany', [{ _id: id, phaseId: open, expect: { phaseId: open } }])
    expect(error).toMatchObject({ code: 409, details: { reason: 'stale', activityId: id, field: 'phaseId', current: done } })
  })
})

describe('the workflow, its phases and fields, the workspace', () => {
  test('process.set_info: a rename from a stale read names `name`; a phase compares as read, whatever the order of its keys', async () => {
    const read = { name: (await loadWorkflow(admin.client, processId)).name! }
    await owner.client.call('process.set_info', processId, { name: 'Renamed by owner', expect: read })
    const error = await admin.client.fail('process.set_info', processId, { name: 'Renamed by admin', color: '#123456', expect: read })
    expect(error).toMatchObject({ code: 409, details: { reason: 'stale', processId, field: 'name', current: 'Renamed by owner' } })
    const now = await loadWorkflow(owner.client, processId)
    expect(now.name).toBe('Renamed by owner')
    expect(now.color).toBeUndefined()

    const phaseRead: Record<string, any> = Object.fromEntries(Object.entries(now.phases[done]).reverse())
    await admin.client.call('process.set_info', processId, { phases: { [done]: { name: 'Finished' } }, expect: { phases: { [done]: phaseRead } } })
    // The other phase's read still holds; the changed one's does not.
    await owner.client.call('process.set_info', processId, { phases: { [open]: { name: 'Open' } }, expect: { phases: { [open]: now.phases[open] } } })
    const stale = await owner.client.fail('process.set_info', processId, {
      phases: { [done]: { name: 'Closed' } },
      expect: { phases: { [done]: now.phases[done] } },
    })
    expect(stale).toMatchObject({ code: 409, details: { reason: 'stale', processId, field: `phases.${done}`, current: { _id: done, name: 'Finished' } } })
  })

  test('process.update_field: a stale label names `label` with the label now', async () => {
    const read = (await loadWorkflow(admin.client, processId)).fields[text]
    await owner.client.call('process.update_field', processId, text, { label: 'Text 2', expect: { label: read.label } })
    const error = await admin.client.fail('process.update_field', processId, text, { label: 'Text 3', required: true, expect: { label: read.label } })
    expect(error).toMatchObject({ code: 409, details: { reason: 'stale', processId, fieldId: text, field: 'label', current: 'Text 2' } })
    expect((await loadWorkflow(owner.client, processId)).fields[text]).toMatchObject({ label: 'Text 2' })
    expect((await loadWorkflow(owner.client, processId)).fields[text].required).toBeUndefined()
  })

  test('v2.network.update: a rename from a stale read names `name`; a setting read as it is still holds', async () => {
    const read = await admin.client.call('v2.network.get', owner.cid)
    await owner.client.call('v2.network.update', null, { name: 'Owner named', expect: { name: read.name } })
    const error = await admin.client.fail('v2.network.update', null, { name: 'Admin named', color: '#654321', expect: { name: read.name } })
    expect(error).toMatchObject({ code: 409, details: { reason: 'stale', workspaceId: owner.cid, field: 'name', current: 'Owner named' } })
    expect(await admin.client.call('v2.network.update', null, { color: '#654321', expect: { color: (read.settings as any).color ?? null } })).toBe(true)
    const now = await owner.client.call('v2.network.get', owner.cid)
    expect(now).toMatchObject({ name: 'Owner named', settings: { color: '#654321' } })
  })

  test('company.update_property_field: a stale label names `label` with the label now', async () => {
    const added = await owner.client.call('company.add_property_field', 'users', { label: 'Size', type: 'text', filledBy: 'admin' })
    const read = (await admin.client.call('v2.network.get', owner.cid)).propertyFields!.find((f: any) => f._id === added._id) as any
    const change = { type: 'text', filledBy: 'admin' } as const
    await owner.client.call('company.update_property_field', 'users', added._id, { ...change, label: 'Shoe size', expect: { label: read.label } })
    const error = await admin.client.fail('company.update_property_field', 'users', added._id, { ...change, label: 'Hat size', expect: { label: read.label } })
    expect(error).toMatchObject({ code: 409, details: { reason: 'stale', fieldId: added._id, field: 'label', current: 'Shoe size' } })
    // The whole field as read (created, uid, _id included) holds once read again.
    const again = (await admin.client.call('v2.network.get', owner.cid)).propertyFields!.find((f: any) => f._id === added._id) as any
    await admin.client.call('company.update_property_field', 'users', added._id, { ...change, label: 'Hat size', expect: again })
  })
})
