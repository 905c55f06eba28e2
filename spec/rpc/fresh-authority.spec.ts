/**
 * What a call is allowed is read fresh for every call: a role changed, a member removed or a session
 * ended through one socket holds for the very next call on another socket of the same user (on
 * PostgreSQL also on another server process; see spec/realtime/two-processes.spec.ts for signals).
 */
import { Client } from '../helpers/client'
import { joinWorkspace } from '../helpers/members'
import { startServer, type RunningServer } from '../helpers/server'
import { startSlowLink, type SlowLink } from '../helpers/slow-link'
import { registerUser, signedIn, type SignedIn } from '../helpers/users'

let owner: SignedIn
beforeAll(async () => {
  owner = await signedIn('authority-owner')
})
afterAll(() => owner.client.close())

/** Admin or back to user (company.set_user_data sets the role through its admin section). */
const setAdmin = (uid: string, admin: boolean) =>
  owner.client.call('company.set_user_data', { section: 'admin', uid, value: String(admin), workspaceId: owner.cid })
const rename = (c: Client, cid: string) => c.send('v2.network.update', [cid, { name: `renamed ${Date.now()}` }])

test('a role changed through one socket holds for the very next call on another socket of that user', async () => {
  const member = await joinWorkspace(owner, { role: 'admin' })
  const other = await Client.connect({ key: member.key })
  try {
    expect((await rename(other, owner.cid)).error).toBeUndefined()
    await setAdmin(member.uid, false)
    expect((await rename(other, owner.cid)).error).toMatchObject({ code: 403 })
    await setAdmin(member.uid, true)
    expect((await rename(other, owner.cid)).error).toBeUndefined()
  } finally {
    await Promise.all([member.client.close(), other.close()])
  }
})

test('a member removed is refused at once on every socket', async () => {
  const member = await joinWorkspace(owner, { role: 'user' })
  const other = await Client.connect({ key: member.key })
  try {
    expect((await other.send('v2.network.get', [owner.cid])).error).toBeUndefined()
    await owner.client.call('company.remove_user', member.uid)
    expect((await other.send('v2.network.get', [owner.cid])).error).toMatchObject({ code: 404 })
  } finally {
    await Promise.all([member.client.close(), other.close()])
  }
})

/**
 * Signs in twice, the second socket on `url` (this process when absent), logs out through the first
 * and expects the second refused at once; 25 rounds, as a race lost now and then would be.
 */
async function expectLogoutClosesTheDoor(user: Awaited<ReturnType<typeof registerUser>>, url?: string) {
  for (let round = 0; round < 25; round++) {
    const client = await Client.connect()
    const other = await Client.connect({ url, key: await client.call('login', user.email, user.password) })
    try {
      expect((await other.send('v2.network.get', [user.cid])).error).toBeUndefined()
      await client.call('logout')
      // A read and a write are refused alike (a read may run meanwhile, a write waits: server/rpc/heard.ts).
      const next = round % 2 ? rename(other, user.cid) : other.send('v2.network.get', [user.cid])
      // The socket may already be closing (1000 "session ended"): then the call gets no answer at all.
      const reply = await Promise.race([next, other.closed.then(() => ({ closed: true }))])
      if (!('closed' in reply)) expect(reply.error).toMatchObject({ code: 401 })
    } finally {
      await Promise.all([client.close(), other.close()])
    }
  }
}

// Without the door closed before the logout's reply, the next call slipped through until the event log's delivery.
test('a logout through one socket closes the door at once for another socket of that session', async () => {
  await expectLogoutClosesTheDoor(await registerUser('authority-logout'))
})

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip

// The other process hears NOTIFYs 15 ms late, as a busy machine would make it now and then; its
// clients and its calls' statements reach it at once.
onPostgres('across two server processes on one PostgreSQL, the other behind a slow link', () => {
  let b: RunningServer
  let link: SlowLink
  beforeAll(async () => {
    // Only the connection the bus listens on is slowed (DATABASE_DIRECT_URL: server/db/connect.ts), so a
    // call's own statements come back before the NOTIFY sent ahead of them.
    link = await startSlowLink(process.env.DATABASE_DIRECT_URL ?? process.env.DATABASE_URL!, 15)
    b = await startServer({ DATABASE_DIRECT_URL: link.url })
  }, 120_000)
  afterAll(async () => {
    await b?.stop()
    await link?.close()
  })

  test('a role change and a removal through this process hold for the very next call on the other', async () => {
    const member = await joinWorkspace(owner, { role: 'admin' })
    const onB = await Client.connect({ url: b.wsUrl, key: member.key })
    try {
      expect((await rename(onB, owner.cid)).error).toBeUndefined()
      await setAdmin(member.uid, false)
      expect((await rename(onB, owner.cid)).error).toMatchObject({ code: 403 })
      await owner.client.call('company.remove_user', member.uid)
      expect((await onB.send('v2.network.get', [owner.cid])).error).toMatchObject({ code: 404 })
    } finally {
      await Promise.all([member.client.close(), onB.close()])
    }
  })

  // The other process is told before the logout replies, and its next call waits to have heard that.
  test('a logout through this process closes the door at once on the other', async () => {
    await expectLogoutClosesTheDoor(await registerUser('authority-logout-b'), b.wsUrl)
  })

  // The other process keeps keys it resolved for a moment (server/auth/key-cache.ts): a request waits to have heard the logout too.
  test('a logout through this process ends the key at once for HTTP requests to the other', async () => {
    const user = await registerUser('authority-logout-http')
    const callB = (key: string, op: string, args: unknown[]) =>
      fetch(`${b.url}/api/${op}`, { method: 'POST', headers: { hlrkey: key }, body: JSON.stringify(args) }).then((r) => r.status)
    const getWorkspace = (key: string) => callB(key, 'v2.network.get', [user.cid])
    const renameWorkspace = (key: string) => callB(key, 'v2.network.update', [user.cid, { name: 'renamed' }])
    for (let round = 0; round < 10; round++) {
      const client = await Client.connect()
      try {
        const key: string = await client.call('login', user.email, user.password)
        expect(await getWorkspace(key)).toBe(200)
        await client.call('logout')
        // A read and a write, either first: each is refused on its own (server/rpc/heard.ts).
        const [first, second] = round % 2 ? [renameWorkspace, getWorkspace] : [getWorkspace, renameWorkspace]
        expect(await first(key)).toBe(401)
        expect(await second(key)).toBe(401)
      } finally {
        await client.close()
      }
    }
  })
})
