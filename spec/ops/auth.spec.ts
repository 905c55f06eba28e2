/** login, auth, logout and the session's current workspace (operations added to the interface). */
import { api, Client } from '../helpers/client'
import { startServer } from '../helpers/server'
import { registerUser, signedIn } from '../helpers/users'

describe('login', () => {
  test('a wrong password or unknown email is a 401 that does not say which', async () => {
    const user = await registerUser('login')
    const c = await Client.connect()
    const wrong = await c.fail('login', user.email, 'not the password')
    const unknown = await c.fail('login', `nobody.${Date.now()}@example.test`, 'whatever pw')
    expect(wrong).toEqual({ code: 401, msg: 'wrong email or password' })
    expect(unknown).toEqual(wrong)
    await c.close()
  })

  test('the email is matched without regard to case; the key has at least 128 bits', async () => {
    const user = await registerUser('Case')
    const c = await Client.connect()
    const key: string = await c.call('login', user.email.toUpperCase(), user.password)
    expect(key).toMatch(/^[A-Za-z0-9_-]{32,}$/) // 32 characters of 6 bits: 192 bits
    expect((await c.call('v3.session.get')).uid).toBe(user.uid)
    await c.close()
  })

  test('the current workspace starts as the default one and can be switched to another membership only', async () => {
    const me = await signedIn('switch')
    const other = await signedIn('switch-other')
    expect((await me.client.call('v3.session.get')).cid).toBe(me.cid)
    const second = await me.client.call('v2.network.create', 'Second')
    expect(await me.client.call('v3.session.switchWorkspace', second._id)).toEqual({ cid: second._id })
    expect((await me.client.call('v3.session.get')).cid).toBe(second._id)
    expect((await me.client.fail('v3.session.switchWorkspace', other.cid)).code).toBe(404)
    expect((await me.client.call('v3.session.get')).cid).toBe(second._id)
    expect((await me.client.fail('v3.session.switchWorkspace', 'zz')).code).toBe(400)
    const anon = await Client.connect()
    expect((await anon.fail('v3.session.switchWorkspace', second._id)).code).toBe(401)
    // The workspaces to switch between: the caller's own, by name, never another's.
    const mine = await me.client.call('v3.session.workspaces')
    expect(mine.map((w: { _id: string }) => w._id).sort()).toEqual([me.cid, second._id].sort())
    expect(mine.find((w: { _id: string }) => w._id === second._id)).toEqual({ _id: second._id, name: 'Second', role: 'owner' })
    expect((await anon.fail('v3.session.workspaces')).code).toBe(401)
    expect((await me.client.fail('v3.session.workspaces', 'extra')).code).toBe(400)
    await Promise.all([me.client.close(), other.client.close(), anon.close()])
  })
})

describe('logout', () => {
  test('ends that session only and closes its sockets', async () => {
    const me = await signedIn('logout')
    const sameSession = await Client.connect({ key: me.key })
    const otherSessionClient = await Client.connect()
    const otherKey = await otherSessionClient.call('login', me.email, me.password)

    expect(await me.client.call('logout')).toBe(true)
    expect((await me.client.closed).code).toBe(1000)
    expect((await sameSession.closed).code).toBe(1000)

    expect((await api('v3.session.get', [], { key: me.key })).status).toBe(401)
    await expect(Client.connect({ key: me.key })).rejects.toThrow('401')
    expect((await otherSessionClient.call('v3.session.get')).uid).toBe(me.uid)
    expect((await api('v3.session.get', [], { key: otherKey })).status).toBe(200)
    await otherSessionClient.close()
  })

  test('needs a session', async () => {
    expect((await api('logout')).status).toBe(401)
  })
})

describe('idle expiry', () => {
  test('a session unused for longer than SESSION_IDLE_SECONDS is gone; one in use lives on', async () => {
    const server = await startServer({ SESSION_IDLE_SECONDS: '2' })
    try {
      const user = await registerUser('idle', server.wsUrl)
      const idle = await Client.connect({ url: server.wsUrl })
      const idleKey = await idle.call('login', user.email, user.password)
      const busy = await Client.connect({ url: server.wsUrl })
      await busy.call('login', user.email, user.password)
      for (let i = 0; i < 6; i++) {
        await new Promise((r) => setTimeout(r, 500))
        expect((await busy.call('v3.session.get')).uid).toBe(user.uid)
      }
      // 3 s without use: the idle key no longer works, on its socket or anywhere else.
      expect((await idle.fail('v3.session.get')).code).toBe(401)
      await expect(Client.connect({ url: server.wsUrl, key: idleKey })).rejects.toThrow('401')
      await Promise.all([idle.close(), busy.close()])
    } finally {
      await server.stop()
    }
  })
})
