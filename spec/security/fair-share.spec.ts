/**
 * Fair share (docs/security.md): one client address cannot hold every socket, one user cannot run
 * any number of transfer jobs nor hold one forever against a stalling server, guesses from
 * elsewhere do not lock an owner out of the address they sign in from, and a narrowed API key
 * whitelist holds for the sockets already signed in with the key.
 */
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import WebSocket from 'ws'
import { apiFrom } from '../helpers/address'
import { Client, serverUrl } from '../helpers/client'
import { startServer, type RunningServer } from '../helpers/server'
import { newTeam, pause, teamsHeard } from '../helpers/stream'
import { registerUser, signedIn } from '../helpers/users'

/** Polls `check` until it returns true (or throws after `ms`). */
async function eventually(check: () => Promise<boolean>, ms = 10_000) {
  const until = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${ms} ms`)
    await pause(50)
  }
}

/** A fresh loopback address: counts kept in a shared PostgreSQL outlive a run. */
const freshAddress = () => `127.${[0, 0, 0].map(() => 1 + Math.floor(Math.random() * 250)).join('.')}`

describe('sockets per client address', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ WS_MAX_ANONYMOUS_PER_ADDRESS: '3', WS_MAX_SIGNED_IN_PER_ADDRESS: '2' })
  })
  afterAll(() => server?.stop())

  const open = (localAddress: string, key?: string) => Client.connect({ url: server.wsUrl, localAddress, key })
  /** The answer to an upgrade that must be refused: its status and JSON body. */
  const refusal = (localAddress: string, key?: string) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const ws = new WebSocket(server.wsUrl, { localAddress, headers: key ? { hlrkey: key } : {} })
      ws.once('open', () => {
        ws.close()
        reject(new Error('the upgrade was accepted'))
      })
      ws.once('unexpected-response', (_req, res) => {
        let text = ''
        res.on('data', (d) => (text += d))
        res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined }))
      })
      ws.once('error', reject)
    })
  /** Whether an upgrade from the address is accepted now (the socket is closed again). */
  const accepted = async (localAddress: string) => {
    const client = await open(localAddress).catch(() => null)
    await client?.close()
    return client !== null
  }

  test('an address holds its anonymous cap; the next is refused with 429 and the variable, another address is not; a closed socket frees its slot', async () => {
    const [from, other] = [freshAddress(), freshAddress()]
    const held = [await open(from), await open(from), await open(from)]
    try {
      const refused = await refusal(from)
      expect(refused).toMatchObject({ status: 429, body: { code: 429, details: { reason: 'socketsPerAddress', limit: 3 } } })
      expect(refused.body.msg).toContain('WS_MAX_ANONYMOUS_PER_ADDRESS')
      // The cap is per address: another one is served while the first is full.
      const elsewhere = await open(other)
      expect((await elsewhere.fail('v3.session.get')).code).toBe(401)
      await elsewhere.close()
      await held.pop()!.close()
      await eventually(() => accepted(from))
    } finally {
      await Promise.all(held.map((c) => c.close()))
    }
  })

  test('signing in moves a socket to the signed-in count; past that cap the sign-in fails (429) and the socket stays usable; a key at the upgrade counts as signed in', async () => {
    const user = await registerUser('slots', server.wsUrl)
    const from = freshAddress()
    const sockets = [await open(from), await open(from), await open(from)]
    try {
      const key: string = await sockets[0].call('login', user.email, user.password)
      // One anonymous slot is free again.
      sockets.push(await open(from))
      await sockets[1].call('login', user.email, user.password)
      sockets.push(await open(from))

      const third = await sockets[2].fail('login', user.email, user.password)
      expect(third).toMatchObject({ code: 429, details: { reason: 'socketsPerAddress', limit: 2 } })
      expect(third.msg).toContain('WS_MAX_SIGNED_IN_PER_ADDRESS')
      expect((await sockets[2].fail('v3.session.get')).code).toBe(401)
      // A key at the upgrade counts as signed in: refused from this address, accepted from another.
      expect(await refusal(from, key)).toMatchObject({ status: 429, body: { details: { reason: 'socketsPerAddress', limit: 2 } } })
      const elsewhere = await open(freshAddress(), key)
      expect((await elsewhere.call('v3.session.get')).uid).toBe(user.uid)
      await elsewhere.close()

      // A logout closes its socket (the session ended), which gives the slot back.
      await sockets[0].call('logout')
      await sockets[0].closed
      await eventually(async () => {
        const reply = await sockets[2].send('login', [user.email, user.password])
        return !reply.error
      })
      expect((await sockets[2].call('v3.session.get')).uid).toBe(user.uid)
    } finally {
      await Promise.all(sockets.map((c) => c.close()))
    }
  })
})

describe('transfer jobs, per user and per server, with a deadline', () => {
  let server: RunningServer
  let stalling: http.Server
  const held = new Set<Socket>()
  let accepted = 0
  let host: string
  beforeAll(async () => {
    // A server that takes every request and answers it never: a byte every 200 ms, so no idle timeout fires.
    stalling = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      const drip = setInterval(() => res.write(' '), 200)
      res.on('close', () => clearInterval(drip))
    })
    stalling.on('connection', (socket) => {
      accepted++
      held.add(socket)
      socket.on('close', () => held.delete(socket))
    })
    await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve))
    host = `http://127.0.0.1:${(stalling.address() as AddressInfo).port}`
    server = await startServer({
      IMPORT_ALLOWED_HOSTS: '127.0.0.1',
      IMPORT_TIMEOUT_SECONDS: '3600',
      TRANSFER_JOBS_PER_USER: '2',
      TRANSFER_JOBS_PER_SERVER: '3',
      TRANSFER_JOB_DEADLINE_SECONDS: '2',
    })
  })
  afterAll(async () => {
    await server?.stop()
    for (const socket of held) socket.destroy()
    await new Promise((resolve) => stalling?.close(resolve))
  })

  test('past TRANSFER_JOBS_PER_USER or _PER_SERVER starting one is 429; a job held by a stalling server fails at the deadline, cut off, and frees its place', async () => {
    const [ada, bob] = await Promise.all([signedIn('jobs', server.wsUrl), signedIn('jobs', server.wsUrl)])
    try {
      const creds = { host, username: 'someone@example.test', password: 'whatever it is' }
      const first = await ada.client.call('v3.user.data.import', creds)
      const second = await ada.client.call('v3.user.data.import', creds)
      expect([first.state, second.state]).toEqual(['running', 'running'])
      const third = await ada.client.fail('v3.user.data.export')
      expect(third).toMatchObject({ code: 429, details: { reason: 'transferJobsPerUser', limit: 2 } })
      expect(third.msg).toContain('TRANSFER_JOBS_PER_USER')

      await bob.client.call('v3.user.data.import', creds)
      const full = await bob.client.fail('v3.user.data.import', creds)
      expect(full).toMatchObject({ code: 429, details: { reason: 'transferJobsPerServer', limit: 3 } })
      // Each job is held by the stalling server.
      await eventually(async () => accepted >= 3)

      // The stalling server never answers: the deadline fails each job, with its reason.
      for (const job of [first, second]) {
        await eventually(async () => (await ada.client.call('v3.user.data.job', job._id)).state !== 'running')
        expect(await ada.client.call('v3.user.data.job', job._id)).toMatchObject({
          state: 'failed',
          error: 'the job did not end within TRANSFER_JOB_DEADLINE_SECONDS (2 s)',
        })
      }
      await ada.client.waitForSignal('transfer.progress', (m) => m._id === first._id && m.state === 'failed')
      // Every request to the stalling server was cut.
      await eventually(async () => held.size === 0)
      // The places are free again. (This job too ends at its deadline: none is left running for the next run on a kept database.)
      const again = await ada.client.call('v3.user.data.import', creds)
      expect(again.state).toBe('running')
      await eventually(async () => (await ada.client.call('v3.user.data.job', again._id)).state === 'failed')
    } finally {
      await Promise.all([ada.client.close(), bob.client.close()])
    }
  })
})

