import fs from 'node:fs'
import type { MailCatcher } from './mail'
import { RUN_FOLDER_VARIABLE, type RunningServer } from './server'

export default async function globalTeardown() {
  const server = (globalThis as { __hlrServer?: RunningServer }).__hlrServer
  if (server) {
    const code = await server.stop()
    if (code !== 0) console.error(`the test server exited with ${code}:\n${server.output().slice(-4000)}`)
  }
  await (globalThis as { __hlrMail?: MailCatcher }).__hlrMail?.close()
  // Every server and mail folder of the run, including those of a test that failed before its own clean-up.
  fs.rmSync(process.env[RUN_FOLDER_VARIABLE]!, { recursive: true, force: true })
}
