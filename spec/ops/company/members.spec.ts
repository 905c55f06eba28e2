/** company.set_user_data, company.leave, company.remove_user */
import { type ArgsOf, Client } from '../../helpers/client'
import { MISSING } from '../../helpers/ids'
import { joinWorkspace, type JoinedMember } from '../../helpers/members'
import { signedIn, type SignedIn } from '../../helpers/users'

let anon: Client
const opened: SignedIn[] = []
beforeAll(async () => {
  anon = await Client.connect()
})
afterAll(() => Promise.all([anon.close(), ...opened.map((m) => m.client.close())]))

const person = async (tag: string) => {
  const p = await signedIn(tag)
  opened.push(p)
  return p
}
const join = async (owner: SignedIn, role: 'owner' | 'admin' | 'user' | 'guest' | 'inviter' = 'user'): Promise<JoinedMember> => {
  const m = await joinWorkspace(owner, { role })
  opened.push(m)
  return m
}
const memberOf = async (viewer: SignedIn, cid: string, uid: string) => {
  const perms = await viewer.client.call('v3.user.permissions', uid, cid)
  return perms[uid]
}
/** Waits until `who` has heard its own user.settings signal: every earlier signal to its socket has arrived. */
async function flush(who: SignedIn) {
  const mark = `flush-${Math.random()}`
  await who.client.call('v2.user.settings.global.set', { theme: mark })
  await who.client.waitForSignal('user.settings', (m) => m.uid === who.uid && m.changed.includes('theme'))
}

