/** v3.user.apikey.* and signing in with an API key (server/auth/api-keys.ts) */
import { api, Client } from '../../helpers/client'
import { apiFrom } from '../../helpers/address'
import { MISSING } from '../../helpers/ids'
import { type Cast, closeCast, meetCast } from '../../helpers/members'
import { startServer, type RunningServer } from '../../helpers/server'
import { signedIn, type SignedIn } from '../../helpers/users'
import { loadWorkflow } from '../../helpers/workflows'

let cast: Cast
let owner: SignedIn
let stranger: SignedIn
let anon: Client
beforeAll(async () => {
  cast = await meetCast()
  ;({ owner, stranger, anon } = cast)
})
afterAll(() => closeCast(cast))

const newKey = (whitelist: string[] = [], who = owner, cid = who.cid) => who.client.call('v3.user.apikey.create', `key ${Math.random()}`, cid, whitelist)

describe('v3.user.apikey.create and list', () => {
  test('401, 400 naming the bad address, 404 for a workspace of someone else; the key once, the prefix listed, the signal', async () => {
    expect((await anon.fail('v3.user.apikey.create', 'k', owner.cid, [])).code).toBe(401)
    expect((await anon.fail('v3.user.apikey.list')).code).toBe(401)
    expect(await owner.client.fail('v3.user.apikey.create', 'k', owner.cid, ['10.0.0.1', '10.0.0.0/33'])).toMatchObject({
      code: 400,
      details: { argument: 2, name: 'whitelistIps', path: '/1' },
    })
    for (const bad of ['1.2.3', 'localhost', '::1/129', '10.0.0.1/8/1']) {
      expect(await owner.client.fail('v3.user.apikey.create', 'k', owner.cid, [bad])).toMatchObject({ code: 400, details: { argument: 2, path: '/0' } })
    }
    expect(await owner.client.fail('v3.user.apikey.create', 'k', owner.cid, [], 'ftp://x')).toMatchObject({ code: 400, details: { argument: 3 } })
    expect((await owner.client.fail('v3.user.apikey.create', 'k', stranger.cid, [])).code).toBe(404)
    expect((await owner.client.fail('v3.user.apikey.create', 'k', MISSING, [])).code).toBe(404)

    const second = await Client.connect({ key: owner.key })
    try {
      const created = await owner.client.call('v3.user.apikey.create', 'CI pipeline', owner.cid, ['10.0.0.0/8', '::1'], 'https://ci.example.org/')
      expect(created).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), key: expect.stringMatching(/^hlrk_[A-Za-z0-9_-]{32}$/) })
      expect((await second.waitForSignal('user.apikey.created', (m) => m._id === created._id)).meta).toEqual({ _id: created._id, workspaceId: owner.cid })

      const listed = (await owner.client.call('v3.user.apikey.list')).find((k: any) => k._id === created._id)!
      expect(listed).toEqual({
        _id: created._id,
        uid: owner.uid,
        workspaceId: owner.cid,
        name: 'CI pipeline',
        keyPrefix: created.key.slice(0, 11),
        whitelistIps: ['10.0.0.0/8', '::1'],
        created: expect.any(Number),
        expires: expect.any(Number),
        delegatedToUrl: 'https://ci.example.org/',
      })
      // The documented default lifetime: 90 days.
      expect(listed.expires - listed.created).toBe(90 * 24 * 3600 * 1000)
      expect(JSON.stringify(await owner.client.call('v3.user.apikey.list'))).not.toContain(created.key.slice(11))
      expect(await stranger.client.call('v3.user.apikey.list')).toEqual([])
    } finally {
      await second.close()
    }
  })
})

