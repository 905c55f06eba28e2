/** v3.user.permissions */
import { operations } from '../../../server/ops'
import { roleTableOf } from '../../../server/rpc/registry'
import { Client } from '../../helpers/client'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'

/** The role table, from the operations' declarations. */
const ROLE_TABLE = roleTableOf(operations)

let cast: Cast<'admin' | 'inviter'>
let owner: SignedIn
let admin: JoinedMember
let member: JoinedMember
let inviter: JoinedMember
let stranger: SignedIn
let anon: Client
beforeAll(async () => {
  cast = await meetCast({ admin: 'admin', inviter: 'inviter' })
  ;({ owner, member, admin, inviter, stranger, anon } = cast)
})
afterAll(() => closeCast(cast))

describe('v3.user.permissions', () => {
  test('401 and 400 naming the argument', async () => {
    expect((await anon.fail('v3.user.permissions')).code).toBe(401)
    expect(await owner.client.fail('v3.user.permissions', 'me')).toMatchObject({ code: 400, details: { argument: 0, name: 'userId' } })
    expect(await owner.client.fail('v3.user.permissions', null, 'ws')).toMatchObject({ code: 400, details: { argument: 1, name: 'workspaceId' } })
    expect(await owner.client.fail('v3.user.permissions', null, null, { details: 'yes' })).toMatchObject({
      code: 400,
      details: { argument: 2, name: 'query', path: '/details' },
    })
  })

  test('without arguments: the caller in their current workspace', async () => {
    const result = await member.client.call('v3.user.permissions')
    expect(Object.keys(result)).toEqual([member.uid])
    expect(result[member.uid]).toEqual({
      cid: owner.cid,
      uid: member.uid,
      role: 'user',
      inviter: false,
      feedAdmin: false,
      title: null,
      customRole: null,
      capabilities: ['processes.create', 'properties.fillOwn', 'teams.read', 'workspace.read'],
      owner: false,
      admin: false,
      guest: false,
    })
    const inv = (await inviter.client.call('v3.user.permissions'))[inviter.uid]
    expect(inv).toMatchObject({ role: 'user', inviter: true, capabilities: expect.arrayContaining(['members.invite']) })
    const own = (await owner.client.call('v3.user.permissions'))[owner.uid]
    expect(own).toMatchObject({ role: 'owner', owner: true, admin: true, capabilities: expect.arrayContaining(['members.setOwner']) })
  })

  test('404 for a workspace the caller is not in and for someone who is not a member', async () => {
    expect((await stranger.client.fail('v3.user.permissions', null, owner.cid)).code).toBe(404)
    expect((await stranger.client.fail('v3.user.permissions', owner.uid, owner.cid)).code).toBe(404)
    expect((await owner.client.fail('v3.user.permissions', stranger.uid, owner.cid)).code).toBe(404)
  })

  test('403 for a member asking about someone else; an admin may ask about anyone', async () => {
    expect(await member.client.fail('v3.user.permissions', admin.uid)).toMatchObject({ code: 403, details: { capability: 'members.manage' } })
    expect((await inviter.client.fail('v3.user.permissions', owner.uid, owner.cid)).code).toBe(403)
    const seen = await admin.client.call('v3.user.permissions', member.uid, owner.cid)
    expect(seen[member.uid]).toMatchObject({ uid: member.uid, role: 'user' })
  })

  test('details: the operations of the role table they may call, the custom role name; items answer per id', async () => {
    const role = await owner.client.call('v2.network.role.create', { name: 'Team keepers', capabilities: ['teams.manage'] })
    await owner.client.call('company.set_user_data', { section: 'customRole', uid: member.uid, value: role._id })
    const result = (await admin.client.call('v3.user.permissions', member.uid, null, { details: true, items: { workflowIds: ['w1'], insightIds: [] } }))[
      member.uid
    ]
    expect(result).toMatchObject({ customRole: role._id, customRoleName: 'Team keepers', items: { workflowIds: { w1: null }, insightIds: {} } })
    expect(result.operations).toEqual(expect.arrayContaining(['company.new_team', 'v2.network.get']))
    expect(result.operations).not.toContain('v2.network.update')
    expect(result.operations.every((op: string) => ROLE_TABLE.has(op))).toBe(true)
    // The member's own answer agrees, and follows a change at once.
    await owner.client.call('company.set_user_data', { section: 'customRole', uid: member.uid, value: '' })
    const mine = (await member.client.call('v3.user.permissions', null, null, { details: true }))[member.uid]
    expect(mine.operations).not.toContain('company.new_team')
  })
})