describe('company.set_user_data', () => {
  let owner: SignedIn
  let member: SignedIn
  let stranger: SignedIn
  beforeAll(async () => {
    owner = await person('sud-owner')
    member = await join(owner)
    stranger = await person('sud-stranger')
  })

  test('401 without a session', async () => {
    expect((await anon.fail('company.set_user_data', { section: 'title', uid: member.uid, value: 'x' })).code).toBe(401)
  })

  test('400 naming the argument: unknown section, a flag value other than true/false, a custom role that is no id', async () => {
    expect(await owner.client.fail('company.set_user_data', { section: 'boss', uid: member.uid, value: 'true' })).toMatchObject({
      code: 400,
      details: { argument: 0, name: 'data', path: '/section' },
    })
    for (const section of ['owner', 'admin', 'guest', 'inviter', 'feedAdmin']) {
      expect(await owner.client.fail('company.set_user_data', { section, uid: member.uid, value: 'yes' })).toMatchObject({
        code: 400,
        details: { argument: 0, path: '/value' },
      })
    }
    expect(await owner.client.fail('company.set_user_data', { section: 'customRole', uid: member.uid, value: 'admins' })).toMatchObject({
      code: 400,
      details: { argument: 0, path: '/value' },
    })
    expect(await owner.client.fail('company.set_user_data', { section: 'title', uid: 'nope', value: 'x' })).toMatchObject({
      code: 400,
      details: { argument: 0, path: '/uid' },
    })
  })

  test('404 for another workspace and for someone who is not a member, nothing changed', async () => {
    expect((await stranger.client.fail('company.set_user_data', { section: 'admin', uid: member.uid, value: 'true', workspaceId: owner.cid })).code).toBe(404)
    expect((await stranger.client.fail('company.set_user_data', { section: 'admin', uid: stranger.uid, value: 'true', workspaceId: owner.cid })).code).toBe(404)
    expect((await owner.client.fail('company.set_user_data', { section: 'admin', uid: stranger.uid, value: 'true' })).code).toBe(404)
    expect((await memberOf(owner, owner.cid, member.uid)).role).toBe('user')
    expect((await memberOf(stranger, stranger.cid, stranger.uid)).role).toBe('owner')
  })

  test('403 for a member who may not, for an admin touching owners, and for granting what one does not hold', async () => {
    const admin = await join(owner, 'admin')
    expect(await member.client.fail('company.set_user_data', { section: 'admin', uid: member.uid, value: 'true' })).toMatchObject({
      code: 403,
      details: { capability: 'members.manage' },
    })
    expect(await admin.client.fail('company.set_user_data', { section: 'owner', uid: member.uid, value: 'true' })).toMatchObject({
      code: 403,
      details: { capability: 'members.setOwner' },
    })
    expect(await admin.client.fail('company.set_user_data', { section: 'admin', uid: owner.uid, value: 'true' })).toMatchObject({
      code: 403,
      details: { capability: 'members.setOwner' },
    })
    expect((await admin.client.fail('company.set_user_data', { section: 'title', uid: owner.uid, value: 'Demoted' })).code).toBe(403)
    // A member managing people through a custom role cannot make admins, nor change one.
    const role = await owner.client.call('v2.network.role.create', { name: 'People', capabilities: ['members.manage'] })
    const manager = await join(owner)
    await owner.client.call('company.set_user_data', { section: 'customRole', uid: manager.uid, value: role._id })
    expect(await manager.client.fail('company.set_user_data', { section: 'admin', uid: manager.uid, value: 'true' })).toMatchObject({
      code: 403,
      details: { missing: expect.arrayContaining(['workspace.update']) },
    })
    expect((await manager.client.fail('company.set_user_data', { section: 'title', uid: admin.uid, value: 'x' })).code).toBe(403)
    expect(await manager.client.call('company.set_user_data', { section: 'title', uid: member.uid, value: 'Managed' })).toBe(true)
    const after = await memberOf(owner, owner.cid, member.uid)
    expect(after).toMatchObject({ role: 'user', title: 'Managed' })
    expect((await memberOf(owner, owner.cid, admin.uid)).role).toBe('admin')
  })

  test('admin: the member hears it on their own topic, the other members on the workspace', async () => {
    const target = await join(owner)
    const watcher = await Client.connect({ key: owner.key })
    expect(await owner.client.call('company.set_user_data', { section: 'admin', uid: target.uid, value: 'true' })).toBe(true)
    const own = await target.client.waitForSignal('network.role.changed', (m) => m.uid === target.uid && m.cid === owner.cid)
    expect(own.meta).toMatchObject({ role: 'admin', section: 'admin', changed: ['role'], capabilities: expect.arrayContaining(['members.manage']) })
    const seen = await watcher.waitForSignal('network.member.updated', (m) => m.uid === target.uid)
    expect(seen.meta).toEqual({ cid: owner.cid, uid: target.uid, section: 'admin', changed: ['role'] })
    expect(stranger.client.signals.filter((s) => s.sig === 'network.member.updated' || s.sig === 'network.role.changed')).toEqual([])
    // The new admin can now do what admins do.
    expect(await target.client.call('v2.network.update', owner.cid, { color: '#010203' })).toBe(true)
    expect(await owner.client.call('company.set_user_data', { section: 'admin', uid: target.uid, value: 'false' })).toBe(true)
    expect((await memberOf(owner, owner.cid, target.uid)).role).toBe('user')
    expect((await target.client.fail('v2.network.update', owner.cid, { color: '#010203' })).code).toBe(403)
    await watcher.close()
  })

  test('every section: guest, inviter, feedAdmin, title, customRole; "false" for a role one does not have changes nothing', async () => {
    const target = await join(owner)
    const set = (section: ArgsOf<'company.set_user_data'>[0]['section'], value: string) =>
      owner.client.call('company.set_user_data', { section, uid: target.uid, value })
    await set('guest', 'true')
    expect(await memberOf(owner, owner.cid, target.uid)).toMatchObject({ role: 'guest', guest: true })
    await set('admin', 'false')
    expect((await memberOf(owner, owner.cid, target.uid)).role).toBe('guest')
    await set('guest', 'false')
    expect((await memberOf(owner, owner.cid, target.uid)).role).toBe('user')
    await set('inviter', 'true')
    await set('feedAdmin', 'true')
    await set('title', '  Head of tests  ')
    expect(await memberOf(owner, owner.cid, target.uid)).toMatchObject({ inviter: true, feedAdmin: true, title: 'Head of tests' })
    expect(await target.client.call('v2.network.invite.send', { email: `invited.${Date.now()}@example.test`, role: 'guest' })).toMatchObject({ cid: owner.cid })
    await set('inviter', 'false')
    await set('feedAdmin', 'false')
    await set('title', '')
    expect(await memberOf(owner, owner.cid, target.uid)).toMatchObject({ inviter: false, feedAdmin: false, title: null })

    const role = await owner.client.call('v2.network.role.create', { name: 'Team keepers', capabilities: ['teams.manage'] })
    expect((await target.client.fail('company.new_team', { name: 'Before' })).code).toBe(403)
    await set('customRole', role._id)
    await target.client.waitForSignal('network.role.changed', (m) => m.customRole === role._id)
    expect(await memberOf(owner, owner.cid, target.uid)).toMatchObject({ customRole: role._id, capabilities: expect.arrayContaining(['teams.manage']) })
    expect((await target.client.call('company.new_team', { name: 'After' })).name).toBe('After')
    await set('customRole', '')
    expect((await memberOf(owner, owner.cid, target.uid)).customRole).toBeNull()
    expect((await target.client.fail('company.new_team', { name: 'Again' })).code).toBe(403)
    expect((await owner.client.fail('company.set_user_data', { section: 'customRole', uid: target.uid, value: MISSING })).code).toBe(404)
  })

  test('owners: only an owner makes one; the last owner cannot be demoted (422)', async () => {
    const ws = await person('sud-owners')
    expect(await ws.client.fail('company.set_user_data', { section: 'owner', uid: ws.uid, value: 'false' })).toMatchObject({
      code: 422,
      details: { reason: 'lastOwner' },
    })
    expect(await ws.client.fail('company.set_user_data', { section: 'admin', uid: ws.uid, value: 'true' })).toMatchObject({ code: 422 })
    const second = await join(ws)
    expect(await ws.client.call('company.set_user_data', { section: 'owner', uid: second.uid, value: 'true' })).toBe(true)
    await second.client.waitForSignal('network.role.changed', (m) => m.role === 'owner')
    // Now the first owner may step down; then the second is the last one.
    expect(await ws.client.call('company.set_user_data', { section: 'owner', uid: ws.uid, value: 'false' })).toBe(true)
    expect((await memberOf(second, ws.cid, ws.uid)).role).toBe('user')
    expect((await second.client.fail('company.set_user_data', { section: 'owner', uid: second.uid, value: 'false', workspaceId: ws.cid })).code).toBe(422)
    expect((await memberOf(second, ws.cid, second.uid)).role).toBe('owner')
  })
})

