/** v2.user.register, v3.user.register, v2.user.profile, v2.user.settings.global.set */
import { Client } from '../../helpers/client'
import { MISSING } from '../../helpers/ids'
import { signedIn, uniqueEmail } from '../../helpers/users'

const person = (email = uniqueEmail('reg')) => ({ email, firstname: 'Ada', lastname: 'Lovelace', password: 'analytical engine' })

describe.each(['v2.user.register', 'v3.user.register'] as const)('%s', (op) => {
  let anon: Client
  beforeAll(async () => {
    anon = await Client.connect()
  })
  afterAll(() => anon.close())

  test('creates the user and a workspace they own, and returns {uid, cid}', async () => {
    const p = person()
    const { uid, cid } = await anon.call(op, p)
    expect(uid).toMatch(/^[0-9a-f]{24}$/)
    expect(cid).toMatch(/^[0-9a-f]{24}$/)
    const c = await Client.connect()
    await c.call('login', p.email, p.password)
    const ws = await c.call('v2.network.get', cid)
    expect(ws).toMatchObject({ _id: cid, uid, name: "Ada's workspace" })
    expect(ws.members).toEqual([expect.objectContaining({ uid, role: 'owner' })])
    await c.close()
  })

  test('a duplicate email, in any case, is a 409', async () => {
    const p = person()
    await anon.call(op, p)
    const error = await anon.fail(op, { ...p, email: p.email.toUpperCase() })
    expect(error.code).toBe(409)
  })

  test('password rules answer a clear 400 naming the password', async () => {
    const short = await anon.fail(op, { ...person(), password: 'short' })
    expect(short).toMatchObject({ code: 400, details: { argument: 0, path: '/password' } })
    const samey = await anon.fail(op, { ...person(), password: 'aaaaaaaaaaaa' })
    expect(samey).toMatchObject({ code: 400, details: { path: '/password' } })
    const p = person()
    const asEmail = await anon.fail(op, { ...p, password: p.email })
    expect(asEmail).toMatchObject({ code: 400, details: { path: '/password' } })
  })

  test('missing or unknown fields are 400s naming them', async () => {
    const { firstname, ...noName } = person()
    expect(await anon.fail(op, noName)).toMatchObject({ code: 400, details: { argument: 0, path: '/firstname' } })
    expect((await anon.fail(op, { ...person(), admin: true })).code).toBe(400)
    expect((await anon.fail(op)).code).toBe(400)
  })
})

test('v3.user.register keeps the extra fields of the operation index', async () => {
  const anon = await Client.connect()
  const p = { ...person(), acceptConditions: true, language: 'fi' }
  const { uid } = await anon.call('v3.user.register', p)
  await anon.call('login', p.email, p.password)
  const me = await anon.call('v2.user.profile', uid)
  expect(me.settings).toMatchObject({ acceptConditions: true, language: 'fi' })
  await anon.close()
})

describe('v2.user.profile', () => {
  test('401 without a session, 400 for a bad id, 404 for a stranger, your own with settings', async () => {
    const me = await signedIn('profile')
    const stranger = await signedIn('stranger')
    const anon = await Client.connect()
    expect((await anon.fail('v2.user.profile', me.uid)).code).toBe(401)
    expect(await me.client.fail('v2.user.profile', 'bad')).toMatchObject({ code: 400, details: { argument: 0 } })
    expect((await me.client.fail('v2.user.profile', stranger.uid)).code).toBe(404)
    expect((await me.client.fail('v2.user.profile', MISSING)).code).toBe(404)
    const own = await me.client.call('v2.user.profile', me.uid)
    expect(own).toMatchObject({ _id: me.uid, email: me.email, firstname: 'Test', settings: {} })
    expect(own).not.toHaveProperty('password_hash')
    await Promise.all([me.client.close(), stranger.client.close(), anon.close()])
  })
})

describe('v2.user.settings.global.set', () => {
  test('401, 400, then merges the settings and returns true', async () => {
    const me = await signedIn('settings')
    const anon = await Client.connect()
    expect((await anon.fail('v2.user.settings.global.set', { theme: 'dark' })).code).toBe(401)
    expect(await me.client.fail('v2.user.settings.global.set', { enterToSend: 'yes' })).toMatchObject({
      code: 400,
      details: { argument: 0, path: '/enterToSend' },
    })
    expect((await me.client.fail('v2.user.settings.global.set', { unknownSetting: 1 })).code).toBe(400)
    expect(await me.client.call('v2.user.settings.global.set', { theme: 'dark', enterToSend: true })).toBe(true)
    expect(await me.client.call('v2.user.settings.global.set', { enterToSend: false })).toBe(true)
    expect((await me.client.call('v2.user.profile', me.uid)).settings).toEqual({ theme: 'dark', enterToSend: false })
    await Promise.all([me.client.close(), anon.close()])
  })
})

describe('registration with copyNetworkId', () => {
  test('a workspace that may not be copied is a 404 and nothing is created; a public one starts the new workspace', async () => {
    const source = await signedIn('source')
    const wf = await source.client.call('process.create', { name: 'Onboarding' })
    const anon = await Client.connect()
    const p = person()
    expect((await anon.fail('v2.user.register', p, { copyNetworkId: source.cid })).code).toBe(404)
    expect((await anon.fail('login', p.email, p.password)).code).toBe(401) // no account was made

    await source.client.call('v2.network.update', source.cid, { allowPublicCopy: true, color: '#336699' })
    const { cid } = await anon.call('v2.user.register', p, { copyNetworkId: source.cid })
    expect(cid).not.toBe(source.cid)
    await anon.call('login', p.email, p.password)
    const ws = await anon.call('v2.network.get', cid)
    expect(ws.settings).toMatchObject({ color: '#336699' })
    expect(ws.settings).not.toHaveProperty('allowPublicCopy')
    const copies = await anon.call('process.list')
    expect(copies.map((c: any) => c.name)).toEqual(['Onboarding'])
    expect(copies[0]._id).not.toBe(wf._id)
    await Promise.all([source.client.close(), anon.close()])
  })
})