describe('signing in with an API key', () => {
  test('HTTP and the socket act as the owner in the key workspace; another workspace of the owner is 404; lastUsed is kept', async () => {
    const { _id, key } = await newKey()
    const network = await api('v2.network.get', [owner.cid], { key })
    expect(network.status).toBe(200)
    expect(network.body._id).toBe(owner.cid)

    const socket = await Client.connect({ key })
    try {
      expect(await socket.call('v3.session.get')).toMatchObject({ uid: owner.uid, cid: owner.cid })
      // The owner's other workspace: as if it did not exist.
      const other = await owner.client.call('v2.network.create', 'Elsewhere')
      expect(await owner.client.call('v2.network.get', other._id)).toMatchObject({ _id: other._id })
      expect((await socket.fail('v2.network.get', other._id)).code).toBe(404)
      expect((await socket.fail('v3.session.switchWorkspace', other._id)).code).toBe(404)
      expect((await socket.call('v3.session.workspaces')).map((w: any) => w._id)).toEqual([owner.cid])
      const elsewhere = await owner.client.call('process.create', { name: 'Hidden', workspaceId: other._id })
      expect((await loadWorkflow(owner.client, elsewhere._id))._id).toBe(elsewhere._id)
      expect((await socket.fail('v2.process.get', elsewhere._id)).code).toBe(404)
      expect((await socket.fail('process.create', { name: 'Sneaky', workspaceId: other._id })).code).toBe(404)
      expect((await api('v2.network.get', [other._id], { key })).status).toBe(404)
    } finally {
      await socket.close()
    }
    const listed = (await owner.client.call('v3.user.apikey.list')).find((k: any) => k._id === _id)!
    expect(listed.lastUsed).toEqual(expect.any(Number))

    // In-band `auth` with the key signs a socket in the same way.
    const late = await Client.connect()
    try {
      expect(await late.call('auth', key)).toEqual({ uid: owner.uid })
      expect((await late.call('v2.network.get', owner.cid))._id).toBe(owner.cid)
    } finally {
      await late.close()
    }
  })

  test('a key may not create, list, change or remove keys, nor make workspaces (403)', async () => {
    const { _id, key } = await newKey()
    const socket = await Client.connect({ key })
    try {
      for (const [op, args] of [
        ['v3.user.apikey.create', ['k', owner.cid, []]],
        ['v3.user.apikey.list', []],
        ['v3.user.apikey.update', [_id, 'renamed', []]],
        ['v3.user.apikey.remove', [_id]],
        ['v2.network.create', ['new']],
        ['v2.user.invite.accept', ['x'.repeat(32)]],
      ] as const) {
        expect(await socket.fail(op, ...args)).toMatchObject({ code: 403 })
      }
    } finally {
      await socket.close()
    }
  })

  test("a key's socket hears only its own workspace's signals, also on its user's topic", async () => {
    const { key } = await newKey()
    const socket = await Client.connect({ key })
    try {
      const other = await owner.client.call('v2.network.create', 'Other place')
      const elsewhere = await owner.client.call('v3.user.apikey.create', 'elsewhere', other._id, [])
      const here = await owner.client.call('v3.user.apikey.create', 'here', owner.cid, [])
      await socket.waitForSignal('user.apikey.created', (m) => m._id === here._id)
      await owner.client.waitForSignal('user.apikey.created', (m) => m._id === elsewhere._id)
      expect(socket.signals.filter((s) => s.meta._id === elsewhere._id || s.meta.cid === other._id)).toEqual([])
    } finally {
      await socket.close()
    }
  })

  test('from outside the whitelist: 401 with the message of an unknown key, on HTTP and at the upgrade; inside it works', async () => {
    const { key } = await newKey(['127.0.0.2', '::ffff:127.0.0.3'])
    const outside = await apiFrom('127.0.0.1', 'v2.network.get', [owner.cid], { key })
    const unknown = await apiFrom('127.0.0.1', 'v2.network.get', [owner.cid], { key: `hlrk_${'x'.repeat(32)}` })
    expect(outside.status).toBe(401)
    expect(outside.body).toEqual(unknown.body)
    expect((await apiFrom('127.0.0.2', 'v2.network.get', [owner.cid], { key })).status).toBe(200)
    expect((await apiFrom('127.0.0.3', 'v2.network.get', [owner.cid], { key })).status).toBe(200)
    await expect(Client.connect({ key, localAddress: '127.0.0.1' })).rejects.toThrow('upgrade refused: 401')
    const inside = await Client.connect({ key, localAddress: '127.0.0.2' })
    await inside.close()
    // In-band `auth` checks the socket's address the same way.
    const late = await Client.connect({ localAddress: '127.0.0.1' })
    expect(await late.fail('auth', key)).toEqual(await late.fail('auth', `hlrk_${'y'.repeat(32)}`))
    await late.close()
    const lateInside = await Client.connect({ localAddress: '127.0.0.2' })
    expect(await lateInside.call('auth', key)).toEqual({ uid: owner.uid })
    await lateInside.close()

    const ranged = await newKey(['127.0.0.0/31'])
    expect((await apiFrom('127.0.0.1', 'v2.network.get', [owner.cid], { key: ranged.key })).status).toBe(200)
    expect((await apiFrom('127.0.0.2', 'v2.network.get', [owner.cid], { key: ranged.key })).status).toBe(401)
  })
})

