/**
 * Two findings of the bad-input fuzz. A replayed idempotent call returns the first reply byte for
 * byte (server/rpc/idempotency.ts: the result is kept as text, migration 032), over a socket and over
 * HTTP. An e-mail address at the limits of RFC 5321 signs in (401 for a wrong password, 429 once its
 * sign-ins are slowed), never a 500: the limit counters store a hash of the address
 * (server/auth/limits.ts), and the schemas refuse an address beyond the limits with a 400
 * (server/rpc/email-format.ts).
 */
import { randomBytes } from 'node:crypto'
import { api, Client, serverUrl } from '../helpers/client'
import { signedIn, type SignedIn } from '../helpers/users'
import { workflowWithPhase } from '../helpers/workflows'

let owner: SignedIn
let processId: string
let teamId: string

beforeAll(async () => {
  owner = await signedIn('replay')
  ;({
    p: { _id: processId },
    teamId,
  } = await workflowWithPhase(owner.client, 'Replayed'))
})
afterAll(() => owner.client.close())

// Activities are objects of many keys in an order jsonb does not keep (it sorts keys by length).
const createArgs = (tag: string) => [processId, [{ name: `${tag} 1` }, { name: `${tag} 2` }], { teamId }]

/** The raw text of the reply frame to `frame` on a fresh socket. */
async function rawReply(frame: object): Promise<string> {
  const client = await Client.connect({ key: owner.key })
  try {
    const text = new Promise<string>((resolve) =>
      client.ws.on('message', (data) => {
        const raw = data.toString()
        if (!raw.startsWith('{"sig"')) resolve(raw)
      }),
    )
    client.ws.send(JSON.stringify(frame))
    return await text
  } finally {
    await client.close()
  }
}

async function rawHttp(args: unknown[], idempotencyKey: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${serverUrl()}/api/v3/activity/createMany`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', hlrkey: owner.key, 'idempotency-key': idempotencyKey },
    body: JSON.stringify(args),
  })
  return { status: res.status, text: await res.text() }
}

test('a replay over a socket is the first reply frame, byte for byte', async () => {
  const frame = { id: 'replay-1', op: 'v3.activity.createMany', args: createArgs('socket'), idempotencyKey: `ws-${randomBytes(6).toString('hex')}` }
  const first = await rawReply(frame)
  expect(JSON.parse(first).result).toHaveLength(2)
  const again = await rawReply(frame)
  expect(again).toBe(first)
})

test('a replay over HTTP is the first body, byte for byte, also with the arguments’ keys in another order', async () => {
  const key = `http-${randomBytes(6).toString('hex')}`
  const args = createArgs('http')
  const first = await rawHttp(args, key)
  expect(first.status).toBe(200)
  const again = await rawHttp(args, key)
  expect(again).toEqual(first)
  const reordered = await rawHttp([args[0], args[1], { ...(args[2] as object) }], key)
  expect(reordered.text).toBe(first.text)
})

describe('e-mail addresses at the limits', () => {
  // RFC 5321: 64 characters before the @, 63 per label, 254 in all.
  const local = 'l'.repeat(64)
  const domain = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(56)}.test`
  const longest = `${local}@${domain}`

  test('the longest address is 254 characters and signs in like any other: 401, then 429 once slowed, never a 500', async () => {
    expect(longest).toHaveLength(254)
    const anon = await Client.connect()
    const unique = `${randomBytes(4).toString('hex')}${longest.slice(8)}`
    // LOGIN_FREE_FAILURES_PER_ACCOUNT is 5 on the test server: the failure past them makes the next try wait.
    for (let i = 0; i < 6; i++) expect((await anon.fail('login', unique, 'wrong password')).code).toBe(401)
    expect((await anon.fail('login', unique, 'wrong password')).code).toBe(429)
    expect((await api('login', [`${randomBytes(4).toString('hex')}${longest.slice(8)}`, 'wrong password'])).status).toBe(401)
    await anon.close()
  })

  test.each([
    ['255 characters', `${local}@${domain}x`],
    ['65 characters before the @', `l${local}@example.test`],
    ['a label of 64 characters', `me@${'a'.repeat(64)}.test`],
    ['no dot in the domain', 'me@localhost'],
    ['an empty label', 'me@example..test'],
  ])('an address with %s is a 400 naming the argument', async (_what, email) => {
    const anon = await Client.connect()
    expect(await anon.fail('login', email, 'a password')).toMatchObject({ code: 400, details: { argument: 0, name: 'email' } })
    expect((await api('login', [email, 'a password'])).status).toBe(400)
    await anon.close()
  })
})
