/**
 * v2.user.send_verification_email and v2.user.verify_email over real SMTP; the mail settings of
 * server/config.ts; the .eml outbox when no SMTP server is configured; a failing SMTP server.
 */
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import pino from 'pino'
import { ConfigError, loadConfig } from '../../../server/config'
import { refused } from '../../../server/errors'
import type { Mail } from '../../../server/mail'
import { Dispatcher } from '../../../server/rpc/dispatch'
import type { Context, Transport } from '../../../server/context'
import { Client } from '../../helpers/client'
import { MISSING } from '../../helpers/ids'
import { nextMail, parseMailFile, verificationOf } from '../../helpers/mail'
import { startServer, type RunningServer } from '../../helpers/server'
import { registerUser, signedIn, type SignedIn } from '../../helpers/users'

const PUBLIC_URL = process.env.TEST_PUBLIC_URL ?? 'https://app.hlr.test'

let anon: Client
beforeAll(async () => {
  anon = await Client.connect()
})
afterAll(() => anon.close())

const people: SignedIn[] = []
async function person(tag: string) {
  const p = await signedIn(tag)
  people.push(p)
  return p
}
afterAll(() => Promise.all(people.map((p) => p.client.close())))

describe('mail configuration', () => {
  test('defaults: no SMTP (outbox), a default sender, links to the server itself', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: null, mailFrom: 'Workspace server <no-reply@localhost>', publicUrl: null })
  })

  test('SMTP_URL, MAIL_FROM and PUBLIC_URL are read; a trailing slash of PUBLIC_URL goes', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://u:p@mail.example.org:465',
      MAIL_FROM: 'Team <team@example.org>',
      PUBLIC_URL: 'https://work.example.org/app/',
    })
    expect(config).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.example.org:465',
      mailFrom: 'Team <team@example.org>',
      publicUrl: 'https://work.example.org/app',
    })
    expect(loadConfig({ MAIL_FROM: 'team@example.org' }).mailFrom).toBe('team@example.org')
  })

  test('every bad value is named; the SMTP password is never repeated', () => {
    const env = { SMTP_URL: 'http://user:hunter2secret@mail.example.org', MAIL_FROM: 'nobody', PUBLIC_URL: 'ftp://example.org' }
    expect(() => loadConfig(env)).toThrow(ConfigError)
    try {
      loadConfig(env)
    } catch (err) {
      const message = (err as Error).message
      expect(message).toContain('SMTP_URL')
      expect(message).not.toContain('hunter2secret')
      expect(message).toContain('MAIL_FROM="nobody"')
      expect(message).toContain('PUBLIC_URL="ftp://example.org"')
    }
    expect(() => loadConfig({ PUBLIC_URL: 'https://example.org/?a=1' })).toThrow('PUBLIC_URL')
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow('SMTP_URL')
  })
})

describe('mail leaves only after COMMIT (server/rpc/dispatch.ts)', () => {
  test('a call that queued a mail and then failed sends nothing; a committed call sends after COMMIT', async () => {
    const events: string[] = []
    const mailer = {
      link: (pathname: string) => `https://public.example${pathname}`,
      send: async (mail: Mail) => void events.push(`send ${mail.subject} ${mail.text}`),
      close: async () => {},
    }
    const db = {
      kysely: {
        transaction: () => ({
          async execute(fn: (trx: unknown) => Promise<unknown>) {
            events.push('begin')
            try {
              const result = await fn({})
              events.push('commit')
              return result
            } catch (err) {
              events.push('rollback')
              throw err
            }
          },
        }),
      },
    }
    const op = (name: string, fail: boolean) => ({
      name,
      access: 'public' as const,
      async run(ctx: Context) {
        ctx.mail.send({ to: 'someone@example.test', subject: name, text: ctx.mail.link('/page') })
        if (fail) throw refused('refused after queueing')
        return true
      },
    })
    const entry = (o: ReturnType<typeof op>) => [o.name, { op: o, built: true, args: [], schema: { minItems: 0, maxItems: 0 } }] as const
    const registry = new Map([entry(op('fails', true)), entry(op('works', false))])
    const bus = { emit: async () => {}, close: async () => {} }
    const deps = { registry, db, config: loadConfig({}), bus, hub: { deliver() {} }, log: pino({ level: 'silent' }), mailer }
    const dispatcher = new Dispatcher(deps as unknown as ConstructorParameters<typeof Dispatcher>[0])
    const transport = { kind: 'http', address: '127.0.0.1', signIn() {}, signOut() {} } as Transport

    expect(await dispatcher.call('fails', [], null, transport)).toEqual({ error: { code: 422, msg: 'refused after queueing' } })
    expect(await dispatcher.call('works', [], null, transport)).toEqual({ result: true })
    await new Promise((r) => setImmediate(r))
    expect(events).toEqual(['begin', 'rollback', 'begin', 'commit', 'send works https://public.example/page'])
  })
})