describe('company.leave', () => {
  test('401, 400, 404 for a workspace one is not in, 422 for the last owner, then the member is gone', async () => {
    const owner = await person('leave-owner')
    const member = await join(owner)
    const stranger = await person('leave-stranger')
    expect((await anon.fail('company.leave', owner.cid)).code).toBe(401)
    expect(await member.client.fail('company.leave', 'abc')).toMatchObject({ code: 400, details: { argument: 0, name: 'workspaceId' } })
    expect((await stranger.client.fail('company.leave', owner.cid)).code).toBe(404)
    expect((await owner.client.call('v2.network.get', owner.cid)).members).toHaveLength(2)
    expect(await owner.client.fail('company.leave', owner.cid)).toMatchObject({ code: 422, details: { reason: 'lastOwner' } })

    const watcher = await Client.connect({ key: owner.key })
    expect(await member.client.call('company.leave', owner.cid)).toBe(true)
    await member.client.waitForSignal('network.member.removed', (m) => m.cid === owner.cid && m.uid === member.uid)
    await watcher.waitForSignal('network.member.removed', (m) => m.uid === member.uid)
    expect((await owner.client.call('v2.network.get', owner.cid)).members.map((m: any) => m.uid)).toEqual([owner.uid])
    expect((await member.client.fail('v2.network.get', owner.cid)).code).toBe(404)
    // The session's current workspace moved back to one the member still belongs to.
    expect((await member.client.call('v3.session.get')).cid).toBe(member.ownCid)
    await watcher.close()
  })

  test('an owner may leave while another owner stays', async () => {
    const owner = await person('leave-owners')
    const second = await join(owner, 'owner')
    expect(await second.client.call('company.leave', owner.cid)).toBe(true)
    expect((await owner.client.fail('company.leave', owner.cid)).code).toBe(422)
  })
})

