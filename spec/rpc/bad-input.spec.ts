/**
 * Input the database or the validator cannot take is refused once, before any schema, as the
 * caller's error: a NUL character anywhere (every string position of every operation schema, every
 * HTTP route), nesting deeper than 64 levels, and v3.user.register without a password.
 */
import { api, Client, serverUrl } from '../helpers/client'
import { operationSchemas, placeAt, pointer, stringPositions } from '../helpers/schema-walk'
import { signedIn, uniqueEmail } from '../helpers/users'
import { upload, PNG_1x1 } from '../helpers/upload'

const NUL = 'a\u0000b'
const DEPTH_LIMIT = 64
const nested = (levels: number): unknown => JSON.parse('['.repeat(levels) + ']'.repeat(levels))

/** Sends every frame, a fresh socket per batch so no connection's rate limit is reached. */
async function sendAll(frames: { op: string; args: unknown[] }[]): Promise<any[]> {
  const replies: any[] = []
  for (let i = 0; i < frames.length; i += 100) {
    const client = await Client.connect()
    replies.push(...(await Promise.all(frames.slice(i, i + 100).map((f) => client.send(f.op, f.args)))))
    await client.close()
  }
  return replies
}

describe('a NUL character', () => {
  test('in any string position of any built operation is a 400 naming the argument and its path', async () => {
    const ops = operationSchemas()
    const probes = await sendAll(ops.map((op) => ({ op: op.name, args: [] })))
    const built = ops.filter((_, i) => probes[i].error?.code !== 501)
    expect(built.length).toBeGreaterThan(100)
    const cases = built.flatMap((op) =>
      stringPositions(op).map(({ argument, tokens }) => ({
        op: op.name,
        argNames: op.argNames,
        argument,
        path: pointer(tokens),
        args: [...Array(argument).fill(null), placeAt(tokens, NUL)],
      })),
    )
    expect(cases.length).toBeGreaterThan(built.length)
    const replies = await sendAll(cases)
    const wrong = cases
      .map((c, i) => ({ op: c.op, argument: c.argument, path: c.path, reply: replies[i] }))
      .filter(({ argument, path, reply }) => !(reply.error?.code === 400 && reply.error.details?.argument === argument && reply.error.details?.path === path))
    expect(wrong).toEqual([])
    // The message names the argument as the schema does, and carries no NUL itself.
    const sample = replies[0].error
    expect(sample.msg).toMatch(/^argument \d+ \(/)
    expect(sample.msg).toContain('must not contain a NUL character')
    expect(sample.msg).not.toContain('\u0000')
  })

  test('in a property name is refused too, and over HTTP the same way', async () => {
    const me = await signedIn('nulkey')
    try {
      const error = await me.client.fail('v2.user.settings.global.set', { ['k\u0000']: 1 })
      expect(error.code).toBe(400)
      expect(error.details).toMatchObject({ argument: 0, path: '/k\\u0000' })
      const reply = await api('company.check_invite', [NUL], { key: me.key })
      expect(reply.status).toBe(400)
      expect(reply.body.details).toMatchObject({ argument: 0, path: '/' })
    } finally {
      await me.client.close()
    }
  })

  test('in an HTTP path, query string, JSON body or multipart field is a 400', async () => {
    const me = await signedIn('nulhttp')
    try {
      const path = await fetch(`${serverUrl()}/file/abc%00def`, { headers: { hlrkey: me.key } })
      expect(path.status).toBe(400)
      expect((await path.json()).msg).toContain('NUL')
      const apiPath = await fetch(`${serverUrl()}/api/v3.session.get%00`, { method: 'POST', headers: { hlrkey: me.key } })
      expect(apiPath.status).toBe(400)
      expect((await apiPath.json()).msg).toContain('NUL')
      const apiQuery = await fetch(`${serverUrl()}/api/v3.session.get?x=%00`, { method: 'POST', headers: { hlrkey: me.key } })
      expect(await apiQuery.json()).toMatchObject({ code: 400, details: { path: 'query/x' } })
      const query = await fetch(`${serverUrl()}/public/insight/${'a'.repeat(24)}?x=1&downloadId=a%00b`)
      expect(query.status).toBe(400)
      expect(await query.json()).toMatchObject({ code: 400, details: { path: 'query/downloadId' } })
      const json = await fetch(`${serverUrl()}/files`, {
        method: 'POST',
        headers: { hlrkey: me.key, 'content-type': 'application/json' },
        body: JSON.stringify({ fileIds: ['f'.repeat(24)], archiveName: NUL }),
      })
      expect(json.status).toBe(400)
      expect((await json.json()).msg).toBe('body/archiveName must not contain a NUL character (U+0000)')
      const form = await upload(PNG_1x1, 'a.png', { bodyKey: `${me.key}\u0000` })
      expect(form.status).toBe(400)
      expect(form.body.msg).toBe('form/hlrkey must not contain a NUL character (U+0000)')
    } finally {
      await me.client.close()
    }
  })
})

describe('deep nesting', () => {
  test(`up to ${DEPTH_LIMIT} levels reaches the schema; deeper is a 400 naming the path, over the socket and HTTP`, async () => {
    const me = await signedIn('deep')
    try {
      // 3,000 levels in a 6 KB frame used to overflow the validator's stack.
      const deep = await me.client.fail('v2.user.settings.global.set', { a: nested(3000) })
      expect(deep.code).toBe(400)
      expect(deep.msg).toMatch(/^argument 1 \(settings\/a(\/0)+\) is nested deeper than 64 levels$/)
      expect(deep.details.path).toBe('/a' + '/0'.repeat(DEPTH_LIMIT - 1))
      const atLimit = await me.client.send('v2.user.settings.global.set', [{ a: nested(DEPTH_LIMIT - 1) }])
      expect(atLimit.error?.msg ?? '').not.toContain('nested deeper')
      const http = await api('v2.user.settings.global.set', [{ a: nested(3000) }], { key: me.key })
      expect(http.status).toBe(400)
      expect(http.body.details.reason).toBe('is nested deeper than 64 levels')
      const query = await fetch(`${serverUrl()}/public/insight/${'a'.repeat(24)}?${'x'.repeat(1) + '[a]'.repeat(100)}=1`)
      expect(query.status).not.toBe(500)
    } finally {
      await me.client.close()
    }
  })
})

describe('v3.user.register', () => {
  test('requires a password (400 naming it), and registers with one', async () => {
    const anon = await Client.connect()
    try {
      const person = { email: uniqueEmail('v3reg'), firstname: 'No', lastname: 'Password' }
      const error = await anon.fail('v3.user.register', person)
      expect(error).toMatchObject({ code: 400, details: { argument: 0, path: '/password', reason: 'is required' } })
      const { uid } = await anon.call('v3.user.register', { ...person, password: 'correct horse battery' })
      expect(uid).toMatch(/^[0-9a-f]{24}$/)
    } finally {
      await anon.close()
    }
  })
})
