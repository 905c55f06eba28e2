/** One server for the whole run; tests isolate themselves by data (fresh users and workspaces). */
import { startServer } from './server'

export default async function globalSetup() {
  const server = await startServer()
  process.env.TEST_SERVER_URL = server.url
  ;(globalThis as { __hlrServer?: unknown }).__hlrServer = server
}
