/**
 * A slow network between a server process and PostgreSQL, on loopback: a TCP relay that passes what
 * the database sends only after `delayMs`, in order. What the process hears from the database (query
 * results and NOTIFYs alike) arrives late, while its clients reach it at once: the races that a busy
 * machine loses now and then are lost every time.
 */
import net, { type AddressInfo } from 'node:net'

export interface SlowLink {
  /** `databaseUrl` with its host and port replaced by the relay's. */
  url: string
  close(): Promise<void>
}

export async function startSlowLink(databaseUrl: string, delayMs: number): Promise<SlowLink> {
  const target = new URL(databaseUrl)
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const database = net.connect(Number(target.port || 5432), target.hostname)
    for (const socket of [client, database]) {
      sockets.add(socket)
      socket.on('error', () => {})
      socket.on('close', () => {
        client.destroy()
        database.destroy()
      })
    }
    client.pipe(database)
    // Each chunk leaves delayMs after it came; timers of equal delay fire in the order they were set.
    database.on('data', (chunk) => setTimeout(() => client.writable && client.write(chunk), delayMs))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = new URL(databaseUrl)
  url.host = `127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: url.toString(),
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
