/** More sockets of one signed-in person (as when they have several tabs open), and firing calls at once. */
import { Client } from './client'
import type { SignedIn } from './users'

/** `n` further sockets signed in as `user`, each with its own session. */
export async function socketsOf(user: SignedIn, n: number): Promise<Client[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const client = await Client.connect()
      await client.call('login', user.email, user.password)
      if (user.cid) await client.call('v3.session.switchWorkspace', user.cid)
      return client
    }),
  )
}

/** Calls `call(client, i)` on every socket at the same moment and waits for all the results. */
export function atOnce<T>(clients: Client[], call: (client: Client, i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(clients.map((client, i) => call(client, i)))
}
