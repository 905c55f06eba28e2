/** Proof of work (server/auth/proof-of-work.ts): v3.core.*, v3.proofOfWork.*, and register beyond its free rate. */
import fs from 'node:fs'
import path from 'node:path'
import { Client } from '../helpers/client'
import { startServer, type RunningServer } from '../helpers/server'
import { uniqueEmail } from '../helpers/users'

/** The solver as docs/guides/keys-and-limits.md prints it, run as a client would copy it. */
const GUIDE = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'guides', 'keys-and-limits.md'), 'utf8')
const block = /<!-- pow-example:start -->\n```js\n([\s\S]*?)```\n<!-- pow-example:end -->/.exec(GUIDE)![1]
const solve: (challenge: string, endpoint: string, args: unknown[], difficulty: number) => { nonce: string; hash: string } = new Function(
  'require',
  `${block}\nreturn solve`,
)(require)

const freshAddress = () => `127.${[0, 0, 0].map(() => 1 + Math.floor(Math.random() * 250)).join('.')}`

let server: RunningServer
let anon: Client
beforeAll(async () => {
  server = await startServer({ POW_DIFFICULTY: '10', POW_CHALLENGE_SECONDS: '10', REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1' })
  anon = await Client.connect({ url: server.wsUrl })
})
afterAll(async () => {
  await anon.close()
  await server.stop()
})

test("the guide's example: the solver finds the documented nonce and hash", () => {
  const args = ['ada@example.org', '6740c0ffee0000000000beef']
  const found = solve('V1StGXR8_Z5jdHi6B-myT0hQtaHh3bZe', 'v3.core.checkEmail', args, 12)
  expect(found).toEqual({ nonce: '1494', hash: '00078d3f1566fdd6cb888d2260538b0952645cba03f4fc0815730cf9a695f7c2' })
  expect(GUIDE).toContain(`returns nonce \`${found.nonce}\`, whose hash \`${found.hash}\``)
})

describe('challenges', () => {
  test('v3.core.challenge and v3.proofOfWork.challenge issue fresh challenges; arguments are a 400', async () => {
    const a = await anon.call('v3.core.challenge')
    expect(a).toEqual({ challenge: expect.any(String), identifier: expect.stringMatching(/^[0-9a-f]{24}$/), difficulty: 10, expires: expect.any(Number) })
    const b = await anon.call('v3.proofOfWork.challenge')
    expect(b).toEqual({ challenge: expect.any(String), difficulty: 10 })
    expect(b.challenge).not.toBe(a.challenge)
    expect((await anon.fail('v3.core.challenge', 1)).code).toBe(400)
    expect((await anon.fail('v3.proofOfWork.challenge', 'x')).code).toBe(400)
  })
})

describe('v3.core.checkEmail', () => {
  test('directly: 403; through v3.core.proofOfWork and v3.proofOfWork.call: whether the address has an account', async () => {
    // Registered from an address of its own: this server allows one registration per address and hour.
    const ada = { email: uniqueEmail('pow'), firstname: 'Ada', lastname: 'L', password: 'correct horse battery' }
    const registrar = await Client.connect({ url: server.wsUrl, localAddress: freshAddress() })
    await registrar.call('v2.user.register', ada)
    await registrar.close()
    expect(await anon.fail('v3.core.checkEmail', ada.email, 'x')).toMatchObject({ code: 403, details: { proofOfWork: true } })
    expect(await anon.fail('v3.core.checkEmail', 'not an address', 'x')).toMatchObject({ code: 400, details: { argument: 0 } })

    for (const [email, known] of [
      [ada.email.toUpperCase(), true],
      [uniqueEmail('nobody'), false],
    ] as const) {
      const { challenge, identifier, difficulty } = await anon.call('v3.core.challenge')
      const args = [email, identifier]
      const { nonce } = solve(challenge, 'v3.core.checkEmail', args, difficulty)
      expect(await anon.call('v3.core.proofOfWork', { identifier, salt: nonce }, 'v3.core.checkEmail', args)).toBe(known)
    }

    const { challenge, difficulty } = await anon.call('v3.proofOfWork.challenge')
    const args = [ada.email, challenge]
    const { nonce } = solve(challenge, 'v3.core.checkEmail', args, difficulty)
    expect(await anon.call('v3.proofOfWork.call', challenge, nonce, 'v3.core.checkEmail', args)).toBe(true)
  })

  test('the identifier must name the challenge that proved the call (400)', async () => {
    const { challenge, identifier, difficulty } = await anon.call('v3.core.challenge')
    const args = ['someone@example.test', '0123456789abcdef01234567']
    const { nonce } = solve(challenge, 'v3.core.checkEmail', args, difficulty)
    expect(await anon.fail('v3.core.proofOfWork', { identifier, salt: nonce }, 'v3.core.checkEmail', args)).toMatchObject({
      code: 400,
      details: { argument: 1, name: 'identifier' },
    })
  })
})

describe('a proof is good once, for one endpoint and one set of arguments', () => {
  const open = async () => {
    const { challenge, difficulty } = await anon.call('v3.proofOfWork.challenge')
    const args = ['someone@example.test', challenge]
    return { challenge, args, nonce: solve(challenge, 'v3.core.checkEmail', args, difficulty).nonce }
  }

  test('wrong hash, replay, other endpoint, other arguments, unknown endpoint: 400 naming the argument', async () => {
    let c = await open()
    expect(await anon.fail('v3.proofOfWork.call', c.challenge, `${c.nonce}x`, 'v3.core.checkEmail', c.args)).toMatchObject({
      code: 400,
      details: { argument: 1, name: 'hash' },
    })
    // The wrong try spent the challenge: the right nonce is too late.
    expect(await anon.fail('v3.proofOfWork.call', c.challenge, c.nonce, 'v3.core.checkEmail', c.args)).toMatchObject({
      code: 400,
      details: { argument: 0, name: 'challenge' },
    })

    c = await open()
    expect(await anon.call('v3.proofOfWork.call', c.challenge, c.nonce, 'v3.core.checkEmail', c.args)).toBe(false)
    expect(await anon.fail('v3.proofOfWork.call', c.challenge, c.nonce, 'v3.core.checkEmail', c.args)).toMatchObject({ code: 400, details: { argument: 0 } })

    c = await open()
    const person = { email: uniqueEmail('other'), firstname: 'O', lastname: 'E', password: 'correct horse battery' }
    expect(await anon.fail('v3.proofOfWork.call', c.challenge, c.nonce, 'v2.user.register', [person])).toMatchObject({ code: 400, details: { argument: 1 } })

    c = await open()
    expect(await anon.fail('v3.proofOfWork.call', c.challenge, c.nonce, 'v3.core.checkEmail', ['other@example.test', c.challenge])).toMatchObject({
      code: 400,
      details: { argument: 1 },
    })

    c = await open()
    expect(await anon.fail('v3.proofOfWork.call', c.challenge, c.nonce, 'login', ['a@example.test', 'x'])).toMatchObject({
      code: 400,
      details: { argument: 2, name: 'endpoint' },
    })
    expect(await anon.fail('v3.core.proofOfWork', { identifier: 'nope', salt: '1' }, 'v3.core.checkEmail', 'not an array')).toMatchObject({
      code: 400,
      details: { argument: 2 },
    })
    expect(await anon.fail('v3.core.proofOfWork', { identifier: 'nope' }, 'v3.core.checkEmail', [])).toMatchObject({
      code: 400,
      details: { argument: 0, path: '/salt' },
    })
  })

  test('an expired challenge is refused', async () => {
    const { challenge, identifier, difficulty, expires } = await anon.call('v3.core.challenge')
    const args = ['someone@example.test', identifier]
    const { nonce } = solve(challenge, 'v3.core.checkEmail', args, difficulty)
    while (Date.now() <= expires + 50) await new Promise((r) => setTimeout(r, 250))
    expect(await anon.fail('v3.core.proofOfWork', { identifier, salt: nonce }, 'v3.core.checkEmail', args)).toMatchObject({
      code: 400,
      details: { argument: 0, path: '/identifier' },
    })
  })
})

describe('registration beyond the free rate', () => {
  test('past REGISTRATIONS_PER_ADDRESS_PER_HOUR a direct register is 429 (proofOfWork: true); with proof it registers', async () => {
    const socket = await Client.connect({ url: server.wsUrl, localAddress: freshAddress() })
    try {
      const person = () => ({ email: uniqueEmail('rate'), firstname: 'R', lastname: 'L', password: 'correct horse battery' })
      expect(await socket.call('v2.user.register', person())).toMatchObject({ uid: expect.any(String) })
      expect(await socket.fail('v3.user.register', person())).toMatchObject({ code: 429, details: { retryAfter: expect.any(Number), proofOfWork: true } })
      const { challenge, difficulty } = await socket.call('v3.proofOfWork.challenge')
      const args = [person()]
      const { nonce } = solve(challenge, 'v2.user.register', args, difficulty)
      expect(await socket.call('v3.proofOfWork.call', challenge, nonce, 'v2.user.register', args)).toEqual({ uid: expect.any(String), cid: expect.any(String) })
    } finally {
      await socket.close()
    }
  })
})
