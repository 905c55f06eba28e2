/**
 * Lost updates on workspace documents and records, fired at the same moment over several sockets
 * (several tabs of one person, and several members): settings merges, team membership, an
 * activity's values, an insight. Every change must survive, or the result must be one of the
 * changes whole. See workflow.spec.ts for the workflow's own documents.
 */
import type { Client } from '../helpers/client'
import { joinWorkspace, type JoinedMember } from '../helpers/members'
import { atOnce, socketsOf } from '../helpers/sockets'
import { signedIn, type SignedIn } from '../helpers/users'
import { newPhaseId } from '../helpers/workflows'

const ROUNDS = 5
const PHASE = newPhaseId()

let owner: SignedIn
let tabs: Client[]
let members: JoinedMember[]
beforeAll(async () => {
  owner = await signedIn('wrace')
  tabs = await socketsOf(owner, 4)
  members = []
  for (let i = 0; i < 4; i++) members.push(await joinWorkspace(owner, { role: 'admin', tag: `racer${i}` }))
})
afterAll(() => Promise.all([owner.client.close(), ...tabs.map((t) => t.close()), ...members.map((m) => m.client.close())]))

const memberSockets = () => members.map((m) => m.client)

test('four admins set different general options at once: every setting is kept', async () => {
  for (let round = 0; round < ROUNDS; round++) {
    await atOnce(memberSockets(), (c, i) => c.call('company.set_general_options', { settings: { [`race${i}`]: round } }))
    const { settings } = await owner.client.call('company.get_general_options')
    for (let i = 0; i < 4; i++) expect(settings[`race${i}`]).toBe(round)
  }
})

test('four tabs set different user settings at once: every setting is kept', async () => {
  const keys = ['enterToSend', 'discussionMessageEmail', 'feedPostEmail', 'pushOnMention']
  for (let round = 0; round < ROUNDS; round++) {
    const value = round % 2 === 0
    await atOnce(tabs, (tab, i) => tab.call('v2.user.settings.global.set', { [keys[i]]: value }))
    const { settings } = await owner.client.call('v2.user.profile', owner.uid)
    for (const k of keys) expect(settings[k]).toBe(value)
  }
})

test('four tabs set a team to four different member lists at once: the team ends with one of them, whole', async () => {
  const lists = members.map((m, i) =>
    members
      .filter((_, j) => j !== i)
      .map((x) => x.uid)
      .sort(),
  )
  for (let round = 0; round < ROUNDS; round++) {
    const teamId = (await owner.client.call('company.new_team', { name: `Race ${round}` }))._id
    await owner.client.call('company.update_team_users', teamId, [owner.uid])
    await atOnce(tabs, (tab, i) => tab.call('company.update_team_users', teamId, lists[i]))
    const team = await owner.client.call('company.load_team', teamId)
    expect(lists).toContainEqual([...team.members].sort())
  }
})

test('four tabs change four different values of one activity at once: all four are kept', async () => {
  const wf = (await owner.client.call('process.create', { name: 'Race values' }))._id
  await owner.client.call('process.set_info', wf, { phases: { [PHASE]: { name: 'Open' } }, phasesOrder: [PHASE] })
  const fields: string[] = []
  for (let i = 0; i < 4; i++) fields.push((await owner.client.call('process.create_field', wf, { label: `Value ${i}`, type: 'text' }))._id)
  const teamId = (await owner.client.call('company.new_team', { name: 'Valuers' }))._id
  for (let round = 0; round < ROUNDS; round++) {
    const activity = await owner.client.call('v3.activity.create', wf, { name: `Round ${round}` }, { teamId })
    expect(await atOnce(tabs, (tab, i) => tab.call('v3.activity.updateMany', [{ _id: activity._id, fields: { [fields[i]]: `tab ${i}` } }]))).toEqual([
      1, 1, 1, 1,
    ])
    const got = await owner.client.call('v3.activity.get', activity._id)
    const values = Object.fromEntries(got.fields!.map((f: any) => [f._id, f.value]))
    fields.forEach((f, i) => expect(values[f]).toBe(`tab ${i}`))
  }
})

test('an insight renamed in one tab while its columns change in another: both changes are kept', async () => {
  const wf = (await owner.client.call('process.create', { name: 'Race insight' }))._id
  const field = (await owner.client.call('process.create_field', wf, { label: 'Column', type: 'text' }))._id
  for (let round = 0; round < ROUNDS; round++) {
    const insight = await owner.client.call('v3.insight.create', { processId: wf, name: 'Before', fields: [] })
    await atOnce(tabs.slice(0, 2), (tab, i) => tab.call('v3.insight.update', insight._id, i === 0 ? { name: 'Renamed' } : { fields: [field] }))
    const got = (await owner.client.call('v3.insight.list', wf)).find((x: any) => x._id === insight._id)
    expect(got).toMatchObject({ name: 'Renamed', fields: [field] })
  }
})
