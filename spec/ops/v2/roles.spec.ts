/** Added operations: v2.network.role.create, list, update, remove (custom roles of the current workspace). */
import { Client } from '../../helpers/client'
import { type Cast, closeCast, type JoinedMember, joinWorkspace, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'

let cast: Cast<'admin'>
let owner: SignedIn
let admin: JoinedMember
let member: JoinedMember
let stranger: SignedIn
let anon: Client
beforeAll(async () => {
  cast = await meetCast({ admin: 'admin' })
  ;({ owner, member, admin, stranger, anon } = cast)
})
afterAll(() => closeCast(cast))

const perms = async (who: SignedIn, uid: string) => (await who.client.call('v3.user.permissions', uid, owner.cid))[uid]

describe('v2.network.role.create', () => {
  test('401, 400 naming the argument, 403 for a member who may not', async () => {
    expect((await anon.fail('v2.network.role.create', { name: 'X', capabilities: [] })).code).toBe(401)
    expect(await owner.client.fail('v2.network.role.create', { name: 'X', capabilities: ['fly'] })).toMatchObject({
      code: 400,
      details: { argument: 0, name: 'role', path: '/capabilities/0' },
    })
    expect(await owner.client.fail('v2.network.role.create', { name: 'X', capabilities: ['members.setOwner'] })).toMatchObject({
      code: 400,
      details: { path: '/capabilities/0' },
    })
    expect(await owner.client.fail('v2.network.role.create', { name: ' ', capabilities: [] })).toMatchObject({ code: 400, details: { path: '/name' } })
    expect(await owner.client.fail('v2.network.role.create', { capabilities: [] })).toMatchObject({ code: 400, details: { path: '/name' } })
    expect((await member.client.fail('v2.network.role.create', { name: 'Mine', capabilities: [] })).code).toBe(403)
    expect(await owner.client.call('v2.network.role.list')).toEqual([])
  })

  test('creates the role in the current workspace; members hear it; a second role of that name is a conflict', async () => {
    const role = await admin.client.call('v2.network.role.create', { name: 'Editors', capabilities: ['teams.read', 'teams.manage'] })
    expect(role).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Editors',
      capabilities: ['teams.manage', 'teams.read'],
      created: expect.any(Number),
    })
    await member.client.waitForSignal('network.role.created', (m) => m.cid === owner.cid && m.role._id === role._id)
    expect((await owner.client.fail('v2.network.role.create', { name: 'editors', capabilities: [] })).code).toBe(409)
    // Another workspace: the stranger's roles are their own.
    await stranger.client.call('v2.network.role.create', { name: 'Editors', capabilities: [] })
    expect((await owner.client.call('v2.network.role.list')).map((r: { name: string }) => r.name)).toEqual(['Editors'])
  })

  test('nobody grants what they do not hold', async () => {
    const delegate = await owner.client.call('v2.network.role.create', { name: 'Role makers', capabilities: ['roles.manage'] })
    const maker = await joinWorkspace(owner, { role: 'user' })
    await owner.client.call('company.set_user_data', { section: 'customRole', uid: maker.uid, value: delegate._id })
    expect(await maker.client.fail('v2.network.role.create', { name: 'Power', capabilities: ['workspace.update'] })).toMatchObject({
      code: 403,
      details: { missing: ['workspace.update'] },
    })
    expect((await maker.client.call('v2.network.role.create', { name: 'Readers', capabilities: ['teams.read'] })).name).toBe('Readers')
    await maker.client.close()
  })
})

describe('v2.network.role.list', () => {
  test('401, 400, every member sees the roles with how many members hold each', async () => {
    expect((await anon.fail('v2.network.role.list')).code).toBe(401)
    expect((await member.client.fail('v2.network.role.list', 'x')).code).toBe(400)
    const role = await owner.client.call('v2.network.role.create', { name: 'Listed', capabilities: [] })
    await owner.client.call('company.set_user_data', { section: 'customRole', uid: member.uid, value: role._id })
    const listed = (await member.client.call('v2.network.role.list')).find((r: { _id: string }) => r._id === role._id)
    expect(listed).toEqual({ _id: role._id, name: 'Listed', capabilities: [], created: role.created, members: 1 })
    await owner.client.call('company.set_user_data', { section: 'customRole', uid: member.uid, value: '' })
  })
})