describe('sign-in limits and the addresses an owner signs in from', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ LOGIN_FREE_FAILURES_PER_ACCOUNT: '2' })
  })
  afterAll(() => server?.stop())

  const login = (from: string, email: string, password: string) => apiFrom(from, 'login', [email, password], { url: server.url })

  test("guesses from elsewhere slow the account down everywhere but at its known address; there, the owner's own mistakes count alone", async () => {
    const owner = await registerUser('known', server.wsUrl)
    const [home, attacker, unknown] = [freshAddress(), freshAddress(), freshAddress()]
    expect((await login(home, owner.email, owner.password)).status).toBe(200)

    for (let i = 0; i < 6; i++) expect([401, 429]).toContain((await login(attacker, owner.email, `guess ${i}`)).status)
    expect((await login(attacker, owner.email, owner.password)).status).toBe(429)
    // Any other address waits, the right password notwithstanding.
    expect(await login(unknown, owner.email, owner.password)).toMatchObject({ status: 429, body: { details: { limit: 2 } } })
    // The owner at home is not locked out.
    expect((await login(home, owner.email, owner.password)).status).toBe(200)

    // At home, wrong passwords count for home alone: past the free ones home waits too.
    for (let i = 0; i < 3; i++) expect((await login(home, owner.email, `typo ${i}`)).status).toBe(401)
    expect((await login(home, owner.email, owner.password)).status).toBe(429)
  })
})

