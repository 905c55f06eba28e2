/** v2.network.create, v2.network.get, v2.network.update */
import { Client } from '../../helpers/client'
import { MISSING } from '../../helpers/ids'
import { joinWorkspace } from '../../helpers/members'
import { signedIn } from '../../helpers/users'

let owner: Awaited<ReturnType<typeof signedIn>>
let stranger: Awaited<ReturnType<typeof signedIn>>
let anon: Client
beforeAll(async () => {
  owner = await signedIn('owner')
  stranger = await signedIn('stranger')
  anon = await Client.connect()
})
afterAll(() => Promise.all([owner.client.close(), stranger.client.close(), anon.close()]))

describe('v2.network.create', () => {
  test('401, 400, then a workspace owned by the caller whose socket hears it at once', async () => {
    expect((await anon.fail('v2.network.create', 'X')).code).toBe(401)
    expect(await owner.client.fail('v2.network.create', 42)).toMatchObject({ code: 400, details: { argument: 0 } })
    const ws = await owner.client.call('v2.network.create', 'Research')
    expect(ws).toMatchObject({ name: 'Research', uid: owner.uid, members: [expect.objectContaining({ uid: owner.uid, role: 'owner' })] })
    expect((await owner.client.call('v2.network.get', ws._id))._id).toBe(ws._id)
    // The creator's socket is subscribed to the new workspace without signing in again.
    await owner.client.call('v2.network.update', ws._id, { color: '#123456' })
    await owner.client.waitForSignal('network.updated', (m) => m._id === ws._id)
  })
})

describe('v2.network.get', () => {
  test('401, 400, 404 for a workspace the caller does not belong to, the workspace for a member', async () => {
    expect((await anon.fail('v2.network.get', owner.cid)).code).toBe(401)
    expect(await owner.client.fail('v2.network.get', 'abc')).toMatchObject({ code: 400, details: { argument: 0, name: 'networkId' } })
    expect((await stranger.client.fail('v2.network.get', owner.cid)).code).toBe(404)
    expect((await owner.client.fail('v2.network.get', MISSING)).code).toBe(404)
    const ws = await owner.client.call('v2.network.get', owner.cid)
    expect(ws).toMatchObject({ _id: owner.cid, uid: owner.uid, license: expect.objectContaining({ type: 'free' }) })
    expect(typeof ws.created).toBe('number')
    // Each member with their role, flags, title and custom role: what the members screen shows and changes.
    expect(ws.members).toContainEqual(
      expect.objectContaining({ uid: owner.uid, role: 'owner', inviter: false, feedAdmin: false, title: null, customRole: null, email: owner.email }),
    )
  })
})

describe('v2.network.update', () => {
  test('401, 400, 404 for another workspace with nothing changed, then the update and its signal', async () => {
    expect((await anon.fail('v2.network.update', owner.cid, { name: 'x' })).code).toBe(401)
    expect(await owner.client.fail('v2.network.update', owner.cid, { defaultView: 'calendar' })).toMatchObject({
      code: 400,
      details: { argument: 1, path: '/defaultView' },
    })
    expect((await owner.client.fail('v2.network.update', owner.cid, { languages: ['de'] })).code).toBe(400)
    expect((await stranger.client.fail('v2.network.update', owner.cid, { name: 'Hijacked' })).code).toBe(404)
    expect((await owner.client.call('v2.network.get', owner.cid)).name).not.toBe('Hijacked')

    const watcher = await Client.connect({ key: owner.key })
    expect(
      await owner.client.call('v2.network.update', owner.cid, { name: 'Renamed', isolatedTeams: true, defaultView: 'feed', languages: ['fi', 'en'] }),
    ).toBe(true)
    const ws = await owner.client.call('v2.network.get', owner.cid)
    expect(ws.name).toBe('Renamed')
    expect(ws.settings).toMatchObject({ isolatedTeams: true, defaultView: 'feed', languages: ['fi', 'en'] })
    expect(typeof ws.updated).toBe('number')
    const signal = await watcher.waitForSignal('network.updated', (m) => m._id === owner.cid)
    expect(signal.meta.changed.sort()).toEqual(['defaultView', 'isolatedTeams', 'languages', 'name'])
    expect(stranger.client.signals.filter((s) => s.sig === 'network.updated')).toEqual([])
    await watcher.close()
  })

  test('a plain member may read but not update: 403 and nothing changed; an admin may', async () => {
    const member = await joinWorkspace(owner, { role: 'user', tag: 'plain' })
    const admin = await joinWorkspace(owner, { role: 'admin', tag: 'admin' })
    expect((await member.client.call('v2.network.get', owner.cid))._id).toBe(owner.cid)
    const before = await owner.client.call('v2.network.get', owner.cid)
    expect(await member.client.fail('v2.network.update', owner.cid, { name: 'By a member' })).toMatchObject({ code: 403 })
    expect((await owner.client.call('v2.network.get', owner.cid)).name).toBe(before.name)
    expect(await admin.client.call('v2.network.update', owner.cid, { name: 'By an admin' })).toBe(true)
    await member.client.waitForSignal('network.updated', (m) => m._id === owner.cid && m.changed.includes('name'))
    await Promise.all([member.client.close(), admin.client.close()])
  })

  test('without a workspace id it updates the current workspace', async () => {
    expect(await owner.client.call('v2.network.update', null, { color: '#abcdef' })).toBe(true)
    expect((await owner.client.call('v2.network.get', owner.cid)).settings!.color).toBe('#abcdef')
  })
})
