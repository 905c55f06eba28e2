/**
 * Web defaults (server/http/origin.ts, credentials.ts, web-defaults.ts, errors.ts withoutPaths):
 * a request that changes something with the session cookie is refused unless it comes from the
 * server's own origin or ALLOWED_ORIGINS (Origin, else Referer; neither: refused), whatever its body
 * type; a key in the hlrkey header is not affected; the cookie is HttpOnly, SameSite=Lax, and Secure
 * when PUBLIC_URL is https; every response says nosniff; no error names a path of the server.
 */
import fs from 'node:fs'
import path from 'node:path'
import { withoutPaths } from '../../server/errors'
import { api, Client, serverUrl } from '../helpers/client'
import { startServer, type RunningServer } from '../helpers/server'
import { signedIn, type SignedIn } from '../helpers/users'
import { get, PNG_1x1, upload, uploadOk } from '../helpers/upload'

let me: SignedIn
let cookie: string
let own: string

beforeAll(async () => {
  me = await signedIn('webdefaults')
  cookie = `hlrkey=${me.key}`
  own = new URL(serverUrl()).origin
})
afterAll(() => me.client.close())

const stillSignedIn = async () => (await api('v3.session.get', [], { key: me.key })).status === 200

describe('a state change with the session cookie', () => {
  // The test server's PUBLIC_URL is https://app.hlr.test (spec/helpers/global-setup.ts).
  const foreign = [
    ['another site', 'https://evil.example'],
    ['a sibling subdomain (same site)', 'https://evil.app.hlr.test'],
    ['the same host on another port (same site)', `http://127.0.0.1:${Number(new URL(serverUrl()).port) + 1}`],
    ['the other scheme of PUBLIC_URL', 'http://app.hlr.test'],
    ['an opaque origin', 'null'],
  ]

  test.each(foreign)('from %s is a 403 and changes nothing, with a JSON or a text/plain body', async (_what, origin) => {
    for (const contentType of ['application/json', 'text/plain']) {
      const reply = await api('company.new_team', [{ name: 'forged' }], { cookie, origin, contentType })
      expect(reply.status).toBe(403)
      expect(reply.body).toMatchObject({ code: 403, details: { origin } })
      expect((await api('logout', [], { cookie, origin, contentType })).status).toBe(403)
    }
    expect(await stillSignedIn()).toBe(true)
  })

  test('from a foreign page known only by its Referer is a 403; an own Referer passes', async () => {
    expect((await api('logout', [], { cookie, origin: null, referer: 'https://evil.example/page' })).status).toBe(403)
    expect((await api('logout', [], { cookie, origin: null, referer: 'not a url' })).status).toBe(403)
    expect(await stillSignedIn()).toBe(true)
    expect((await api('company.new_team', [{ name: 'by referer' }], { cookie, origin: null, referer: `${own}/console` })).status).toBe(200)
  })

  test('without Origin and Referer is a 403 (browsers always send Origin; other clients send the key in the header)', async () => {
    const reply = await api('company.new_team', [{ name: 'no origin' }], { cookie, origin: null })
    expect(reply.status).toBe(403)
    expect(reply.body.msg).toMatch(/hlrkey header/)
  })

  test('from the own origin or PUBLIC_URL passes, with a JSON or a text/plain body', async () => {
    for (const origin of [own, 'https://app.hlr.test']) {
      for (const contentType of ['application/json', 'text/plain']) {
        expect((await api('company.new_team', [{ name: 'mine' }], { cookie, origin, contentType })).status).toBe(200)
      }
    }
  })

  test('an upload with the cookie from another origin is a 403', async () => {
    const forged = await upload(Buffer.from('forged'), 'forged.txt', { cookie, origin: 'https://evil.example' })
    expect(forged.status).toBe(403)
    expect((await upload(Buffer.from('mine'), 'mine.txt', { cookie })).status).toBe(200)
  })

  test('GET stays open to links from elsewhere (SameSite=Lax sends the cookie on a top-level link)', async () => {
    const id = await uploadOk(PNG_1x1, 'p.png', { key: me.key })
    const res = await fetch(`${serverUrl()}/file/${id}`, { headers: { cookie, origin: 'https://evil.example', referer: 'https://evil.example/' } })
    expect(res.status).toBe(200)
    await res.arrayBuffer()
  })
})

test('a key in the hlrkey header is not affected by Origin; a foreign anonymous POST is refused, one without Origin passes', async () => {
  expect((await api('company.new_team', [{ name: 'by header' }], { key: me.key, origin: 'https://evil.example' })).status).toBe(200)
  // A page elsewhere cannot sign a browser in here (login cross-site request forgery).
  expect((await api('login', [me.email, me.password], { origin: 'https://evil.example', contentType: 'text/plain' })).status).toBe(403)
  expect((await api('v3.core.challenge', [])).status).toBe(200)
})