describe('a narrowed API key whitelist holds for sockets already signed in with the key', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(() => server?.stop())

  async function keyedSockets() {
    const owner = await signedIn('keys', server.wsUrl)
    const { _id, key } = await owner.client.call('v3.user.apikey.create', 'narrowed', owner.cid, [])
    const [one, two] = await Promise.all(['127.0.0.1', '127.0.0.2'].map((localAddress) => Client.connect({ url: server.wsUrl, key, localAddress })))
    for (const socket of [one, two]) expect((await socket.call('v2.network.get', owner.cid))._id).toBe(owner.cid)
    return { owner, _id, one, two }
  }
  const narrow = (owner: { key: string }, _id: string, url: string) =>
    apiFrom('127.0.0.1', 'v3.user.apikey.update', [_id, 'narrowed', ['127.0.0.2']], { key: owner.key, url })

  test('changed through another connection of the same process: the next call from an address left out is 401 and it hears no more; the other goes on', async () => {
    const { owner, _id, one, two } = await keyedSockets()
    try {
      expect((await narrow(owner, _id, server.url)).status).toBe(200)
      expect((await one.fail('v2.network.get', owner.cid)).code).toBe(401)
      expect((await two.call('v2.network.get', owner.cid))._id).toBe(owner.cid)
      const team = await newTeam(owner.key, 'after the change', server.url)
      await two.waitForSignal('company.team.created', (m) => m._id === team)
      await pause(200)
      expect(teamsHeard(one)).not.toContain(team)
    } finally {
      await Promise.all([owner.client.close(), one.close(), two.close()])
    }
  })

  // Two processes on one PostgreSQL: the change is made through the run's other server.
  ;(process.env.DATABASE_URL ? test : test.skip)('changed through another server process: the socket here obeys it', async () => {
    const { owner, _id, one, two } = await keyedSockets()
    try {
      expect((await narrow(owner, _id, serverUrl())).status).toBe(200)
      await eventually(async () => (await one.send('v2.network.get', [owner.cid])).error?.code === 401, 5000)
      expect((await two.call('v2.network.get', owner.cid))._id).toBe(owner.cid)
    } finally {
      await Promise.all([owner.client.close(), one.close(), two.close()])
    }
  })
})
