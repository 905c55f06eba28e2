/**
 * Single sign-on (server/auth/sso.ts): v2.user.registerSsoA / registerSsoB and v3.user.idpUser against
 * two identity providers made here: one serving its JWKS over HTTP on loopback, one as a JWKS file.
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { Client } from '../helpers/client'
import { startServer, tempDataDir, type RunningServer } from '../helpers/server'
import { uniqueEmail } from '../helpers/users'

const A = { issuer: 'https://login.corp.example', audience: 'hlr-corp-client', kid: 'corp-1' }
const B = { issuer: 'https://id.files.example', audience: 'hlr-files-client', kid: 'files-1' }
type Keys = Awaited<ReturnType<typeof generateKeyPair>>
/** An address of provider A's domain: it asserts no other (server/auth/sso.ts). */
const corpEmail = (tag: string) => uniqueEmail(tag).replace('@example.test', '@corp.example')

let keysA: Keys
let keysB: Keys
let impostor: Keys
let jwksServer: http.Server
let server: RunningServer
let anon: Client

beforeAll(async () => {
  ;[keysA, keysB, impostor] = await Promise.all([generateKeyPair('RS256'), generateKeyPair('ES256'), generateKeyPair('RS256')])
  const jwksA = { keys: [{ ...(await exportJWK(keysA.publicKey)), kid: A.kid, alg: 'RS256', use: 'sig' }] }
  jwksServer = http.createServer((req, res) => {
    if (req.url !== '/jwks.json') return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwksA))
  })
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve))
  const jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks.json`
  const dir = tempDataDir()
  const jwksFile = path.join(dir, 'files-jwks.json')
  fs.writeFileSync(jwksFile, JSON.stringify({ keys: [{ ...(await exportJWK(keysB.publicKey)), kid: B.kid, alg: 'ES256' }] }))
  server = await startServer({
    SSO_PROVIDERS: JSON.stringify([
      { issuer: A.issuer, audience: A.audience, jwksUrl, domains: ['corp.example'] },
      { issuer: B.issuer, audience: B.audience, jwksFile, domains: ['files.example', 'Files.Example.org'], tenantId: 'tenant-files' },
    ]),
  })
  anon = await Client.connect({ url: server.wsUrl })
})
afterAll(async () => {
  await anon.close()
  await server.stop()
  await new Promise((r) => jwksServer.close(r))
})

interface TokenOptions {
  issuer?: string
  audience?: string
  expires?: number
  claims?: Record<string, unknown>
  key?: Keys
}

async function tokenA(email: string, o: TokenOptions = {}) {
  return new SignJWT({ email, email_verified: true, given_name: 'Grace', family_name: 'Hopper', ...o.claims })
    .setProtectedHeader({ alg: 'RS256', kid: A.kid })
    .setIssuer(o.issuer ?? A.issuer)
    .setAudience(o.audience ?? A.audience)
    .setSubject(`sub-${email}`)
    .setIssuedAt()
    .setExpirationTime(o.expires ?? Math.floor(Date.now() / 1000) + 300)
    .sign((o.key ?? keysA).privateKey)
}

describe('v2.user.registerSsoA', () => {
  test('a good token registers with the given names, a verified address and no password, and signs the socket in', async () => {
    const email = corpEmail('sso')
    const socket = await Client.connect({ url: server.wsUrl })
    try {
      const result = await socket.call('v2.user.registerSsoA', {
        token: await tokenA(email),
        email: email.toUpperCase(),
        firstname: 'Amazing',
        lastname: 'Grace',
      })
      expect(result).toEqual({ uid: expect.stringMatching(/^[0-9a-f]{24}$/), cid: expect.stringMatching(/^[0-9a-f]{24}$/) })
      expect(await socket.call('v3.session.get')).toMatchObject({ uid: result.uid, cid: result.cid, user: { email, firstname: 'Amazing', lastname: 'Grace' } })
      expect((await socket.call('v2.network.get', result.cid)).members.map((m: any) => m.uid)).toEqual([result.uid])
      // No password signs this account in.
      expect((await anon.fail('login', email, '')).code).toBe(400)
      expect((await anon.fail('login', email, 'any password at all')).code).toBe(401)
      // A taken address: 409, also through the other operation.
      expect((await anon.fail('v2.user.registerSsoA', { token: await tokenA(email), email, firstname: 'A', lastname: 'B' })).code).toBe(409)
      expect((await anon.fail('v2.user.registerSsoB', await tokenA(email))).code).toBe(409)
    } finally {
      await socket.close()
    }
  })

  test("400 naming the argument: missing fields, an address that is not the token's", async () => {
    const email = corpEmail('sso')
    expect(await anon.fail('v2.user.registerSsoA', { token: 'x', email })).toMatchObject({ code: 400, details: { argument: 0 } })
    expect(await anon.fail('v2.user.registerSsoA', { token: await tokenA(email), email: uniqueEmail('other'), firstname: 'A', lastname: 'B' })).toMatchObject({
      code: 400,
      details: { argument: 0, path: '/email' },
    })
  })
})

describe('tokens that are refused (401 with the reason), nothing registered', () => {
  const cases: [string, (email: string) => Promise<string>, string][] = [
    ['wrong issuer', (e) => tokenA(e, { issuer: 'https://evil.example' }), 'issuer'],
    ['wrong audience', (e) => tokenA(e, { audience: 'someone-else' }), 'audience'],
    ['expired', (e) => tokenA(e, { expires: Math.floor(Date.now() / 1000) - 3600 }), 'expired'],
    ['bad signature', (e) => tokenA(e, { key: impostor }), 'signature'],
    ['unverified e-mail', (e) => tokenA(e, { claims: { email_verified: false } }), 'emailUnverified'],
    ["an address outside the provider's domains", (e) => tokenA(e.replace('@corp.example', '@example.test')), 'domain'],
    ['no e-mail', (e) => tokenA(e, { claims: { email: undefined } }), 'email'],
    ['not a JWT', async () => 'not.a.jwt', 'malformed'],
  ]
  test.each(cases)('%s', async (_name, make, reason) => {
    const email = corpEmail('refused')
    const token = await make(email)
    expect(await anon.fail('v2.user.registerSsoB', token)).toMatchObject({ code: 401, details: { reason } })
    expect(await anon.fail('v2.user.registerSsoA', { token, email, firstname: 'A', lastname: 'B' })).toMatchObject({ code: 401, details: { reason } })
    // Nothing was created: the address is still free.
    expect(await anon.call('v2.user.register', { email, firstname: 'A', lastname: 'B', password: 'correct horse battery' })).toMatchObject({
      uid: expect.any(String),
    })
  })
})

describe('v2.user.registerSsoB', () => {
  test('names from the token; a provider whose keys are a JWKS file', async () => {
    const email = uniqueEmail('files').replace('example.test', 'files.example')
    const token = await new SignJWT({ email, email_verified: true, name: 'Ada King Lovelace' })
      .setProtectedHeader({ alg: 'ES256', kid: B.kid })
      .setIssuer(B.issuer)
      .setAudience([B.audience, 'another'])
      .setSubject(`ada-${email}`) // one identity per run: a PostgreSQL kept between runs holds the earlier ones
      .setExpirationTime('5m')
      .sign(keysB.privateKey)
    const socket = await Client.connect({ url: server.wsUrl })
    try {
      const { uid } = await socket.call('v2.user.registerSsoB', token, { referralCode: 'friend' })
      expect(await socket.call('v2.user.profile', uid)).toMatchObject({
        email,
        firstname: 'Ada',
        lastname: 'King Lovelace',
        settings: { referralCode: 'friend' },
      })
    } finally {
      await socket.close()
    }
    expect(await anon.fail('v2.user.registerSsoB', '')).toMatchObject({ code: 400, details: { argument: 0 } })
  })
})

describe('loginSso (added)', () => {
  test('an account registered through single sign-on signs in with a fresh token; a password account does not; a bad token is 401', async () => {
    const email = corpEmail('again')
    await anon.call('v2.user.registerSsoB', await tokenA(email))
    const socket = await Client.connect({ url: server.wsUrl })
    try {
      const key = await socket.call('loginSso', await tokenA(email))
      expect(key).toEqual(expect.any(String))
      const byKey = await Client.connect({ url: server.wsUrl, key })
      expect((await byKey.call('v3.session.get')).user.email).toBe(email)
      await byKey.close()
      expect((await socket.call('v3.session.get')).user.email).toBe(email)
    } finally {
      await socket.close()
    }
    const withPassword = corpEmail('password')
    await anon.call('v2.user.register', { email: withPassword, firstname: 'P', lastname: 'W', password: 'correct horse battery' })
    expect((await anon.fail('loginSso', await tokenA(withPassword))).code).toBe(401)
    expect((await anon.fail('loginSso', await tokenA(corpEmail('nobody')))).code).toBe(401)
    expect(await anon.fail('loginSso', await tokenA(email, { key: impostor }))).toMatchObject({ code: 401, details: { reason: 'signature' } })
    expect(await anon.fail('loginSso', '')).toMatchObject({ code: 400, details: { argument: 0 } })
  })
})

describe('v3.user.remove for an account registered through single sign-on', () => {
  test('confirmed with a fresh ID token of the same address (no password can confirm it)', async () => {
    const email = corpEmail('leaving')
    const socket = await Client.connect({ url: server.wsUrl })
    await socket.call('v2.user.registerSsoB', await tokenA(email))
    expect((await socket.fail('v3.user.remove', { password: 'any password at all' })).code).toBe(401)
    expect((await socket.fail('v3.user.remove', { idToken: await tokenA(corpEmail('someone')) })).code).toBe(401)
    expect(await socket.fail('v3.user.remove', { idToken: await tokenA(email, { key: impostor }) })).toMatchObject({
      code: 401,
      details: { reason: 'signature' },
    })
    expect((await socket.fail('v3.user.remove', { idToken: 'x', password: 'y' })).code).toBe(400)
    expect(await socket.call('v3.user.remove', { idToken: await tokenA(email) })).toBe(true)
    expect((await socket.closed).code).toBe(1000)
    expect((await anon.fail('loginSso', await tokenA(email))).code).toBe(401)
  })

  test('an account with a password confirms with it, not with a token (400)', async () => {
    const email = corpEmail('haspassword')
    await anon.call('v2.user.register', { email, firstname: 'P', lastname: 'W', password: 'correct horse battery' })
    const socket = await Client.connect({ url: server.wsUrl })
    try {
      await socket.call('login', email, 'correct horse battery')
      expect(await socket.fail('v3.user.remove', { idToken: await tokenA(email) })).toMatchObject({ code: 400, details: { argument: 0, path: '/idToken' } })
    } finally {
      await socket.close()
    }
  })
})

describe('v3.user.idpUser', () => {
  test('the provider of a username by its domain; {} for none; 400 for an empty one', async () => {
    expect(await anon.call('v3.user.idpUser', 'grace@corp.example')).toEqual({ clientId: A.audience })
    expect(await anon.call('v3.user.idpUser', 'ada@FILES.example')).toEqual({ tenantId: 'tenant-files', clientId: B.audience })
    expect(await anon.call('v3.user.idpUser', 'ada@files.example.org')).toEqual({ tenantId: 'tenant-files', clientId: B.audience })
    expect(await anon.call('v3.user.idpUser', 'someone@elsewhere.example')).toEqual({})
    expect((await anon.fail('v3.user.idpUser', '')).code).toBe(400)
  })
})