test('the socket upgrade with only the cookie needs an allowed Origin; the header key does not', async () => {
  await (await Client.connect({ cookie })).close() // the helper sends the own origin, as a browser would
  await expect(Client.connect({ headers: { cookie, origin: 'https://evil.app.hlr.test' } })).rejects.toThrow('upgrade refused: 403')
  await expect(Client.connect({ headers: { cookie } })).rejects.toThrow('upgrade refused: 403')
  await (await Client.connect({ key: me.key })).close()
})

test('login over HTTP sets the cookie HttpOnly, SameSite=Lax, Secure (PUBLIC_URL is https) for the whole site', async () => {
  const reply = await api('login', [me.email, me.password])
  expect(reply.status).toBe(200)
  const setCookie = reply.headers.get('set-cookie')!
  expect(setCookie).toMatch(/^hlrkey=/)
  expect(setCookie).toMatch(/; HttpOnly/)
  expect(setCookie).toMatch(/; SameSite=Lax/)
  expect(setCookie).toMatch(/; Secure/)
  expect(setCookie).toMatch(/; Path=\//)
})

test('every response says nosniff: JSON, errors, health checks', async () => {
  const replies = [
    await fetch(`${serverUrl()}/healthz`),
    await fetch(`${serverUrl()}/no/such/route`),
    await fetch(`${serverUrl()}/api/v3/session/get`, { method: 'POST', headers: { hlrkey: me.key } }),
    await fetch(`${serverUrl()}/api/v3/session/get`, { method: 'POST' }),
    await fetch(`${serverUrl()}/api/v3/session/get`, { method: 'POST', headers: { hlrkey: me.key }, body: '{bad json' }),
    await fetch(`${serverUrl()}/file/0123456789abcdef01234567`, { headers: { hlrkey: me.key } }),
    await fetch(`${serverUrl()}/file/nope%00`, { headers: { hlrkey: me.key } }),
  ]
  expect(replies.map((r) => r.status)).toEqual([200, 404, 200, 401, 400, 404, 400])
  for (const r of replies) {
    expect(r.headers.get('x-content-type-options')).toBe('nosniff')
    await r.arrayBuffer()
  }
})

test('withoutPaths replaces absolute paths, and nothing else', () => {
  expect(withoutPaths('Input file is missing: /srv/hlr/data/files/ab/abc')).toBe('Input file is missing: <path>')
  expect(withoutPaths("ENOENT: no such file or directory, open '/tmp/x/y.zip'")).toBe('ENOENT: no such file or directory, open <path>')
  expect(withoutPaths('VipsForeignLoad: "C:\\data\\files\\x" is not a known file format')).toBe('VipsForeignLoad: <path> is not a known file format')
  const kept = 'argument 1 (post/text) must NOT have fewer than 1 characters; see https://example.test/a/b and /key'
  expect(withoutPaths(kept)).toBe(kept)
})

describe('a server without https and with ALLOWED_ORIGINS', () => {
  let server: RunningServer
  let user: SignedIn
  const call = (op: string, args: unknown[], headers: Record<string, string>) =>
    fetch(`${server.url}/api/${op}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(args) })

  beforeAll(async () => {
    server = await startServer({ PUBLIC_URL: undefined, ALLOWED_ORIGINS: 'https://partner.example' })
    user = await signedIn('plainhttp', server.wsUrl)
  }, 120_000)
  afterAll(async () => {
    await user?.client.close()
    await server?.stop()
  })

  test('the cookie has no Secure flag; an origin of ALLOWED_ORIGINS may use it, others may not', async () => {
    const login = await call('login', [user.email, user.password], {})
    expect(login.headers.get('set-cookie')).not.toMatch(/Secure/i)
    const cookieHere = `hlrkey=${await login.json()}`
    expect((await call('company.new_team', [{ name: 'partner' }], { cookie: cookieHere, origin: 'https://partner.example' })).status).toBe(200)
    expect((await call('company.new_team', [{ name: 'other' }], { cookie: cookieHere, origin: 'https://other.example' })).status).toBe(403)
  })

  test('no error names a path of the server: a file gone from the disk is a plain 404 on every route', async () => {
    const id = await uploadOk(PNG_1x1, 'gone.png', { key: user.key, url: server.url })
    await user.client.call('v3.file.setPublic', id, true)
    fs.rmSync(path.join(server.dataDir, 'files', id.slice(0, 2), id))
    for (const route of [`/file/${id}`, `/image/thumb/${id}`, `/public/image/square50/${id}`, `/public/file/${id}`]) {
      const reply = await get(route, { key: user.key, url: server.url })
      const text = reply.bytes.toString()
      expect({ route, status: reply.status, body: JSON.parse(text) }).toEqual({ route, status: 404, body: { code: 404, msg: 'file not found' } })
      expect(text).not.toContain(server.dataDir)
    }
  })

  test('an image that cannot be decoded says why without a path', async () => {
    const id = await uploadOk(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(30)]), 'broken.jpg', { key: user.key, url: server.url })
    const reply = await get(`/image/thumb/${id}`, { key: user.key, url: server.url })
    expect(reply.status).toBe(415)
    expect(reply.bytes.toString()).not.toMatch(/\/[^\s/]+\//)
  })
})
