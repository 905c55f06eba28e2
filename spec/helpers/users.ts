/** Fresh people for each test: tests share one server and isolate themselves by data. */
import { randomBytes } from 'node:crypto'
import { Client } from './client'

export interface TestUser {
  email: string
  password: string
  firstname: string
  lastname: string
  uid: string
  cid: string
}

export const uniqueEmail = (tag = 'user') => `${tag}.${randomBytes(6).toString('hex')}@example.test`

export async function registerUser(tag = 'user', url?: string): Promise<TestUser> {
  const anon = await Client.connect({ url })
  try {
    const person = { email: uniqueEmail(tag), password: 'correct horse battery', firstname: 'Test', lastname: tag }
    const { uid, cid } = await anon.call('v2.user.register', person)
    return { ...person, uid, cid }
  } finally {
    await anon.close()
  }
}

export interface SignedIn extends TestUser {
  client: Client
  key: string
}

/** A registered user with a socket signed in by `login`. */
export async function signedIn(tag = 'user', url?: string): Promise<SignedIn> {
  const user = await registerUser(tag, url)
  const client = await Client.connect({ url })
  const key = await client.call('login', user.email, user.password)
  return { ...user, client, key }
}