describe('v2.network.role.update', () => {
  test("401, 400, 404 for another workspace's role with nothing changed, 403, then the change its holders hear", async () => {
    const role = await owner.client.call('v2.network.role.create', { name: 'Keepers', capabilities: ['teams.read'] })
    const theirs = await stranger.client.call('v2.network.role.create', { name: 'Theirs', capabilities: [] })
    expect((await anon.fail('v2.network.role.update', role._id, { name: 'x' })).code).toBe(401)
    expect(await owner.client.fail('v2.network.role.update', role._id, {})).toMatchObject({ code: 400, details: { argument: 1, name: 'update' } })
    expect(await owner.client.fail('v2.network.role.update', 'nope', { name: 'x' })).toMatchObject({ code: 400, details: { argument: 0, name: 'roleId' } })
    expect((await owner.client.fail('v2.network.role.update', theirs._id, { name: 'Hijacked' })).code).toBe(404)
    expect((await stranger.client.call('v2.network.role.list')).find((r: { _id: string }) => r._id === theirs._id)).toMatchObject({ name: 'Theirs' })
    expect((await member.client.fail('v2.network.role.update', role._id, { name: 'Mine' })).code).toBe(403)

    const holder = await joinWorkspace(owner, { role: 'user' })
    await owner.client.call('company.set_user_data', { section: 'customRole', uid: holder.uid, value: role._id })
    expect((await holder.client.fail('company.new_team', { name: 'Nope' })).code).toBe(403)
    const updated = await admin.client.call('v2.network.role.update', role._id, { name: 'Team keepers', capabilities: ['teams.manage'] })
    expect(updated).toEqual({ _id: role._id, name: 'Team keepers', capabilities: ['teams.manage'], created: role.created, updated: expect.any(Number) })
    await member.client.waitForSignal('network.role.updated', (m) => m.role._id === role._id)
    const heard = await holder.client.waitForSignal('network.role.changed', (m) => m.uid === holder.uid && m.changed.includes('capabilities'))
    expect(heard.meta.capabilities).toContain('teams.manage')
    expect((await holder.client.call('company.new_team', { name: 'Now yes' })).name).toBe('Now yes')
    expect((await owner.client.fail('v2.network.role.update', role._id, { name: 'Editors' })).code).toBe(409)
    await holder.client.close()
  })
})

describe('v2.network.role.remove', () => {
  test("401, 400, 404 for another workspace's role, 403, then the role is gone from its members", async () => {
    const role = await owner.client.call('v2.network.role.create', { name: 'Temporary', capabilities: ['teams.manage'] })
    const theirs = await stranger.client.call('v2.network.role.create', { name: 'Kept', capabilities: [] })
    expect((await anon.fail('v2.network.role.remove', role._id)).code).toBe(401)
    expect(await owner.client.fail('v2.network.role.remove', 'x')).toMatchObject({ code: 400, details: { argument: 0, name: 'roleId' } })
    expect((await owner.client.fail('v2.network.role.remove', theirs._id)).code).toBe(404)
    expect((await stranger.client.call('v2.network.role.list')).some((r: { _id: string }) => r._id === theirs._id)).toBe(true)
    expect((await member.client.fail('v2.network.role.remove', role._id)).code).toBe(403)

    await owner.client.call('company.set_user_data', { section: 'customRole', uid: member.uid, value: role._id })
    expect((await perms(owner, member.uid)).capabilities).toContain('teams.manage')
    expect(await admin.client.call('v2.network.role.remove', role._id)).toBe(true)
    await owner.client.waitForSignal('network.role.removed', (m) => m._id === role._id)
    const heard = await member.client.waitForSignal('network.role.changed', (m) => m.uid === member.uid && m.customRole === null)
    expect(heard.meta.capabilities).not.toContain('teams.manage')
    expect(await perms(owner, member.uid)).toMatchObject({ customRole: null })
    expect((await member.client.fail('company.new_team', { name: 'Gone' })).code).toBe(403)
    expect((await owner.client.call('v2.network.role.list')).some((r: { _id: string }) => r._id === role._id)).toBe(false)
    expect((await owner.client.fail('v2.network.role.remove', role._id)).code).toBe(404)
  })
})
