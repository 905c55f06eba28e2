/**
 * Webhooks across server processes: a server killed with SIGKILL in the middle of delivering,
 * restarted on the same database, loses nothing (an event cut off is delivered again with its same
 * webhook-id); two processes on one PostgreSQL deliver each attempt once; a process with
 * DELIVER_EVENTS=false delivers nothing, and another process on its database delivers for it.
 */
import { Client } from '../helpers/client'
import { privateDatabase } from '../helpers/database'
import { WEBHOOK_TEST_ENV } from '../helpers/global-setup'
import { startServer, tempDataDir, type RunningServer } from '../helpers/server'
import { pause } from '../helpers/stream'
import { signedIn } from '../helpers/users'
import { idsOnce, startReceiver, type Receiver } from '../helpers/webhook-receiver'
import { workflowWithPhase } from '../helpers/workflows'

const ENV = WEBHOOK_TEST_ENV
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip

let receiver: Receiver
afterEach(() => receiver?.close())

test('SIGKILL mid-delivery, restart on the same database: every event arrives, a repeat only with its same webhook-id', async () => {
  const dataDir = tempDataDir()
  // A receiver that takes 20 ms per event: the server is killed while delivering.
  receiver = await startReceiver('127.0.0.1', 20)
  let server: RunningServer = await startServer({ ...ENV, DATA_DIR: dataDir })
  try {
    const o = await signedIn('wh-kill', server.wsUrl)
    const hook = await o.client.call('v3.webhook.create', o.cid, { url: receiver.url })
    receiver.secret = hook.secret!
    const { p, teamId } = await workflowWithPhase(o.client, 'Killed')
    const made = await o.client.call(
      'v3.activity.createMany',
      p._id,
      Array.from({ length: 300 }, (_, i) => ({ name: `K${i}` })),
      { teamId },
    )
    const ids: string[] = made.map((a: { _id: string }) => a._id)
    await o.client.call(
      'v3.activity.updateMany',
      ids.map((_id) => ({ _id, name: `renamed ${_id}` })),
    )
    await o.client.close()
    await receiver.waitFor((r) => r.length >= 40)
    server.child.kill('SIGKILL')
    await server.stop()
    const before = receiver.received.length
    server = await startServer({ ...ENV, DATA_DIR: dataDir })
    // The claim of the killed process runs out (its lease), then the restarted one goes on.
    await receiver.waitFor((r) => new Set(r.filter((e) => e.body.type === 'v3.activity.updated').map((e) => e.body.data._id)).size === 300, 120_000)
    await pause(500)
    expect(before).toBeLessThan(301)
    expect(receiver.received.every((r) => r.verified)).toBe(true)
    // In order: the ids, each counted once, only grow; the updates came in the order of the call.
    const once = idsOnce(receiver.received)
    expect(once).toEqual([...once].sort((a, b) => a - b))
    const updates = receiver.received.filter((e) => e.body.type === 'v3.activity.updated')
    const firstSeen = [...new Set(updates.map((e) => e.body.data._id))]
    expect(firstSeen).toEqual(ids)
    // A repeat of an activity's update carries the same webhook-id.
    const idOf = new Map<string, Set<string>>()
    for (const e of updates) idOf.set(e.body.data._id, (idOf.get(e.body.data._id) ?? new Set()).add(e.id))
    expect([...idOf.values()].every((s) => s.size === 1)).toBe(true)
  } finally {
    await server.stop()
  }
}, 240_000)

