/** v2.process.member.add, list, remove; v2.process.permissions.grant, deny; the rule they feed. */
import { Client } from '../../helpers/client'
import { MISSING } from '../../helpers/ids'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'
import { loadWorkflow, newPhaseId } from '../../helpers/workflows'

let cast: Cast<'teammate'>
let owner: SignedIn
let member: JoinedMember
let teammate: JoinedMember
let stranger: SignedIn
let anon: Client
let teamId: string
beforeAll(async () => {
  cast = await meetCast({ teammate: 'user' })
  ;({ owner, member, teammate, stranger, anon } = cast)
  teamId = (await owner.client.call('company.new_team', { name: 'Crew' }))._id
  await owner.client.call('company.update_team_users', teamId, [teammate.uid])
})
afterAll(() => closeCast(cast))

const newProcess = () => owner.client.call('process.create', { name: `Members ${Math.random().toString(36).slice(2, 8)}` })

describe('v2.process.member.add, list, remove', () => {
  test("401, 400 for a malformed id, 404 for ids of another workspace and for another workspace's workflow, 403 for a user, then who sees it follows the members", async () => {
    const p = await newProcess()
    expect((await anon.fail('v2.process.member.add', p._id, `user_${member.uid}`)).code).toBe(401)
    expect((await anon.fail('v2.process.member.list', p._id)).code).toBe(401)
    expect((await anon.fail('v2.process.member.remove', p._id, `user_${member.uid}`)).code).toBe(401)
    expect(await owner.client.fail('v2.process.member.add', p._id, 'someone')).toMatchObject({ code: 400, details: { argument: 1, name: 'memberId' } })
    expect(await owner.client.fail('v2.process.member.add', p._id)).toMatchObject({ code: 400 })
    expect(await owner.client.fail('v2.process.member.add', p._id, `user_${stranger.uid}`)).toMatchObject({ code: 404, details: { argument: 1 } })
    expect(await owner.client.fail('v2.process.member.add', p._id, `network_${stranger.cid}`)).toMatchObject({ code: 404, details: { argument: 1 } })
    expect(await owner.client.fail('v2.process.member.add', p._id, `team_${MISSING}`)).toMatchObject({ code: 404, details: { argument: 1 } })
    expect((await stranger.client.fail('v2.process.member.add', p._id, `user_${stranger.uid}`)).code).toBe(404)
    expect((await stranger.client.fail('v2.process.member.list', p._id)).code).toBe(404)
    expect((await stranger.client.fail('v2.process.member.remove', p._id, `network_${owner.cid}`)).code).toBe(404)
    expect((await member.client.fail('v2.process.member.add', p._id, `user_${member.uid}`)).code).toBe(403)
    expect((await member.client.fail('v2.process.member.remove', p._id, `network_${owner.cid}`)).code).toBe(403)
    expect((await owner.client.call('v2.process.member.list', p._id)).map((e: any) => e.id)).toEqual([`network_${owner.cid}`])

    // Restricted to a team and one user: the rest of the workspace no longer sees it.
    expect(await owner.client.call('v2.process.member.add', p._id, `team_${teamId}`)).toBe(true)
    expect(await owner.client.call('v2.process.member.add', p._id, `group_${MISSING}`)).toBe(true)
    expect(await owner.client.call('v2.process.member.remove', p._id, `network_${owner.cid}`)).toBe(true)
    await member.client.waitForSignal('process.updated', (m) => m._id === p._id && m.changed[0] === 'members')
    expect((await member.client.fail('v2.process.get', p._id)).code).toBe(404)
    expect((await member.client.fail('v2.process.member.list', p._id)).code).toBe(404)
    expect((await loadWorkflow(teammate.client, p._id))._id).toBe(p._id)
    expect(await owner.client.call('v2.process.member.add', p._id, `user_${member.uid}`)).toBe(true)
    expect((await loadWorkflow(member.client, p._id))._id).toBe(p._id)

    const entries = await member.client.call('v2.process.member.list', p._id)
    expect(entries).toEqual([
      { id: `team_${teamId}`, info: { type: 'team', name: 'Crew' }, permissions: [] },
      { id: `group_${MISSING}`, info: { type: 'group' }, permissions: [] },
      { id: `user_${member.uid}`, info: { type: 'user', name: `Test ${member.lastname}` }, permissions: [] },
    ])
    expect(await owner.client.call('v2.process.member.remove', p._id, `user_${teammate.uid}`)).toBe(false)
    expect((await owner.client.fail('v2.process.member.remove', p._id, `user_${MISSING}`)).code).toBe(404)
    expect(await owner.client.call('v2.process.member.remove', p._id, `team_${teamId}`)).toBe(true)
    expect((await teammate.client.fail('v2.process.get', p._id)).code).toBe(404)
  })
})

