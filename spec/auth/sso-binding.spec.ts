/**
 * Single sign-on binds an account to the identity that made it (server/auth/sso-accounts.ts), and a
 * provider speaks only for its own domains (server/auth/sso.ts). Three identity providers run here,
 * each serving its keys over HTTP on loopback: two that list no domains (they may assert any address
 * no other provider lists), and one that owns corp.example.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { loadConfig } from '../../server/config'
import { Client } from '../helpers/client'
import { openDatabase } from '../helpers/database'
import { startServer, tempDataDir, type RunningServer } from '../helpers/server'
import { uniqueEmail } from '../helpers/users'

interface Provider {
  issuer: string
  audience: string
  jwksUrl: string
  domains: string[]
  /** An ID token for `email` whose subject is `subject`. */
  token(email: string, subject: string): Promise<string>
  close(): Promise<void>
}

/** A small identity provider: a key pair, its JWKS served on loopback, and tokens signed with it. */
async function startProvider(name: string, domains: string[] = []): Promise<Provider> {
  const keys = await generateKeyPair('RS256')
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(keys.publicKey)), kid: `${name}-1`, alg: 'RS256', use: 'sig' }] })
  const server = http.createServer((req, res) => {
    if (req.url !== '/jwks.json') return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'application/json' }).end(jwks)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `https://${name}.idp.example`
  const audience = `hlr-${name}`
  return {
    issuer,
    audience,
    jwksUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`,
    domains,
    token: (email, subject) =>
      new SignJWT({ email, email_verified: true, given_name: 'Test', family_name: name })
        .setProtectedHeader({ alg: 'RS256', kid: `${name}-1` })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(subject)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(keys.privateKey),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

let one: Provider
let two: Provider
let corp: Provider
let dataDir: string
let server: RunningServer
let anon: Client

const start = () =>
  startServer({
    DATA_DIR: dataDir,
    SSO_PROVIDERS: JSON.stringify([one, two, corp].map(({ issuer, audience, jwksUrl, domains }) => ({ issuer, audience, jwksUrl, domains }))),
  })

beforeAll(async () => {
  ;[one, two, corp] = await Promise.all([startProvider('one'), startProvider('two'), startProvider('corp', ['corp.example'])])
  dataDir = tempDataDir()
  server = await start()
  anon = await Client.connect({ url: server.wsUrl })
})
afterAll(async () => {
  await anon.close()
  await server.stop()
  await Promise.all([one.close(), two.close(), corp.close()])
})

const subject = () => `sub-${Math.random().toString(36).slice(2)}`
const corpEmail = (tag: string) => uniqueEmail(tag).replace('@example.test', '@corp.example')

/** Signs in with the token on a fresh socket; returns the account's e-mail as the session sees it. */
async function signInWith(token: string): Promise<string> {
  const socket = await Client.connect({ url: server.wsUrl })
  try {
    await socket.call('loginSso', token)
    return (await socket.call('v3.session.get')).user.email
  } finally {
    await socket.close()
  }
}

describe('an account is bound to the identity that made it', () => {
  test('its own identity signs in again, also when the provider now gives another address', async () => {
    const email = uniqueEmail('bound')
    const sub = subject()
    await anon.call('v2.user.registerSsoB', await one.token(email, sub))
    expect(await signInWith(await one.token(email, sub))).toBe(email)
    // The subject is the person: the account is found by it, not by the address.
    expect(await signInWith(await one.token(uniqueEmail('renamed'), sub))).toBe(email)
  })

  test('another provider asserting the same address does not sign in to it, nor register it', async () => {
    const email = uniqueEmail('victim')
    await anon.call('v2.user.registerSsoB', await one.token(email, subject()))
    expect(await anon.fail('loginSso', await two.token(email, subject()))).toMatchObject({ code: 401, details: { reason: 'notBound' } })
    // The same provider naming another person (another subject) with that address: refused too.
    expect(await anon.fail('loginSso', await one.token(email, subject()))).toMatchObject({ code: 401, details: { reason: 'notBound' } })
    expect((await anon.fail('v2.user.registerSsoB', await two.token(email, subject()))).code).toBe(409)
  })

  test('a password account is not entered through single sign-on asserting its address', async () => {
    const email = uniqueEmail('password')
    await anon.call('v2.user.register', { email, firstname: 'P', lastname: 'W', password: 'correct horse battery' })
    for (const provider of [one, two]) {
      expect(await anon.fail('loginSso', await provider.token(email, subject()))).toMatchObject({ code: 401, details: { reason: 'notBound' } })
      expect((await anon.fail('v2.user.registerSsoB', await provider.token(email, subject()))).code).toBe(409)
    }
    // Its password still signs it in.
    expect(await anon.call('login', email, 'correct horse battery')).toEqual(expect.any(String))
  })

  test('an identity registers once: again, with another address, is 409', async () => {
    const sub = subject()
    await anon.call('v2.user.registerSsoB', await two.token(uniqueEmail('first'), sub))
    expect(await anon.fail('v2.user.registerSsoB', await two.token(uniqueEmail('second'), sub))).toMatchObject({
      code: 409,
      details: { reason: 'identityTaken' },
    })
    expect(await anon.fail('loginSso', await two.token(uniqueEmail('nobody'), subject()))).toMatchObject({ code: 401, details: { reason: 'noAccount' } })
  })

  test('removing the account is confirmed by its own identity only; then the identity may register again', async () => {
    const email = uniqueEmail('leaving')
    const sub = subject()
    const socket = await Client.connect({ url: server.wsUrl })
    await socket.call('v2.user.registerSsoB', await one.token(email, sub))
    expect((await socket.fail('v3.user.remove', { idToken: await two.token(email, subject()) })).code).toBe(401)
    expect(await socket.call('v3.user.remove', { idToken: await one.token(email, sub) })).toBe(true)
    expect((await socket.closed).code).toBe(1000)
    expect(await anon.fail('loginSso', await one.token(email, sub))).toMatchObject({ code: 401, details: { reason: 'noAccount' } })
    expect(await anon.call('v2.user.registerSsoB', await one.token(email, sub))).toMatchObject({ uid: expect.any(String) })
  })
})

describe("a provider speaks for its own domains only (401, reason 'domain')", () => {
  test("addresses outside a provider's list, and a listed domain through any other provider, are refused", async () => {
    const outside = uniqueEmail('outside')
    expect(await anon.fail('v2.user.registerSsoB', await corp.token(outside, subject()))).toMatchObject({ code: 401, details: { reason: 'domain' } })
    const owned = corpEmail('owned')
    for (const provider of [one, two]) {
      expect(await anon.fail('v2.user.registerSsoB', await provider.token(owned, subject()))).toMatchObject({ code: 401, details: { reason: 'domain' } })
      expect(await anon.fail('loginSso', await provider.token(owned, subject()))).toMatchObject({ code: 401, details: { reason: 'domain' } })
    }
    // Nothing was registered: the addresses are free, and the owning provider registers its own.
    const sub = subject()
    expect(await anon.call('v2.user.registerSsoB', await corp.token(owned, sub))).toMatchObject({ uid: expect.any(String) })
    expect(await signInWith(await corp.token(owned, sub))).toBe(owned)
    expect(await anon.call('v2.user.register', { email: outside, firstname: 'A', lastname: 'B', password: 'correct horse battery' })).toMatchObject({
      uid: expect.any(String),
    })
  })
})

describe('accounts made before the binding existed (no identity stored)', () => {
  test('the provider that owns the domain binds one at its first sign-in; a provider without domains never does', async () => {
    const ownedEmail = corpEmail('legacy')
    const ownedSub = subject()
    const anyEmail = uniqueEmail('legacy')
    await anon.call('v2.user.registerSsoB', await corp.token(ownedEmail, ownedSub))
    await anon.call('v2.user.registerSsoB', await one.token(anyEmail, subject()))
    // As migration 055 leaves an account made before it: the server stops (PGlite has one owner), the identities go.
    await anon.close()
    await server.stop()
    const db = await openDatabase(dataDir)
    try {
      await db.query('update users set sso_issuer = null, sso_subject = null where lower(email) in ($1, $2)', [ownedEmail, anyEmail])
    } finally {
      await db.close()
    }
    server = await start()
    anon = await Client.connect({ url: server.wsUrl })

    expect(await signInWith(await corp.token(ownedEmail, ownedSub))).toBe(ownedEmail)
    // Bound now: another corp identity with that address is refused.
    expect(await anon.fail('loginSso', await corp.token(ownedEmail, subject()))).toMatchObject({ code: 401, details: { reason: 'notBound' } })
    // A provider that lists no domains may assert any address: it claims no unbound account.
    expect(await anon.fail('loginSso', await one.token(anyEmail, subject()))).toMatchObject({ code: 401, details: { reason: 'notBound' } })
  }, 120_000)
})

test('SSO_PROVIDERS: a domain listed by two providers is refused (it would have two owners)', () => {
  const shared = JSON.stringify([
    { issuer: one.issuer, audience: one.audience, jwksUrl: one.jwksUrl, domains: ['corp.example'] },
    { issuer: corp.issuer, audience: corp.audience, jwksUrl: corp.jwksUrl, domains: ['Corp.Example'] },
  ])
  expect(() => loadConfig({ SSO_PROVIDERS: shared })).toThrow('SSO_PROVIDERS: two providers list the domain corp.example')
})