onPostgres('two processes on one PostgreSQL', () => {
  let a: RunningServer
  let b: RunningServer
  beforeAll(async () => {
    ;[a, b] = await Promise.all([startServer(ENV), startServer(ENV)])
  }, 180_000)
  afterAll(() => Promise.all([a?.stop(), b?.stop()]))

  test('each attempt of each event is made once, whichever process makes it', async () => {
    receiver = await startReceiver()
    const o = await signedIn('wh-two', a.wsUrl)
    const { p, teamId } = await workflowWithPhase(o.client, 'Two')
    // Four webhooks to one receiver (their paths tell them apart); the first three requests fail.
    const hooks: { _id: string }[] = []
    for (let i = 0; i < 4; i++) hooks.push(await o.client.call('v3.webhook.create', o.cid, { url: `${receiver.url}/${i}` }))
    receiver.failNext(3)
    const made = await o.client.call(
      'v3.activity.createMany',
      p._id,
      Array.from({ length: 50 }, (_, i) => ({ name: `T${i}` })),
      { teamId },
    )
    // Writes through both processes: each wakes its own consumer and the other's (NOTIFY).
    const viaB = await Client.connect({ url: b.wsUrl, key: o.key })
    await Promise.all(made.map((m: { _id: string }, i: number) => (i % 2 ? viaB : o.client).call('v3.activity.updateMany', [{ _id: m._id, name: `two ${i}` }])))
    const perHook = 51
    await receiver.waitFor((r) => hooks.every((_, i) => new Set(r.filter((e) => e.path.endsWith(`/${i}`)).map((e) => e.id)).size === perHook), 120_000)
    await pause(1000)
    // No event reached a webhook twice: every 2xx answer is one event once.
    for (let i = 0; i < 4; i++) {
      const got = receiver.received.filter((e) => e.path.endsWith(`/${i}`)).map((e) => e.id)
      expect(got).toHaveLength(perHook)
      expect(got.map(Number)).toEqual([...got.map(Number)].sort((x, y) => x - y))
    }
    // The three failures and the success of the first event: four attempts, each made once.
    const recorded: string[] = []
    for (const hook of hooks)
      recorded.push(...(await o.client.call('v3.webhook.deliveries', hook._id, { limit: 1000 })).map((a) => `${hook._id}/${a.seq}/${a.attempt}`))
    expect(recorded).toHaveLength(receiver.answered.length)
    expect(new Set(recorded).size).toBe(recorded.length)
    expect(receiver.answered.filter((s) => s === 503)).toHaveLength(3)
    await Promise.all([o.client.close(), viaB.close()])
  }, 180_000)
})

onPostgres('delivery in a process of its own', () => {
  test("the calls' process (DELIVER_EVENTS=false) sends nothing; a process on its database sends every event, the backlog first", async () => {
    receiver = await startReceiver()
    // A database of its own: no server of another spec delivers for this one.
    const env = { ...ENV, ...(await privateDatabase()) }
    const calls = await startServer({ ...env, DELIVER_EVENTS: 'false' })
    let deliverer: RunningServer | undefined
    try {
      const o = await signedIn('wh-apart', calls.wsUrl)
      const hook = await o.client.call('v3.webhook.create', o.cid, { url: receiver.url })
      receiver.secret = hook.secret!
      const { p, teamId } = await workflowWithPhase(o.client, 'Apart')
      /** The names of the activities created, as delivered (a createMany is one event listing its activities). */
      const created = () =>
        receiver.received.filter((e) => e.body.type === 'v3.activity.created').flatMap((e) => e.body.data.activities.map((a: { name: string }) => a.name))
      await o.client.call(
        'v3.activity.createMany',
        p._id,
        Array.from({ length: 20 }, (_, i) => ({ name: `D${i}` })),
        { teamId },
      )
      await pause(1500)
      expect(receiver.received).toHaveLength(0)
      deliverer = await startServer(env)
      await receiver.waitFor(() => created().length === 20, 60_000)
      // Written while both run: the calls' process wakes the other (NOTIFY), which sends it.
      await o.client.call('v3.activity.createMany', p._id, [{ name: 'later' }], { teamId })
      await receiver.waitFor(() => created().includes('later'), 60_000)
      expect(created()).toEqual([...Array.from({ length: 20 }, (_, i) => `D${i}`), 'later'])
      expect(receiver.received.every((r) => r.verified)).toBe(true)
      await o.client.close()
    } finally {
      await Promise.all([calls.stop(), deliverer?.stop()])
    }
  }, 180_000)
})
