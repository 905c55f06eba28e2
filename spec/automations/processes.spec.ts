/**
 * Automations across server processes: a server killed with SIGKILL in the middle of running a rule
 * over 150 changes, restarted on the same database, runs each (rule, event) once and loses none;
 * two processes on one PostgreSQL run each once between them.
 */
import { Client } from '../helpers/client'
import { WEBHOOK_TEST_ENV } from '../helpers/global-setup'
import { startServer, tempDataDir, type RunningServer } from '../helpers/server'
import { pause } from '../helpers/stream'
import { signedIn, type SignedIn } from '../helpers/users'
import { startReceiver, type Receiver } from '../helpers/webhook-receiver'
import { board, runsOf } from './helpers'

const ENV = WEBHOOK_TEST_ENV
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip
const N = 150

let receiver: Receiver
afterEach(() => receiver?.close())

/** A rule on a board: when Status changes, call the receiver, then set Note. */
async function ruleOverMany(o: SignedIn) {
  const b = await board(o.client, 'Many')
  const rule = await o.client.call('v3.automation.create', o.cid, {
    processId: b.p._id,
    trigger: { type: 'field.changed', fieldId: b.status },
    actions: [
      { type: 'webhook', url: receiver.url },
      { type: 'setFields', fields: { [b.note]: 'seen' } },
    ],
  })
  receiver.secret = rule.secret!
  const made = await o.client.call(
    'v3.activity.createMany',
    b.p._id,
    Array.from({ length: N }, (_, i) => ({ name: `M${i}` })),
    { teamId: b.teamId },
  )
  return { b, rule, ids: made.map((m: { _id: string }) => m._id) as string[] }
}

/** Every run is there once, ok, and every activity got its Note once. */
async function expectOnceEach(o: SignedIn, ruleId: string, ids: string[]) {
  const runs = await runsOf(o, ruleId, (r) => r.length >= N, 120_000)
  await pause(1000)
  const all = await o.client.call('v3.automation.runs', ruleId, { limit: 1000 })
  expect(all).toHaveLength(N)
  expect(all.every((r) => r.outcome === 'ok')).toBe(true)
  expect(new Set(all.map((r) => r.activityId))).toEqual(new Set(ids))
  // A webhook call is made at least once per run, a repeat only with its same id.
  const called = new Set(receiver.received.map((r) => r.id))
  expect(called).toEqual(new Set(all.map((r) => `${ruleId}.${r.seq}`)))
  expect(receiver.received.every((r) => r.verified)).toBe(true)
  return runs
}

test('SIGKILL mid-way, restart on the same database: each change runs the rule once, none is lost', async () => {
  const dataDir = tempDataDir()
  receiver = await startReceiver('127.0.0.1', 20)
  let server: RunningServer = await startServer({ ...ENV, DATA_DIR: dataDir })
  try {
    const o = await signedIn('auto-kill', server.wsUrl)
    const { b, rule, ids } = await ruleOverMany(o)
    await o.client.call(
      'v3.activity.updateMany',
      ids.map((_id) => ({ _id, fields: { [b.status]: 'go' } })),
    )
    await o.client.close()
    await receiver.waitFor((r) => r.length >= 30)
    server.child.kill('SIGKILL')
    await server.stop()
    const before = new Set(receiver.received.map((r) => r.id)).size
    expect(before).toBeLessThan(N)
    server = await startServer({ ...ENV, DATA_DIR: dataDir })
    const again = await Client.connect({ url: server.wsUrl, key: o.key })
    await expectOnceEach({ ...o, client: again }, rule._id, ids)
    await again.close()
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

  test('each (rule, event) is run once between them', async () => {
    receiver = await startReceiver()
    const o = await signedIn('auto-two', a.wsUrl)
    const { b: board2, rule, ids } = await ruleOverMany(o)
    const viaB = await Client.connect({ url: b.wsUrl, key: o.key })
    await Promise.all(ids.map((_id, i) => (i % 2 ? viaB : o.client).call('v3.activity.updateMany', [{ _id, fields: { [board2.status]: `two ${i}` } }])))
    await expectOnceEach(o, rule._id, ids)
    // Both received: once per run, no attempt twice.
    expect(receiver.received).toHaveLength(N)
    await Promise.all([o.client.close(), viaB.close()])
  }, 180_000)
})
