/**
 * Guessing limits (server/auth/limits.ts): failed sign-ins per account and per client address,
 * unknown invite and public-form keys per address; growing waits; 429 with Retry-After and
 * RateLimit on HTTP, details.retryAfter on the socket. Each test calls from its own loopback address.
 */
import http from 'node:http'
import { Client, serverUrl } from '../helpers/client'
import { apiFrom } from '../helpers/address'
import { startServer, type RunningServer } from '../helpers/server'
import { registerUser } from '../helpers/users'

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ LOGIN_FREE_FAILURES_PER_ACCOUNT: '2', LOGIN_FREE_FAILURES_PER_ADDRESS: '4', KEY_GUESSES_PER_ADDRESS: '2' })
})
afterAll(() => server.stop())

const login = (from: string, email: string, password: string, url = server.url) => apiFrom(from, 'login', [email, password], { url })
/** A fresh loopback address per test: counts stored in a shared PostgreSQL outlive a run. */
const freshAddress = () => `127.${[0, 0, 0].map(() => 1 + Math.floor(Math.random() * 250)).join('.')}`
const sleep = (seconds: number) => new Promise((r) => setTimeout(r, seconds * 1000 + 100))

describe('failed sign-ins per account', () => {
  test('past the free failures each try waits, longer each time; a correct password waits too; success clears the count', async () => {
    const ada = await registerUser('brute', server.wsUrl)
    const from = freshAddress()
    for (let i = 0; i < 3; i++) expect((await login(from, ada.email, 'wrong password!')).status).toBe(401)
    const first = await login(from, ada.email, ada.password)
    expect(first.status).toBe(429)
    expect(first.body).toMatchObject({ code: 429, details: { retryAfter: expect.any(Number), limit: 2, window: 86400 } })
    expect(first.headers['retry-after']).toBe(String(first.body.details.retryAfter))
    expect(first.headers['ratelimit']).toBe(`limit=2, remaining=0, reset=${first.body.details.retryAfter}`)
    expect(first.headers['ratelimit-policy']).toBe('2;w=86400')

    await sleep(first.body.details.retryAfter)
    expect((await login(from, ada.email, 'wrong password!')).status).toBe(401)
    const second = await login(from, ada.email, ada.password)
    expect(second.status).toBe(429)
    expect(second.body.details.retryAfter).toBeGreaterThan(first.body.details.retryAfter)

    // Over the socket: the same 429 with details.retryAfter.
    const socket = await Client.connect({ url: server.wsUrl, localAddress: from })
    try {
      expect(await socket.fail('login', ada.email.toUpperCase(), ada.password)).toMatchObject({ code: 429, details: { retryAfter: expect.any(Number) } })
      await sleep(second.body.details.retryAfter)
      expect(typeof (await socket.call('login', ada.email, ada.password))).toBe('string')
    } finally {
      await socket.close()
    }
    // Cleared: the next wrong password is an ordinary 401, not a wait.
    expect((await login(from, ada.email, 'wrong password!')).status).toBe(401)
  })
})

describe('failed sign-ins per client address', () => {
  test('wrong passwords for many accounts from one address slow that address down, not others', async () => {
    const people = await Promise.all([1, 2, 3, 4, 5, 6].map(() => registerUser('spray', server.wsUrl)))
    const from = freshAddress()
    for (const p of people.slice(0, 5)) expect((await login(from, p.email, 'wrong password!')).status).toBe(401)
    const refused = await login(from, people[5].email, people[5].password)
    expect(refused).toMatchObject({ status: 429, body: { details: { limit: 4 } } })
    expect((await login(freshAddress(), people[5].email, people[5].password)).status).toBe(200)
  })
})

describe('unknown invite and public-form keys per client address', () => {
  test('HTTP: company.check_invite answers 404, then 429 with Retry-After', async () => {
    const from = freshAddress()
    for (let i = 0; i < 3; i++) expect((await apiFrom(from, 'company.check_invite', [`guess${i}`.padEnd(32, 'x')], { url: server.url })).status).toBe(404)
    const refused = await apiFrom(from, 'company.check_invite', ['another'.padEnd(32, 'x')], { url: server.url })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  })

  test('socket: v3.publicForm.get and invite keys share the budget; 429 with details.retryAfter', async () => {
    const socket = await Client.connect({ url: server.wsUrl, localAddress: freshAddress() })
    try {
      expect((await socket.fail('v3.publicForm.get', 'x'.repeat(32))).code).toBe(404)
      expect((await socket.fail('v2.user.invite.decline', 'y'.repeat(32))).code).toBe(404)
      expect((await socket.fail('v3.publicForm.get', 'z'.repeat(32))).code).toBe(404)
      expect(await socket.fail('v3.publicForm.get', 'w'.repeat(32))).toMatchObject({ code: 429, details: { retryAfter: expect.any(Number) } })
    } finally {
      await socket.close()
    }
  })
})

describe('unknown public-form keys on POST /upload', () => {
  test('count toward the same budget; past it the upload is refused with 429 before any byte is kept', async () => {
    const from = freshAddress()
    const form = new FormData()
    form.append('publicFormKey', 'q'.repeat(32))
    form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'x.bin')
    const encoded = new Response(form)
    const body = Buffer.from(await encoded.arrayBuffer())
    const post = () =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
        const req = http.request(
          `${server.url}/upload`,
          { method: 'POST', localAddress: from, headers: { 'content-type': encoded.headers.get('content-type')! } },
          (res) => {
            res.resume()
            res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }))
          },
        )
        req.on('error', reject)
        req.end(body)
      })
    for (let i = 0; i < 3; i++) expect((await post()).status).toBe(401)
    const refused = await post()
    expect(refused.status).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  })
})

// Two server processes share one PostgreSQL: a wait imposed through one holds on the other.
;(process.env.DATABASE_URL ? describe : describe.skip)('across server processes (PostgreSQL)', () => {
  test('an account slowed down on one process is slowed down on the other', async () => {
    const ada = await registerUser('shared', server.wsUrl)
    const from = freshAddress()
    for (let i = 0; i < 3; i++) expect((await login(from, ada.email, 'wrong password!')).status).toBe(401)
    expect((await login(from, ada.email, ada.password, serverUrl())).status).toBe(429)
  })
})