describe('v2.user.send_verification_email', () => {
  test('401 without a session; 400 for an argument', async () => {
    expect((await anon.fail('v2.user.send_verification_email')).code).toBe(401)
    const me = await person('verify-bad')
    expect(await me.client.fail('v2.user.send_verification_email', 'x')).toMatchObject({ code: 400 })
  })

  test('mails a link under PUBLIC_URL with an id and a 192-bit key, valid 24 hours', async () => {
    const me = await person('verify-mail')
    const sent = await me.client.call('v2.user.send_verification_email')
    expect(sent).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), email: me.email, expires: expect.any(Number) })
    const mail = await nextMail(me.email)
    expect(mail.subject).toBe('Verify your e-mail address')
    expect(mail.from).toContain('server@hlr.test')
    expect(mail.text).toContain('Hello Test verify-mail,')
    const { id, key, link } = verificationOf(mail)
    expect(id).toBe(sent._id)
    expect(key).toMatch(/^[A-Za-z0-9_-]{32,}$/)
    expect(link).toBe(`${PUBLIC_URL}/verify-email/${id}/${key}`)
  })

  test('422 once the address is verified', async () => {
    const me = await person('verify-twice')
    await me.client.call('v2.user.send_verification_email')
    const { id, key } = verificationOf(await nextMail(me.email))
    await anon.call('v2.user.verify_email', id, key)
    expect(await me.client.fail('v2.user.send_verification_email')).toMatchObject({ code: 422, details: { reason: 'alreadyVerified' } })
  })
})

describe('v2.user.verify_email', () => {
  test('400 naming the argument; 404 for a wrong id or key, with nothing changed', async () => {
    expect(await anon.fail('v2.user.verify_email', 'zz', 'key')).toMatchObject({ code: 400, details: { argument: 0, name: 'verificationId' } })
    expect(await anon.fail('v2.user.verify_email', MISSING, '')).toMatchObject({
      code: 400,
      details: { argument: 1, name: 'verificationKey' },
    })
    expect((await anon.fail('v2.user.verify_email', MISSING)).code).toBe(400)

    const me = await person('verify-wrong')
    await me.client.call('v2.user.send_verification_email')
    const { id, key } = verificationOf(await nextMail(me.email))
    expect(await anon.fail('v2.user.verify_email', id, `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`)).toEqual({
      code: 404,
      msg: 'verification not found',
    })
    expect((await anon.fail('v2.user.verify_email', MISSING, key)).code).toBe(404)
    expect((await me.client.fail('v2.user.invite.list')).code).toBe(422) // still unverified
    // the right key still works after wrong ones
    expect((await anon.call('v2.user.verify_email', id, key)).uid).toBe(me.uid)
  })

  test('marks the address verified without a session; the user’s sockets hear it; the key works once', async () => {
    const me = await person('verify-ok')
    const second = await Client.connect({ key: me.key })
    await me.client.call('v2.user.send_verification_email')
    const { id, key } = verificationOf(await nextMail(me.email))
    const result = await anon.call('v2.user.verify_email', id, key)
    expect(result).toEqual({ uid: me.uid, email: me.email, emailVerified: expect.any(Number) })
    const signal = await second.waitForSignal('user.emailVerified', (m) => m.uid === me.uid)
    expect(signal.meta).toEqual(result)
    expect(await me.client.call('v2.user.invite.list')).toEqual([]) // verified: no longer 422
    expect((await anon.fail('v2.user.verify_email', id, key)).code).toBe(404)
    await second.close()
  })

  test('a newer request replaces the older one', async () => {
    const me = await person('verify-newer')
    await me.client.call('v2.user.send_verification_email')
    const older = verificationOf(await nextMail(me.email))
    await me.client.call('v2.user.send_verification_email')
    const newer = verificationOf(await nextMail(me.email))
    expect(newer.key).not.toBe(older.key)
    expect((await anon.fail('v2.user.verify_email', older.id, older.key)).code).toBe(404)
    expect((await anon.call('v2.user.verify_email', newer.id, newer.key)).uid).toBe(me.uid)
  })
})

