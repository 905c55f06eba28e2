/** v2.network.copy, v2.network.publicCopy, v2.network.workflowTemplate */
import { Client } from '../../helpers/client'
import { ID_PATTERN, MISSING } from '../../helpers/ids'
import { type Cast, closeCast, type JoinedMember, joinWorkspace, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'
import { loadWorkflow, newPhaseId } from '../../helpers/workflows'

const PHASE = newPhaseId()

let cast: Cast<'admin'>
let owner: SignedIn
let admin: JoinedMember
let member: JoinedMember
let stranger: SignedIn
let anon: Client
let deals: any
let companies: any
let secret: any
beforeAll(async () => {
  cast = await meetCast({ admin: 'admin' })
  ;({ owner, member, admin, stranger, anon } = cast)
  companies = await owner.client.call('process.create', { name: 'Companies', enableUnlinkedMode: true })
  deals = await owner.client.call('process.create', { name: 'Deals' })
  const link = await owner.client.call('process.create_field', deals._id, { label: 'Company', type: 'activitylink', data: [companies._id] })
  await owner.client.call('process.set_info', deals._id, {
    key: 'deals',
    personInCharge: member.uid,
    phases: { [PHASE]: { name: 'Open', fields: [link._id] } },
    phasesOrder: [PHASE],
  })
  await owner.client.call('v2.process.member.add', deals._id, `user_${member.uid}`)
  // Seen only by its listed people: not the whole workspace.
  secret = await owner.client.call('process.create', { name: 'Secret' })
  await owner.client.call('v2.process.member.remove', secret._id, `network_${owner.cid}`)
})
afterAll(() => closeCast(cast))

const field = (p: any, label: string) => Object.values(p.fields).find((f: any) => f.label === label) as any

describe('v2.network.copy', () => {
  test('401, 400 naming the argument, 404 for a workspace one is not in, 403 for an admin or a user; nothing created', async () => {
    expect((await anon.fail('v2.network.copy', owner.cid)).code).toBe(401)
    expect(await owner.client.fail('v2.network.copy', 'nope')).toMatchObject({ code: 400, details: { argument: 0, name: 'workspaceId' } })
    expect(await owner.client.fail('v2.network.copy', owner.cid, 7)).toMatchObject({ code: 400, details: { argument: 1, name: 'name' } })
    expect((await owner.client.fail('v2.network.copy', MISSING)).code).toBe(404)
    expect((await stranger.client.fail('v2.network.copy', owner.cid)).code).toBe(404)
    expect(await admin.client.fail('v2.network.copy', owner.cid)).toMatchObject({ code: 403 })
    expect((await member.client.fail('v2.network.copy', owner.cid)).code).toBe(403)
    const session = await admin.client.call('v3.session.get')
    expect(session.cid).toBe(owner.cid)
  })

  test('the owner gets a new workspace with every workflow copied: new ids, links resolve, people of the source left out', async () => {
    const result = await owner.client.call('v2.network.copy', owner.cid, 'Sales copy')
    expect(result).toEqual({
      cid: expect.stringMatching(ID_PATTERN),
      name: 'Sales copy',
      sourceId: owner.cid,
      processIds: [expect.stringMatching(ID_PATTERN), expect.stringMatching(ID_PATTERN), expect.stringMatching(ID_PATTERN)],
    })
    expect(result.cid).not.toBe(owner.cid)
    const ws = await owner.client.call('v2.network.get', result.cid)
    expect(ws.members.map((m: any) => [m.uid, m.role])).toEqual([[owner.uid, 'owner']])
    await owner.client.call('v3.session.switchWorkspace', result.cid)
    const listed = await owner.client.call('process.list')
    expect(listed.map((p: any) => p.name)).toEqual(['Companies', 'Deals', 'Secret'])
    await owner.client.call('v3.session.switchWorkspace', owner.cid)
    const [cCompanies, cDeals, cSecret] = await Promise.all(result.processIds.map((id: string) => loadWorkflow(owner.client, id)))
    for (const p of [cCompanies, cDeals, cSecret]) expect([companies._id, deals._id, secret._id]).not.toContain(p._id)
    expect(cCompanies).toMatchObject({ cid: result.cid, enableUnlinkedMode: true, uid: owner.uid })
    expect(field(cDeals, 'Company').data).toEqual([cCompanies._id])
    expect(cDeals.key).toBe('deals')
    expect(cDeals.personInCharge).toBeUndefined()
    const [phase] = cDeals.phasesOrder
    expect(phase).not.toBe(PHASE)
    expect(cDeals.phases[phase]).toEqual({ _id: phase, name: 'Open', fields: [field(cDeals, 'Company')._id] })
    expect(cDeals.members).toEqual([{ id: `network_${result.cid}`, permissions: ['own'] }])
    expect(cSecret.members).toEqual([])
    // The source is untouched and the member cannot see the copy.
    expect((await loadWorkflow(owner.client, deals._id)).personInCharge).toBe(member.uid)
    expect((await member.client.fail('v2.process.get', cDeals._id)).code).toBe(404)
  })
})

describe('v2.network.publicCopy', () => {
  test('401, 400, 404 while allowPublicCopy is off; then anyone copies the workflows open to the whole workspace', async () => {
    expect((await anon.fail('v2.network.publicCopy', { copyNetworkId: owner.cid })).code).toBe(401)
    expect(await stranger.client.fail('v2.network.publicCopy', {})).toMatchObject({ code: 400, details: { argument: 0 } })
    expect(await stranger.client.fail('v2.network.publicCopy', { copyNetworkId: 'x' })).toMatchObject({
      code: 400,
      details: { argument: 0, path: '/copyNetworkId' },
    })
    expect((await stranger.client.fail('v2.network.publicCopy', { copyNetworkId: MISSING })).code).toBe(404)
    expect((await stranger.client.fail('v2.network.publicCopy', { copyNetworkId: owner.cid })).code).toBe(404)
    expect((await member.client.fail('v2.network.update', owner.cid, { allowPublicCopy: true })).code).toBe(403)

    await owner.client.call('v2.network.update', owner.cid, { allowPublicCopy: true })
    const result = await stranger.client.call('v2.network.publicCopy', { copyNetworkId: owner.cid })
    expect(result).toMatchObject({
      cid: expect.stringMatching(ID_PATTERN),
      sourceId: owner.cid,
      processIds: [expect.stringMatching(ID_PATTERN), expect.stringMatching(ID_PATTERN)],
    })
    const ws = await stranger.client.call('v2.network.get', result.cid)
    expect(ws.members.map((m: any) => [m.uid, m.role])).toEqual([[stranger.uid, 'owner']])
    expect(ws.settings!.allowPublicCopy).toBeUndefined()
    const [cCompanies, cDeals] = await Promise.all(result.processIds.map((id: string) => loadWorkflow(stranger.client, id)))
    expect(cDeals).toMatchObject({ name: 'Deals', uid: stranger.uid, cid: result.cid })
    expect(field(cDeals, 'Company').data).toEqual([cCompanies._id])
    expect(cDeals.members).toEqual([{ id: `network_${result.cid}`, permissions: ['own'] }])
    // The copy itself is not publicly copyable, and the source still only to signed-in callers.
    expect((await owner.client.fail('v2.network.publicCopy', { copyNetworkId: result.cid })).code).toBe(404)
    await owner.client.call('v2.network.update', owner.cid, { allowPublicCopy: false })
    expect((await stranger.client.fail('v2.network.publicCopy', { copyNetworkId: owner.cid })).code).toBe(404)
  })
})

describe('v2.network.workflowTemplate', () => {
  test('401, 400, 404 for a workspace one is not in, then the workflows the caller sees as a template document', async () => {
    expect((await anon.fail('v2.network.workflowTemplate', owner.cid)).code).toBe(401)
    expect(await owner.client.fail('v2.network.workflowTemplate')).toMatchObject({ code: 400 })
    expect(await owner.client.fail('v2.network.workflowTemplate', 'x')).toMatchObject({ code: 400, details: { argument: 0, name: 'workspaceId' } })
    expect((await stranger.client.fail('v2.network.workflowTemplate', owner.cid)).code).toBe(404)
    const guest = await joinWorkspace(owner, { role: 'guest' })
    expect((await guest.client.call('v2.network.workflowTemplate', owner.cid)).schemas).toEqual([])
    await guest.client.close()

    const doc = await member.client.call('v2.network.workflowTemplate', owner.cid)
    expect(doc).toEqual({ _id: owner.cid, title: expect.any(String), description: '', schemas: expect.any(Array) })
    expect(doc.schemas.map((s: any) => s.name)).toEqual(['Companies', 'Deals']) // not Secret
    const d = doc.schemas[1]
    expect(d).toMatchObject({ _id: deals._id, key: 'deals', enableUnlinkedMode: false, members: [{ id: 'network', permissions: ['own'] }] })
    expect(d.info.personInCharge).toBeUndefined()
    expect(JSON.stringify(doc)).not.toContain(member.uid)
    expect(d.fields[0]).toEqual({ _id: expect.stringMatching(ID_PATTERN), type: 'activitylink', label: 'Company', data: [companies._id] })
    expect((await owner.client.call('v2.network.workflowTemplate', owner.cid)).schemas.map((s: any) => s.name)).toEqual(['Companies', 'Deals', 'Secret'])
  })
})