describe('v3.user.apikey.update and remove', () => {
  test("401, 400, 404 for someone else's key; the change and its signal; the new whitelist holds at once", async () => {
    const { _id, key } = await newKey()
    expect((await anon.fail('v3.user.apikey.update', _id, 'n', [])).code).toBe(401)
    expect(await owner.client.fail('v3.user.apikey.update', _id, 'n', ['nope'])).toMatchObject({ code: 400, details: { argument: 2, path: '/0' } })
    expect((await stranger.client.fail('v3.user.apikey.update', _id, 'mine now', [])).code).toBe(404)
    expect((await stranger.client.fail('v3.user.apikey.remove', _id)).code).toBe(404)
    expect((await owner.client.fail('v3.user.apikey.remove', MISSING)).code).toBe(404)

    const second = await Client.connect({ key: owner.key })
    try {
      expect(await owner.client.call('v3.user.apikey.update', _id, 'Renamed', ['127.0.0.2'])).toBe(true)
      await second.waitForSignal('user.apikey.updated', (m) => m._id === _id)
      const listed = (await owner.client.call('v3.user.apikey.list')).find((k: any) => k._id === _id)!
      expect(listed).toMatchObject({ name: 'Renamed', whitelistIps: ['127.0.0.2'], updated: expect.any(Number) })
      expect((await apiFrom('127.0.0.1', 'v2.network.get', [owner.cid], { key })).status).toBe(401)
      expect((await apiFrom('127.0.0.2', 'v2.network.get', [owner.cid], { key })).status).toBe(200)
    } finally {
      await second.close()
    }
  })

  test('removal ends the key at once: its open socket is closed, HTTP refuses it; the signal', async () => {
    const { _id, key } = await newKey()
    const socket = await Client.connect({ key })
    expect((await socket.call('v2.network.get', owner.cid))._id).toBe(owner.cid)
    expect(await owner.client.call('v3.user.apikey.remove', _id)).toBe(true)
    expect((await socket.closed).code).toBe(1000)
    await owner.client.waitForSignal('user.apikey.removed', (m) => m._id === _id)
    expect((await api('v2.network.get', [owner.cid], { key })).status).toBe(401)
    await expect(Client.connect({ key })).rejects.toThrow('upgrade refused: 401')
    expect((await owner.client.call('v3.user.apikey.list')).map((k: any) => k._id)).not.toContain(_id)
  })
})

describe('expiry', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ API_KEY_LIFETIME_SECONDS: '2' })
  })
  afterAll(() => server.stop())

  test('an expired key is refused on HTTP, at the upgrade and on a socket opened before', async () => {
    const me = await signedIn('expiry', server.wsUrl)
    try {
      const { _id, key } = await me.client.call('v3.user.apikey.create', 'short', me.cid, [])
      const { expires } = (await me.client.call('v3.user.apikey.list')).find((k: any) => k._id === _id)!
      const socket = await Client.connect({ key, url: server.wsUrl })
      expect((await socket.call('v2.network.get', me.cid))._id).toBe(me.cid)
      while (Date.now() <= expires + 50) await new Promise((r) => setTimeout(r, 100))
      expect((await socket.fail('v2.network.get', me.cid)).code).toBe(401)
      expect((await apiFrom('127.0.0.1', 'v2.network.get', [me.cid], { key, url: server.url })).status).toBe(401)
      await expect(Client.connect({ key, url: server.wsUrl })).rejects.toThrow('upgrade refused: 401')
      expect(await me.client.call('v3.user.apikey.list')).toEqual([])
      await socket.close()
    } finally {
      await me.client.close()
    }
  })
})