describe('company.remove_user', () => {
  test('401, 400, 404 in another workspace with nothing changed, 403 for a member who may not', async () => {
    const owner = await person('rm-owner')
    const member = await join(owner)
    const stranger = await person('rm-stranger')
    expect((await anon.fail('company.remove_user', member.uid)).code).toBe(401)
    expect(await owner.client.fail('company.remove_user', 'abc')).toMatchObject({ code: 400, details: { argument: 0, name: 'userId' } })
    expect((await stranger.client.fail('company.remove_user', member.uid)).code).toBe(404)
    expect((await member.client.fail('company.remove_user', owner.uid)).code).toBe(403)
    const admin = await join(owner, 'admin')
    expect(await admin.client.fail('company.remove_user', owner.uid)).toMatchObject({ code: 403, details: { capability: 'members.setOwner' } })
    expect((await owner.client.call('v2.network.get', owner.cid)).members).toHaveLength(3)
    expect(await owner.client.fail('company.remove_user', owner.uid)).toMatchObject({ code: 422, details: { reason: 'lastOwner' } })
  })

  test('removed: the member hears it, loses the workspace at once and stops hearing its signals', async () => {
    const owner = await person('rm2-owner')
    const member = await join(owner)
    const other = await join(owner)
    const second = await Client.connect({ key: member.key }) // another open socket of the removed member
    await owner.client.call('v2.network.update', owner.cid, { color: '#000001' })
    await second.waitForSignal('network.updated', (m) => m._id === owner.cid) // it did hear the workspace

    expect(await owner.client.call('company.remove_user', member.uid)).toBe(true)
    await member.client.waitForSignal('network.member.removed', (m) => m.uid === member.uid && m.cid === owner.cid)
    await second.waitForSignal('network.member.removed', (m) => m.uid === member.uid)
    await other.client.waitForSignal('network.member.removed', (m) => m.uid === member.uid)
    expect((await member.client.fail('v2.network.get', owner.cid)).code).toBe(404)
    expect((await member.client.call('v3.session.get')).cid).toBe(member.ownCid)

    member.client.signals.length = 0
    second.signals.length = 0
    other.client.signals.length = 0
    await owner.client.call('v2.network.update', owner.cid, { color: '#000002' })
    await other.client.waitForSignal('network.updated', (m) => m._id === owner.cid)
    await flush(member) // anything sent to the removed member's sockets before this has arrived
    const mark = `flush-${Math.random()}`
    await second.call('v2.user.settings.global.set', { theme: mark })
    await second.waitForSignal('user.settings', (m) => m.uid === member.uid)
    expect(member.client.signals.filter((s) => s.sig === 'network.updated')).toEqual([])
    expect(second.signals.filter((s) => s.sig === 'network.updated')).toEqual([])
    await second.close()
  })

  test('an owner may remove another owner', async () => {
    const owner = await person('rm3-owner')
    const second = await join(owner, 'owner')
    expect(await owner.client.call('company.remove_user', second.uid)).toBe(true)
    expect((await owner.client.call('v2.network.get', owner.cid)).members).toHaveLength(1)
  })
})