describe('v2.process.permissions.grant and deny', () => {
  test('401, 400, 404, 403, then admin lets a user administer and deny takes it back', async () => {
    const p = await newProcess()
    expect((await anon.fail('v2.process.permissions.grant', p._id, member.uid, 'admin')).code).toBe(401)
    expect((await anon.fail('v2.process.permissions.deny', p._id, member.uid, 'admin')).code).toBe(401)
    expect(await owner.client.fail('v2.process.permissions.grant', p._id, member.uid, 'root')).toMatchObject({
      code: 400,
      details: { argument: 2, name: 'permission' },
    })
    expect(await owner.client.fail('v2.process.permissions.grant', p._id, `group_${MISSING}`, 'any')).toMatchObject({
      code: 400,
      details: { argument: 1, name: 'targetId' },
    })
    expect(await owner.client.fail('v2.process.permissions.grant', p._id, `network_${stranger.cid}`, 'any')).toMatchObject({
      code: 404,
      details: { argument: 1 },
    })
    expect(await owner.client.fail('v2.process.permissions.grant', p._id, stranger.uid, 'admin')).toMatchObject({ code: 404, details: { argument: 1 } })
    expect((await stranger.client.fail('v2.process.permissions.grant', p._id, stranger.uid, 'admin')).code).toBe(404)
    expect((await stranger.client.fail('v2.process.permissions.deny', p._id, member.uid, 'admin')).code).toBe(404)
    expect((await member.client.fail('v2.process.permissions.grant', p._id, member.uid, 'admin')).code).toBe(403)
    expect((await member.client.fail('v2.process.permissions.deny', p._id, member.uid)).code).toBe(403)
    expect((await member.client.fail('process.set_info', p._id, { description: 'x' })).code).toBe(403)

    expect(await owner.client.call('v2.process.permissions.grant', p._id, member.uid, 'admin')).toBe(true)
    expect(await owner.client.call('v2.process.permissions.grant', p._id, `team_${teamId}`, 'ownteam')).toBe(true)
    expect(await owner.client.call('v2.process.permissions.grant', p._id, teamId, 'any')).toBe(true)
    await member.client.waitForSignal('process.updated', (m) => m._id === p._id && m.changed[0] === 'members')
    expect(await owner.client.call('v2.process.member.list', p._id)).toEqual([
      { id: `network_${owner.cid}`, info: expect.any(Object), permissions: ['own'] },
      { id: `user_${member.uid}`, info: expect.any(Object), permissions: ['admin'] },
      { id: `team_${teamId}`, info: expect.any(Object), permissions: ['ownteam', 'any'] },
    ])
    // An administrator through the grant: changes settings and fields, and grants further.
    expect(await member.client.call('process.set_info', p._id, { description: 'by the granted admin' })).toBe(true)
    expect((await member.client.call('process.create_field', p._id, { label: 'X', type: 'text' })).uid).toBe(member.uid)
    expect((await teammate.client.fail('process.set_info', p._id, { description: 'x' })).code).toBe(403)

    expect(await owner.client.call('v2.process.permissions.deny', p._id, member.uid, 'any')).toBe(false)
    expect(await owner.client.call('v2.process.permissions.deny', p._id, `user_${member.uid}`, 'admin')).toBe(true)
    expect((await member.client.fail('process.set_info', p._id, { description: 'x' })).code).toBe(403)
    expect(await owner.client.call('v2.process.permissions.deny', p._id, teamId)).toBe(true)
    expect((await owner.client.call('v2.process.member.list', p._id)).map((e: any) => e.permissions)).toEqual([['own'], [], []])
  })

  test('a new workflow lets every member edit and move what they added; the whole workspace (network_<cid>) is granted and denied like a team', async () => {
    const p = await newProcess()
    const [A, B] = [newPhaseId(), newPhaseId()]
    await owner.client.call('process.set_info', p._id, { phases: { [A]: { name: 'A' }, [B]: { name: 'B' } }, phasesOrder: [A, B] })
    const theirs = await owner.client.call('v3.activity.create', p._id, { name: 'Theirs', phaseId: A }, { teamId })
    const mine = await member.client.call('v3.activity.create', p._id, { name: 'Mine', phaseId: A }, { teamId })
    expect(await member.client.call('v3.activity.updateMany', [{ _id: mine._id, name: 'Mine, corrected', phaseId: B }])).toBe(1)
    expect((await member.client.fail('v3.activity.updateMany', [{ _id: theirs._id, phaseId: B }])).code).toBe(403)

    expect(await owner.client.call('v2.process.permissions.grant', p._id, `network_${owner.cid}`, 'any')).toBe(true)
    expect(await member.client.call('v3.activity.updateMany', [{ _id: theirs._id, phaseId: B }])).toBe(1)
    expect(await owner.client.call('v2.process.permissions.deny', p._id, `network_${owner.cid}`)).toBe(true)
    expect((await owner.client.call('v2.process.member.list', p._id))[0]).toMatchObject({ id: `network_${owner.cid}`, permissions: [] })
    expect((await member.client.fail('v3.activity.updateMany', [{ _id: mine._id, name: 'again' }])).code).toBe(403)
  })
})
