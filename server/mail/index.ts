/**
 * Outgoing mail. With SMTP_URL the server sends through that mail server; without it each message
 * is written as an .eml file to DATA_DIR/outbox/ and a log line says where, so a server without
 * mail still lets an administrator hand an invite or verification link on.
 *
 * Operations never call this directly: they queue messages with `ctx.mail.send(...)`, and
 * dispatch hands them here only after the call's transaction has committed. A failed send is
 * logged, never thrown to the caller.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer, { type Transporter } from 'nodemailer'
import type { Logger } from 'pino'
import type { Config } from '../config'
import { newId } from '../ids'

export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
}

export interface Mailer {
  /** An absolute link: PUBLIC_URL (or the server's own URL) followed by `pathname`. */
  link(pathname: string): string
  /** Sends or writes one message; resolves when done, never rejects (failures are logged). */
  send(mail: Mail): Promise<void>
  /** Sends or writes one message; rejects when it could not (`mailRetryable` tells whether trying again may help). */
  deliver(mail: Mail): Promise<void>
  /** Waits for the messages under way, then closes the SMTP connections. */
  close(): Promise<void>
}

/**
 * Whether a message that could not be sent may go when tried again: the SMTP server's 4xx ("try
 * later"), or no answer at all (the network, a timeout, the outbox not writable). A 5xx is its final
 * refusal of the message or the address.
 */
export function mailRetryable(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode
  return typeof code !== 'number' || (code >= 400 && code < 500)
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, log: Logger, publicUrl: string): Mailer {
  const base = publicUrl.replace(/\/+$/, '')
  const outbox = path.join(config.dataDir, 'outbox')
  const transport: Transporter = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const underWay = new Set<Promise<void>>()

  async function deliver(mail: Mail) {
    const message = { from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html }
    const info = await transport.sendMail(message)
    if (config.smtpUrl) {
      log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent')
      return
    }
    await fs.mkdir(outbox, { recursive: true })
    const file = path.join(outbox, `${Date.now()}-${newId()}.eml`)
    await fs.writeFile(file, info.message as Buffer)
    log.info({ to: mail.to, subject: mail.subject, file }, `no SMTP_URL: mail written to ${file}`)
  }

  return {
    link: (pathname) => `${base}${pathname.startsWith('/') ? '' : '/'}${pathname}`,

    deliver,

    send(mail) {
      const done = deliver(mail).catch((err) => log.error({ err, to: mail.to, subject: mail.subject }, 'mail could not be sent'))
      underWay.add(done)
      void done.finally(() => underWay.delete(done))
      return done
    },

    async close() {
      await Promise.allSettled([...underWay])
      transport.close()
    },
  }
}
