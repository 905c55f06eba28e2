/**
 * One server for the whole run; tests isolate themselves by data (fresh users and workspaces).
 * A real SMTP server on loopback starts first and receives the test server's mail; test files find
 * the messages in TEST_MAIL_DIR (see spec/helpers/mail.ts).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startMailCatcher } from './mail'
import { RUN_FOLDER_VARIABLE, startServer } from './server'

export const TEST_PUBLIC_URL = 'https://app.hlr.test'
export const TEST_MAIL_FROM = 'HLR tests <server@hlr.test>'
/**
 * Webhooks may post to receivers on loopback and retry after 50 ms. Every server a spec starts on
 * the PostgreSQL of a run shares its webhooks with this one (any process may deliver), so they
 * start with the same settings (spec/webhooks/).
 */
export const WEBHOOK_TEST_ENV = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_BASE_MS: '50', WEBHOOK_TIMEOUT_SECONDS: '2' }

export default async function globalSetup() {
  process.env[RUN_FOLDER_VARIABLE] = fs.mkdtempSync(path.join(os.tmpdir(), 'hlr-run-'))
  const mail = await startMailCatcher()
  process.env.TEST_MAIL_DIR = mail.dir
  process.env.TEST_PUBLIC_URL = TEST_PUBLIC_URL
  ;(globalThis as { __hlrMail?: unknown }).__hlrMail = mail
  const server = await startServer({ SMTP_URL: mail.url, MAIL_FROM: TEST_MAIL_FROM, PUBLIC_URL: TEST_PUBLIC_URL, ...WEBHOOK_TEST_ENV }).catch(async (err) => {
    await mail.close()
    throw err
  })
  process.env.TEST_SERVER_URL = server.url
  process.env.TEST_SERVER_DATA_DIR = server.dataDir
  ;(globalThis as { __hlrServer?: unknown }).__hlrServer = server
}
