/** v3.user.setBot: the shared service secret, or a bot administrator; never both, never by registration. */
import { Client } from '../../helpers/client'
import { MISSING } from '../../helpers/ids'
import { startServer, tempDataDir, type RunningServer } from '../../helpers/server'
import { signedIn, type SignedIn } from '../../helpers/users'

const SECRET = 'the service secret of the bots'
let server: RunningServer
let admin: SignedIn
let someone: SignedIn
let target: SignedIn
beforeAll(async () => {
  // The administrator's id is known only once they are registered: register, then restart with it.
  const first = await startServer({ BOT_SECRET: SECRET, DATA_DIR: tempDataDir() })
  const registered = await signedIn('botadmin', first.wsUrl)
  await registered.client.close()
  await first.stop()
  server = await startServer({ BOT_SECRET: SECRET, BOT_ADMIN_UIDS: registered.uid, DATA_DIR: first.dataDir })
  admin = { ...registered, client: await Client.connect({ url: server.wsUrl }) }
  admin.key = await admin.client.call('login', admin.email, admin.password)
  someone = await signedIn('someone', server.wsUrl)
  target = await signedIn('target', server.wsUrl)
})
afterAll(async () => {
  await Promise.all([admin.client.close(), someone.client.close(), target.client.close()])
  await server.stop()
})

test('401 signed out; 400 naming the argument; 404 for an unknown user', async () => {
  const anon = await Client.connect({ url: server.wsUrl })
  expect((await anon.fail('v3.user.setBot', { uid: target.uid, isBot: true, secret: SECRET })).code).toBe(401)
  await anon.close()
  expect(await admin.client.fail('v3.user.setBot', { uid: 'nope', isBot: true })).toMatchObject({ code: 400, details: { argument: 0, path: '/uid' } })
  expect(await admin.client.fail('v3.user.setBot', { uid: target.uid })).toMatchObject({ code: 400, details: { argument: 0 } })
  expect((await admin.client.fail('v3.user.setBot', { uid: MISSING, isBot: true })).code).toBe(404)
})

test('with the secret: anyone signed in flags a bot; the flag shows in the profile; the user hears it', async () => {
  expect(await someone.client.call('v3.user.setBot', { uid: target.uid, isBot: true, secret: SECRET })).toEqual({ uid: target.uid, isBot: true })
  expect((await target.client.waitForSignal('user.bot', (m) => m.uid === target.uid)).meta).toEqual({ uid: target.uid, isBot: true })
  expect(await target.client.call('v2.user.profile', target.uid)).toMatchObject({ isBot: true })
  expect(await someone.client.call('v3.user.setBot', { uid: target.uid, isBot: false, secret: SECRET })).toEqual({ uid: target.uid, isBot: false })
  expect(await target.client.call('v2.user.profile', target.uid)).not.toHaveProperty('isBot')
})

test('a wrong secret is refused, even for an administrator: no fallback', async () => {
  expect((await someone.client.fail('v3.user.setBot', { uid: target.uid, isBot: true, secret: 'guess' })).code).toBe(403)
  expect((await admin.client.fail('v3.user.setBot', { uid: target.uid, isBot: true, secret: `${SECRET}!` })).code).toBe(403)
  expect(await target.client.call('v2.user.profile', target.uid)).not.toHaveProperty('isBot')
})

test('without a secret: only a listed administrator (403 for others)', async () => {
  expect((await someone.client.fail('v3.user.setBot', { uid: someone.uid, isBot: true })).code).toBe(403)
  expect(await admin.client.call('v3.user.setBot', { uid: target.uid, isBot: true })).toEqual({ uid: target.uid, isBot: true })
  expect(await admin.client.call('v3.user.setBot', { uid: target.uid, isBot: false })).toEqual({ uid: target.uid, isBot: false })
})

test('an API key may not flag bots (403); registration cannot set the flag (400)', async () => {
  const { key } = await admin.client.call('v3.user.apikey.create', 'k', admin.cid, [])
  const byKey = await Client.connect({ key, url: server.wsUrl })
  expect((await byKey.fail('v3.user.setBot', { uid: target.uid, isBot: true })).code).toBe(403)
  await byKey.close()
  const anon = await Client.connect({ url: server.wsUrl })
  const person = { email: `bot.${Date.now()}@example.test`, firstname: 'B', lastname: 'O', password: 'correct horse battery', isBot: true }
  expect((await anon.fail('v2.user.register', person)).code).toBe(400)
  await anon.close()
})
