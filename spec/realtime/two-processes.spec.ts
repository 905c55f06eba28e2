/**
 * Two server processes on one PostgreSQL, as behind a load balancer: signals, session ends,
 * membership changes, resume, revoked keys and the HTTP rate limit hold across them. PostgreSQL only: a PGlite folder belongs to one
 * process.
 */
import { overshootBound, windowPoints } from '../../server/http/rate-limit'
import { Client } from '../helpers/client'
import { startServer, type RunningServer } from '../helpers/server'
import { expectStrictlyIncreasing, lastSeqOf, newTeam, pause, teamsHeard } from '../helpers/stream'
import { registerUser } from '../helpers/users'

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip

const RATE = 50

onPostgres('two processes on one PostgreSQL', () => {
  let a: RunningServer
  let b: RunningServer
  beforeAll(async () => {
    // 50 HTTP requests a second per address: 100 per window of two seconds, shared by A and B.
    const env = { HTTP_REQUESTS_PER_SECOND: String(RATE) }
    ;[a, b] = await Promise.all([startServer(env), startServer(env)])
  }, 180_000)
  afterAll(() => Promise.all([a?.stop(), b?.stop()]))

  async function signIn(server: RunningServer, tag: string) {
    const user = await registerUser(tag, server.wsUrl)
    const client = await Client.connect({ url: server.wsUrl })
    const key: string = await client.call('login', user.email, user.password)
    return { ...user, key, client }
  }

  test('a change made through A is heard on B, and a resume on B replays what was emitted on A', async () => {
    const ada = await signIn(a, 'ada')
    const onB = await Client.connect({ url: b.wsUrl, key: ada.key })
    await onB.call('resume')
    const first = await newTeam(ada.key, 'from A', a.url)
    await onB.waitForSignal('company.team.created', (m) => m._id === first)
    const last = lastSeqOf(onB)
    await onB.close()

    const missed: string[] = []
    for (let i = 0; i < 10; i++) missed.push(await newTeam(ada.key, `missed ${i}`, a.url))
    const again = await Client.connect({ url: b.wsUrl, key: ada.key })
    expect(await again.call('resume', last)).toMatchObject({ replayed: 10 })
    expect(teamsHeard(again)).toEqual(missed)
    // Writes through both processes at once reach a socket on either in one order, once.
    const both = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => newTeam(ada.key, `both ${i}`, i % 2 ? a.url : b.url)))
    for (const id of both) await again.waitForSignal('company.team.created', (m) => m._id === id)
    await pause(200)
    expect(teamsHeard(again).slice(10).sort()).toEqual([...both].sort())
    expectStrictlyIncreasing(again)
    await Promise.all([ada.client.close(), again.close()])
  })

  test('a logout on A closes the sockets of that session on B', async () => {
    const ada = await signIn(a, 'ada')
    const onB = await Client.connect({ url: b.wsUrl, key: ada.key })
    await onB.call('resume')
    expect(await ada.client.call('logout')).toBe(true)
    expect((await onB.closed).code).toBe(1000)
    await ada.client.close()
  })

  test('joining a workspace through A subscribes the member’s sockets on B at once', async () => {
    const owner = await signIn(a, 'owner')
    const member = await signIn(a, 'member')
    const memberOnB = await Client.connect({ url: b.wsUrl, key: member.key })
    await memberOnB.call('resume')
    const invite = await owner.client.call('v2.network.invite.send', { email: member.email, role: 'user' })
    await member.client.call('v2.user.invite.accept', invite.invite_key)
    await memberOnB.waitForSignal('network.member.added', (m) => m.cid === owner.cid && m.uid === member.uid)
    await owner.client.call('v2.network.update', owner.cid, { name: 'Heard on B' })
    await memberOnB.waitForSignal('network.updated', (m) => m._id === owner.cid)

    // Removed through A: the socket on B stops hearing the workspace.
    await owner.client.call('company.remove_user', member.uid)
    await memberOnB.waitForSignal('network.member.removed', (m) => m.uid === member.uid)
    await owner.client.call('v2.network.update', owner.cid, { name: 'Not heard on B' })
    await owner.client.waitForSignal('network.updated', (m) => m._id === owner.cid && memberOnB.signals.length > 0)
    await pause(300)
    expect(memberOnB.signals.filter((s) => s.sig === 'network.updated')).toHaveLength(1)
    await Promise.all([owner.client.close(), member.client.close(), memberOnB.close()])
  })

  test('the HTTP budget of an address is shared by the processes, beyond it by at most the documented batch per process', async () => {
    await pause(2100) // a fresh window
    const status = (url: string) => fetch(`${url}/api/v3.session.get`, { method: 'POST' }).then((r) => r.status)
    const statuses = await Promise.all(Array.from({ length: 160 }, (_, i) => status(i % 2 ? a.url : b.url)))
    // Each process saw 80 requests, under the 100 of a window; together they are over it.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0)
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(windowPoints(RATE) + overshootBound(RATE, 2))
    expect(new Set(statuses.filter((s) => s !== 429))).toEqual(new Set([401]))
  })

  test('an API key revoked through A is refused over HTTP on B, which had it resolved and kept', async () => {
    await pause(2100) // a fresh window of the HTTP budget, which the test before spent
    const ada = await signIn(a, 'ada')
    const { _id, key } = await ada.client.call('v3.user.apikey.create', 'two processes', ada.cid, [])
    const get = (server: RunningServer) => fetch(`${server.url}/api/v3.session.get`, { method: 'POST', headers: { hlrkey: key } }).then((r) => r.status)
    expect(await get(b)).toBe(200) // B resolves the key and keeps it
    const onB = await Client.connect({ url: b.wsUrl, key })
    await onB.call('resume')
    expect(await ada.client.call('v3.user.apikey.remove', _id)).toBe(true)
    // The key's socket on B closing says B has read the revocation (the same message the key cache hears).
    expect((await onB.closed).code).toBe(1000)
    expect(await get(b)).toBe(401)
    expect(await get(a)).toBe(401)
    await ada.client.close()
  })
})
