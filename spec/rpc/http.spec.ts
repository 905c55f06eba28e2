/** The HTTP mirror: POST /api/<op>, three body forms, status = error code, health routes. */
import { api, serverUrl } from '../helpers/client'
import { MISSING } from '../helpers/ids'
import { startServer } from '../helpers/server'
import { signedIn } from '../helpers/users'

test('GET /healthz and /readyz answer 200', async () => {
  const health = await fetch(`${serverUrl()}/healthz`)
  expect(health.status).toBe(200)
  expect(await health.json()).toEqual({ ok: true })
  const ready = await fetch(`${serverUrl()}/readyz`)
  expect(ready.status).toBe(200)
})

describe('a signed-in caller', () => {
  let me: Awaited<ReturnType<typeof signedIn>>
  beforeAll(async () => {
    me = await signedIn('http')
  })
  afterAll(() => me.client.close())

  test('the slash form, the dotted form and every body form call the same operation', async () => {
    const forms = [
      await api('v2.network.get', [me.cid], { key: me.key }),
      await api('v2.network.get', { args: [me.cid] }, { key: me.key, dotted: true }),
      await api('v2.network.get', { 0: me.cid }, { key: me.key }),
    ]
    for (const reply of forms) {
      expect(reply.status).toBe(200)
      expect(reply.body._id).toBe(me.cid)
    }
  })

  test('an empty body means no arguments', async () => {
    const reply = await api('v3.session.get', undefined, { key: me.key, raw: '' })
    expect(reply.status).toBe(200)
    expect(reply.body.uid).toBe(me.uid)
  })

  test('the cookie works like the header', async () => {
    const reply = await api('v3.session.get', [], { cookie: `hlrkey=${me.key}` })
    expect(reply.body.uid).toBe(me.uid)
  })

  test('failures carry the error code as HTTP status and the error object as body', async () => {
    const bad = await api('v2.network.get', ['nope'], { key: me.key })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ code: 400, details: { argument: 0, name: 'networkId' } })
    const missing = await api('v2.network.get', [MISSING], { key: me.key })
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ code: 404, msg: 'workspace not found' })
    expect((await api('no.such.op', [], { key: me.key })).status).toBe(501)
  })

  test('bad bodies are 400s, oversized ones 413', async () => {
    expect((await api('v3.session.get', undefined, { key: me.key, raw: '{not json' })).status).toBe(400)
    expect((await api('v3.session.get', undefined, { key: me.key, raw: '"a string"' })).status).toBe(400)
    expect((await api('v3.session.get', { foo: 1 }, { key: me.key })).status).toBe(400)
    const big = await api('login', ['a@example.test', 'x'.repeat(2 * 1024 * 1024)])
    expect(big.status).toBe(413)
    expect(big.body.code).toBe(413)
  })
})

test('without a key a signed-in operation is a 401; login sets the cookie, logout clears it', async () => {
  const me = await signedIn('httplogin')
  expect((await api('v3.session.get')).status).toBe(401)
  const res = await fetch(`${serverUrl()}/api/login`, { method: 'POST', body: JSON.stringify([me.email, me.password]) })
  expect(res.status).toBe(200)
  const key = await res.json()
  const cookie = res.headers.get('set-cookie') ?? ''
  expect(cookie).toContain(`hlrkey=${key}`)
  expect(cookie).toMatch(/HttpOnly/i)
  expect(cookie).toMatch(/SameSite=Lax/i)
  const out = await api('logout', [], { cookie: `hlrkey=${key}` })
  expect(out.status).toBe(200)
  expect(out.headers.get('set-cookie')).toMatch(/hlrkey=;/)
  expect((await api('v3.session.get', [], { key })).status).toBe(401)
  await me.client.close()
})

test('unknown routes answer a 404 error object', async () => {
  const res = await fetch(`${serverUrl()}/nothing-here`)
  expect(res.status).toBe(404)
  expect(await res.json()).toMatchObject({ code: 404 })
})

test('a client address that requests faster than HTTP_REQUESTS_PER_SECOND gets 429s on every route, then is served again', async () => {
  const server = await startServer({ HTTP_REQUESTS_PER_SECOND: '5' })
  try {
    const call = () => fetch(`${server.url}/api/no.such.op`, { method: 'POST', body: '[]' }).then((r) => r.status)
    // Judged within each burst: a request sent after it may find the budget refilled on a slow machine.
    const replies = await Promise.all(
      Array.from({ length: 30 }, () =>
        fetch(`${server.url}/api/no.such.op`, { method: 'POST', body: '[]' }).then(async (r) => ({ status: r.status, body: await r.text() })),
      ),
    )
    expect(replies.filter((r) => r.status === 501).length).toBeGreaterThan(0)
    const limited = replies.find((r) => r.status === 429)
    expect(limited && JSON.parse(limited.body)).toEqual({ code: 429, msg: 'too many requests; slow down' })
    // The plain routes share the budget.
    const plain = await Promise.all(Array.from({ length: 30 }, () => fetch(`${server.url}/ical/${'x'.repeat(32)}`).then((r) => r.status)))
    expect(plain).toContain(429)
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200) // health checks do not
    // PGlite refills a token bucket; on PostgreSQL the shared budget is counted in windows of two seconds.
    await new Promise((r) => setTimeout(r, 2100))
    expect(await call()).toBe(501)
  } finally {
    await server.stop()
  }
})
