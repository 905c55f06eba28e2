/**
 * Mail in tests. Global setup starts a real SMTP server on loopback (startMailCatcher) before the
 * test server, which gets its URL as SMTP_URL. Each message it receives is written to
 * TEST_MAIL_DIR as <n>.eml plus <n>.json (the SMTP envelope), the .json last, so a message whose
 * .json exists is complete. A subject holding `[smtp-busy-once]` is refused once with a 451 (try later),
 * one holding `[smtp-refuse]` always with a 554: the senders' retries are tested with them. Test files (another module context) read them with nextMail().
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { tempDataDir } from './server'

export interface Envelope {
  from: string
  to: string[]
  /** The user the sending server authenticated as. */
  authUser: string | null
}

export interface ReceivedMail {
  file: string
  envelope: Envelope
  from: string
  to: string
  subject: string
  text: string
}

export interface MailCatcher {
  /** smtp://user:pass@127.0.0.1:port: the catcher only takes mail from a client that signs in. */
  url: string
  user: string
  dir: string
  close(): Promise<void>
}

export async function startMailCatcher(dir = tempDataDir()): Promise<MailCatcher> {
  const user = 'hlr-test'
  const pass = randomBytes(12).toString('hex')
  let seq = 0
  const busy = new Set<string>()
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    size: 10 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) callback(null, { user })
      else callback(new Error('Invalid username or password'))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        // A subject with [smtp-busy-once] is refused with a 451 ("try later") the first time it comes, one with [smtp-refuse] always with a 554.
        const subject = /^Subject: (.*)$/im.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? ''
        if (subject.includes('[smtp-refuse]') || (subject.includes('[smtp-busy-once]') && !busy.has(subject))) {
          busy.add(subject)
          const refused = subject.includes('[smtp-refuse]')
          return callback(Object.assign(new Error(refused ? 'mailbox unavailable' : 'try again later'), { responseCode: refused ? 554 : 451 }))
        }
        const name = `${String(++seq).padStart(6, '0')}-${randomBytes(4).toString('hex')}`
        const envelope: Envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          authUser: typeof session.user === 'string' ? session.user : null,
        }
        fs.writeFileSync(path.join(dir, `${name}.eml`), Buffer.concat(chunks))
        fs.writeFileSync(path.join(dir, `${name}.json.tmp`), JSON.stringify(envelope))
        fs.renameSync(path.join(dir, `${name}.json.tmp`), path.join(dir, `${name}.json`))
        callback()
      })
    },
  })
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port))
  })
  return {
    url: `smtp://${user}:${pass}@127.0.0.1:${port}`,
    user,
    dir,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export function mailDir(): string {
  const dir = process.env.TEST_MAIL_DIR
  if (!dir) throw new Error('TEST_MAIL_DIR is not set: run the tests through jest (global setup starts the mail catcher)')
  return dir
}

/** Messages already handed out by nextMail in this test file. */
const taken = new Set<string>()

function envelopesTo(address: string, dir: string): Array<{ name: string; envelope: Envelope }> {
  const wanted = address.toLowerCase()
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: f.slice(0, -'.json'.length), envelope: JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Envelope }))
    .filter((m) => m.envelope.to.includes(wanted))
}

export async function parseMailFile(file: string, envelope: Envelope): Promise<ReceivedMail> {
  const parsed = await simpleParser(fs.readFileSync(file))
  const addressText = (a: typeof parsed.from | typeof parsed.to) => (Array.isArray(a) ? a.map((x) => x.text).join(', ') : (a?.text ?? ''))
  return { file, envelope, from: addressText(parsed.from), to: addressText(parsed.to), subject: parsed.subject ?? '', text: parsed.text ?? '' }
}

/** The oldest message to `address` this file has not taken yet; waits for it. */
export async function nextMail(address: string, options: { timeoutMs?: number; dir?: string } = {}): Promise<ReceivedMail> {
  const dir = options.dir ?? mailDir()
  const until = Date.now() + (options.timeoutMs ?? 10_000)
  for (;;) {
    const found = envelopesTo(address, dir).find((m) => !taken.has(m.name))
    if (found) {
      taken.add(found.name)
      return parseMailFile(path.join(dir, `${found.name}.eml`), found.envelope)
    }
    if (Date.now() > until) throw new Error(`no mail to ${address} within ${options.timeoutMs ?? 10_000} ms`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** How many messages to `address` have arrived so far. */
export function mailCount(address: string, dir = mailDir()): number {
  return envelopesTo(address, dir).length
}

/** The invite key in an invitation mail, read from its link (PUBLIC_URL/invite/<key>). */
export function inviteKeyOf(mail: ReceivedMail): string {
  const match = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.text)
  if (!match) throw new Error(`no invite link in the mail:\n${mail.text}`)
  return match[1]
}

/** The verification id and key in a verification mail, read from its link (PUBLIC_URL/verify-email/<id>/<key>). */
export function verificationOf(mail: ReceivedMail): { id: string; key: string; link: string } {
  const match = /(\S*\/verify-email\/([0-9a-f]{24})\/([A-Za-z0-9_-]+))/.exec(mail.text)
  if (!match) throw new Error(`no verification link in the mail:\n${mail.text}`)
  return { link: match[1], id: match[2], key: match[3] }
}
