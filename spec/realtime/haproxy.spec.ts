/**
 * Three server processes on one PostgreSQL behind HAProxy, with the repository's deploy/haproxy.cfg,
 * as in production: sockets spread over the processes all hear a change made through one of them;
 * an idempotency key and the limits on guessing passwords hold across them; and when one process is
 * killed, its clients reconnect through HAProxy to the others and resume without losing a signal.
 * PostgreSQL only (a PGlite folder belongs to one process). `npm run bench:processes` measures the
 * lag on the same setup; here nothing is timed.
 */
import { Client } from '../helpers/client'
import { haproxyInstalled, startHaproxy, Tab, type Balancer } from '../helpers/haproxy'
import { startServer, type RunningServer } from '../helpers/server'
import { newTeam, pause } from '../helpers/stream'
import { registerUser } from '../helpers/users'

/** What two cores hold next to three servers and HAProxy. */
const SOCKETS = Number(process.env.HAPROXY_SPEC_SOCKETS ?? 1500)

async function until(what: string, done: () => boolean, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`still waiting: ${what}`)
    await pause(50)
  }
}

const countBy = <T>(items: T[], key: (item: T) => string) =>
  items.reduce<Record<string, number>>((counts, item) => ({ ...counts, [key(item)]: (counts[key(item)] ?? 0) + 1 }), {})

const onPostgres = process.env.DATABASE_URL && haproxyInstalled() ? describe : describe.skip

onPostgres('three processes behind HAProxy', () => {
  let servers: RunningServer[] = []
  let haproxy: Balancer
  let key: string
  let tabs: Tab[] = []

  beforeAll(async () => {
    const env = { LOGIN_FREE_FAILURES_PER_ACCOUNT: '1' }
    servers = await Promise.all([startServer(env), startServer(env), startServer(env)])
    haproxy = await startHaproxy(servers.map((s) => s.url))
    const owner = await registerUser('balanced', haproxy.wsUrl)
    const client = await Client.connect({ url: haproxy.wsUrl })
    key = await client.call('login', owner.email, owner.password)
    await client.close()
  }, 240_000)
  afterAll(async () => {
    for (const tab of tabs) tab.close()
    await haproxy?.stop()
    await Promise.all(servers.map((s) => s.stop()))
  }, 60_000)

  test(`${SOCKETS} sockets spread over the three processes all hear a change made through one of them`, async () => {
    for (let i = 0; i < SOCKETS; i += 250) {
      const batch = Array.from({ length: Math.min(250, SOCKETS - i) }, () => new Tab(haproxy.wsUrl, key))
      tabs.push(...batch)
      await Promise.all(batch.map((tab) => tab.open()))
    }
    const spread = countBy(tabs, (t) => t.servedBy)
    expect(Object.keys(spread).sort()).toEqual(['s1', 's2', 's3'])
    for (const n of Object.values(spread)) expect(n).toBeGreaterThan(SOCKETS / 6)

    const writer = await Client.connect({ url: servers[0]!.wsUrl, key })
    const { _id } = await writer.call('company.new_team', { name: 'heard everywhere' })
    await until('every socket hears the team', () => tabs.every((t) => t.teams.includes(_id)))
    await writer.close()
  }, 300_000)

  test('an idempotency key sent to each process at once creates one team, and each gets its reply', async () => {
    const idempotencyKey = `once-${Date.now()}`
    const ids = await Promise.all(servers.map((s) => newTeam(key, 'created once', s.url, idempotencyKey)))
    expect(new Set(ids).size).toBe(1)
    const reader = await Client.connect({ url: haproxy.wsUrl, key })
    const teams = await reader.call('company.form_get_teams')
    expect(teams.filter((t: { name: string }) => t.name === 'created once')).toHaveLength(1)
    await reader.close()
    await until('every socket hears the team', () => tabs.every((t) => t.teams.includes(ids[0]!)))
    for (const tab of tabs) expect(tab.teams.filter((id) => id === ids[0])).toHaveLength(1)
  }, 120_000)

  test('failed sign-ins counted on each process slow the account down on all of them', async () => {
    const ada = await registerUser('guessed', haproxy.wsUrl)
    const login = (server: RunningServer, password: string) =>
      fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify([ada.email, password]) })
    const [s1, s2, s3] = servers as [RunningServer, RunningServer, RunningServer]
    expect((await login(s1, 'wrong password!')).status).toBe(401) // the free one
    expect((await login(s2, 'wrong password!')).status).toBe(401) // the next try waits 1 s
    await pause(1100)
    expect((await login(s3, 'wrong password!')).status).toBe(401) // the next try waits 2 s
    const tries = await Promise.all(servers.map((s) => login(s, ada.password)))
    expect(tries.map((r) => r.status)).toEqual([429, 429, 429])
  }, 60_000)

  test('a process killed: its sockets reconnect through HAProxy to the others and resume with no signal lost', async () => {
    const victim = servers[2]! // s3
    const onVictim = tabs.filter((t) => t.servedBy === 's3')
    expect(onVictim.length).toBeGreaterThan(0)
    const heardBefore = new Map(tabs.map((t) => [t, t.teams.length]))

    // 40 teams through HAProxy, each retried with its idempotency key until it succeeds, wherever it lands.
    const created: string[] = []
    const run = Date.now()
    const writer = (async () => {
      for (let i = 0; i < 40; i++) {
        for (;;) {
          try {
            created.push(await newTeam(key, `team ${i}`, haproxy.url, `kill-${run}-${i}`))
            break
          } catch {
            await pause(100)
          }
        }
      }
    })()
    await until('the first teams', () => created.length >= 10)
    victim.child.kill('SIGKILL')
    await writer
    await until('every socket hears the 40 teams', () => tabs.every((t) => t.teams.length >= heardBefore.get(t)! + 40))
    await pause(300)

    for (const tab of onVictim) {
      expect(tab.reconnected).toBe(true)
      expect(['s1', 's2']).toContain(tab.servedBy)
    }
    for (const tab of tabs) {
      // Each team once, in the order it was created; seqs only grow.
      expect(tab.teams.slice(heardBefore.get(tab)!)).toEqual(created)
      for (let i = 1; i < tab.seqs.length; i++) expect(tab.seqs[i]).toBeGreaterThan(tab.seqs[i - 1]!)
    }
    // The others kept their sockets.
    expect(tabs.filter((t) => t.reconnected && !onVictim.includes(t))).toHaveLength(0)
  }, 300_000)
})