/** Waits until the server's log has a line matching `pattern`. */
async function logLine(server: RunningServer, pattern: RegExp, ms = 15_000): Promise<any> {
  const until = Date.now() + ms
  for (;;) {
    const line = server
      .output()
      .split('\n')
      .find((l) => pattern.test(l))
    if (line) return JSON.parse(line)
    if (Date.now() > until) throw new Error(`no log line matching ${pattern}:\n${server.output().slice(-3000)}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Two more servers, started together (each takes seconds to start). */
let outboxServer: RunningServer
let deadSmtpServer: RunningServer
beforeAll(async () => {
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
  ;[outboxServer, deadSmtpServer] = await Promise.all([
    // The test process's environment may name an SMTP server: say explicitly that there is none.
    startServer({ SMTP_URL: '', PUBLIC_URL: '', MAIL_FROM: '' }),
    startServer({ SMTP_URL: `smtp://mailer:pw-never-logged@127.0.0.1:${port}` }),
  ])
})
afterAll(() => Promise.all([outboxServer?.stop(), deadSmtpServer?.stop()]))

describe('without an SMTP server', () => {
  let server: RunningServer
  beforeAll(() => {
    server = outboxServer
  })

  test('each message is written as an .eml file to DATA_DIR/outbox/ and the log says where', async () => {
    const user = await registerUser('outbox', server.wsUrl)
    const client = await Client.connect({ url: server.wsUrl })
    await client.call('login', user.email, user.password)
    await client.call('v2.user.send_verification_email')

    const logged = await logLine(server, /mail written to/)
    const outbox = path.join(server.dataDir, 'outbox')
    expect(path.dirname(logged.file)).toBe(outbox)
    expect(logged.msg).toBe(`no SMTP_URL: mail written to ${logged.file}`)
    expect(fs.readdirSync(outbox)).toEqual([path.basename(logged.file)])
    expect(logged.file).toMatch(/\.eml$/)

    const mail = await parseMailFile(logged.file, { from: '', to: [user.email], authUser: null })
    expect(mail.to).toBe(user.email)
    expect(mail.from).toContain('no-reply@localhost')
    const { id, key, link } = verificationOf(mail)
    expect(link).toBe(`${server.url}/verify-email/${id}/${key}`) // PUBLIC_URL defaults to the server's own URL
    expect(await client.call('v2.user.verify_email', id, key)).toMatchObject({ uid: user.uid })
    await client.close()
  })
})

describe('with an SMTP server that cannot be reached', () => {
  let server: RunningServer
  beforeAll(() => {
    server = deadSmtpServer
  })

  test('the call succeeds; the failure is logged without the password', async () => {
    const user = await registerUser('smtp-down', server.wsUrl)
    const client = await Client.connect({ url: server.wsUrl })
    await client.call('login', user.email, user.password)
    expect(await client.call('v2.user.send_verification_email')).toMatchObject({ email: user.email })
    const logged = await logLine(server, /mail could not be sent/)
    expect(logged).toMatchObject({ level: 50, to: user.email, subject: 'Verify your e-mail address' })
    expect(server.output()).not.toContain('pw-never-logged')
    expect(fs.existsSync(path.join(server.dataDir, 'outbox'))).toBe(false)
    // the server goes on serving
    expect((await client.call('v3.session.get')).uid).toBe(user.uid)
    await client.close()
  })
})
