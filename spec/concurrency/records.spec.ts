/**
 * Lost updates on single records changed from several sockets at once: a member's standing, a
 * custom role, a calendar event, property values while their field's definition changes, and
 * activities updated in overlapping sets (locks taken in one order: no deadlock).
 */
import type { Client } from '../helpers/client'
import { joinWorkspace, type JoinedMember } from '../helpers/members'
import { atOnce, socketsOf } from '../helpers/sockets'
import { signedIn, type SignedIn } from '../helpers/users'
import { newPhaseId } from '../helpers/workflows'

const ROUNDS = 5

let owner: SignedIn
let tabs: Client[]
let members: JoinedMember[]
beforeAll(async () => {
  owner = await signedIn('rrace')
  tabs = await socketsOf(owner, 4)
  members = []
  for (let i = 0; i < 4; i++) members.push(await joinWorkspace(owner, { role: 'user', tag: `rracer${i}` }))
})
afterAll(() => Promise.all([owner.client.close(), ...tabs.map((t) => t.close()), ...members.map((m) => m.client.close())]))

test("four sections of one member's standing set at once (title, inviter, feed admin, admin): all four are kept", async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const target = members[round % members.length].uid
    const on = round % 2 === 0 ? 'true' : 'false'
    const sections = [
      { section: 'title', value: `Title ${round}` },
      { section: 'inviter', value: on },
      { section: 'feedAdmin', value: on },
      { section: 'admin', value: on },
    ] as const
    await atOnce(tabs, (tab, i) => tab.call('company.set_user_data', { uid: target, ...sections[i] }))
    const standing = (await owner.client.call('v3.user.permissions', target, owner.cid))[target]
    expect(standing).toMatchObject({ title: `Title ${round}`, role: on === 'true' ? 'admin' : 'user' })
    expect(standing.inviter).toBe(on === 'true')
    expect(standing.feedAdmin).toBe(on === 'true')
  }
})

test('a custom role renamed in one tab while its capabilities change in another: both changes are kept', async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const role = await owner.client.call('v2.network.role.create', { name: `Role ${round}`, capabilities: [] })
    await atOnce(tabs.slice(0, 2), (tab, i) =>
      tab.call('v2.network.role.update', role._id, i === 0 ? { name: `Renamed ${round}` } : { capabilities: ['teams.manage'] }),
    )
    const got = (await owner.client.call('v2.network.role.list')).find((r: any) => r._id === role._id)
    expect(got).toMatchObject({ name: `Renamed ${round}`, capabilities: ['teams.manage'] })
  }
})

test('an event retitled in one tab while it moves to another place in another: both changes are kept', async () => {
  const calendar = await owner.client.call('v3.calendar.create', { name: 'Race calendar' })
  for (let round = 0; round < ROUNDS; round++) {
    const event = await owner.client.call('v3.calendar.event.create', calendar._id, { title: 'Before', start: '2026-03-02T09:00:00Z' })
    await atOnce(tabs.slice(0, 2), (tab, i) => tab.call('v3.calendar.event.update', event._id, i === 0 ? { title: 'Retitled' } : { location: 'Room 2' }))
    const got = (await owner.client.call('v3.calendar.event.list', calendar._id)).find((e: any) => e._id === event._id)
    expect(got).toMatchObject({ title: 'Retitled', location: 'Room 2' })
  }
})

test('values set while the field starts taking several values: every stored value fits the new definition', async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const field = await owner.client.call('company.add_property_field', 'users', { label: `Race ${round}`, type: 'text', filledBy: 'admin' })
    await atOnce(tabs, (tab, i) =>
      i === 0
        ? tab.call('company.update_property_field', 'users', field._id, { label: field.label, type: 'text', filledBy: 'admin', enableMultiple: true })
        : // Set as a single value: before the change it is stored as it is, after it is refused (400) or wrapped.
          tab.send('company.set_property_value', [field._id, 'users', { uid: members[i].uid, data: `value ${i}` }]),
    )
    const workspace = await owner.client.call('v2.network.get', owner.cid)
    for (const m of workspace.members) {
      const value = (m.properties as Record<string, unknown>)[field._id]
      if (value !== undefined) expect(value).toEqual([expect.any(String)])
    }
  }
})

test('activities updated in overlapping sets, listed in opposite orders, at once: every call succeeds', async () => {
  const PHASE = newPhaseId()
  const wf = (await owner.client.call('process.create', { name: 'Race sets' }))._id
  await owner.client.call('process.set_info', wf, { phases: { [PHASE]: { name: 'Open' } }, phasesOrder: [PHASE] })
  const teamId = (await owner.client.call('company.new_team', { name: 'Setters' }))._id
  for (let round = 0; round < ROUNDS; round++) {
    const created = await owner.client.call('v3.activity.createMany', wf, [{ name: 'a' }, { name: 'b' }, { name: 'c' }], { teamId })
    const ids: string[] = created.map((a: any) => a._id)
    const orders = [ids, [...ids].reverse(), [ids[1], ids[2], ids[0]], [ids[2], ids[0], ids[1]]]
    const replies = await atOnce(tabs, (tab, i) => tab.send('v3.activity.updateMany', [orders[i].map((_id, j) => ({ _id, priority: i * 10 + j }))]))
    expect(replies.map((r) => r.error ?? r.result)).toEqual([3, 3, 3, 3])
  }
})

test('activities moved between two phases in opposite directions at once: every call succeeds and the phase counts add up', async () => {
  const [OPEN, DONE] = [newPhaseId(), newPhaseId()]
  const wf = (await owner.client.call('process.create', { name: 'Race phases' }))._id
  await owner.client.call('process.set_info', wf, { phases: { [OPEN]: { name: 'Open' }, [DONE]: { name: 'Done' } }, phasesOrder: [OPEN, DONE] })
  const teamId = (await owner.client.call('company.new_team', { name: 'Movers' }))._id
  const created = await owner.client.call('v3.activity.createMany', wf, [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }], { teamId })
  const ids: string[] = created.map((a: any) => a._id)
  // b and d start in Done; then a and c move forward while b and d move back, over and over.
  await owner.client.call(
    'v3.activity.updateMany',
    [ids[1], ids[3]].map((_id) => ({ _id, phaseId: DONE })),
  )
  for (let round = 0; round < ROUNDS * 2; round++) {
    const forward = round % 2 === 0
    const replies = await atOnce(tabs, (tab, i) => tab.send('v3.activity.updateMany', [[{ _id: ids[i], phaseId: (i % 2 === 0) === forward ? DONE : OPEN }]]))
    expect(replies.map((r) => r.error ?? r.result)).toEqual([1, 1, 1, 1])
  }
  expect((await owner.client.call('v3.activity.phaseCount', wf))[wf]).toMatchObject({ [OPEN]: 2, [DONE]: 2 })
})
