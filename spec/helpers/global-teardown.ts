import type { MailCatcher } from './mail'
import type { RunningServer } from './server'

export default async function globalTeardown() {
  const server = (globalThis as { __hlrServer?: RunningServer }).__hlrServer
  if (server) {
    const code = await server.stop()
    if (code !== 0) console.error(`the test server exited with ${code}:\n${server.output().slice(-4000)}`)
  }
  await (globalThis as { __hlrMail?: MailCatcher }).__hlrMail?.close()
}
