/**
 * Idempotency keys (server/rpc/idempotency.ts): a retried call with the same key and arguments
 * returns the first result without doing the work twice; the same key with other arguments is a
 * 409; over a socket (`idempotencyKey` in the frame) and over HTTP (`Idempotency-Key`).
 */
import { Client, serverUrl } from '../helpers/client'
import { MISSING } from '../helpers/ids'
import { pause } from '../helpers/stream'
import { signedIn, type SignedIn } from '../helpers/users'
import { workflowWithPhase } from '../helpers/workflows'

let owner: SignedIn
let wf: any
let teamId: string

beforeAll(async () => {
  owner = await signedIn('idem')
  ;({ p: wf, teamId } = await workflowWithPhase(owner.client, 'Orders'))
})
afterAll(() => owner.client.close())

const count = async () => (await owner.client.call('v3.activity.count', wf._id))[wf._id]
const three = (tag: string) => [wf._id, [{ name: `${tag} 1` }, { name: `${tag} 2` }, { name: `${tag} 3` }], { teamId }]

async function http(op: string, args: unknown[], idempotencyKey?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', hlrkey: owner.key }
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey
  const res = await fetch(`${serverUrl()}/api/${op}`, { method: 'POST', headers, body: JSON.stringify(args) })
  return { status: res.status, body: await res.json() }
}

test('createMany whose reply was lost, retried with its key on a new socket, creates once and returns the first result', async () => {
  const before = await count()
  const lost = await Client.connect({ key: owner.key })
  lost.ws.send(JSON.stringify({ id: 1, op: 'v3.activity.createMany', args: three('lost'), idempotencyKey: 'order-42' }))
  lost.ws.terminate() // the reply never arrives
  await pause(50)

  const retry = await Client.connect({ key: owner.key })
  const first = await retry.sendFrame({ id: 1, op: 'v3.activity.createMany', args: three('lost'), idempotencyKey: 'order-42' })
  expect(first.result).toHaveLength(3)
  const again = await retry.sendFrame({ id: 2, op: 'v3.activity.createMany', args: three('lost'), idempotencyKey: 'order-42' })
  expect(again.result).toEqual(first.result)
  expect(await count()).toBe(before + 3)

  // The same key reaches the HTTP mirror too; arguments with keys in another order are the same call.
  const [processId, activities, options] = three('lost')
  const overHttp = await http('v3.activity.createMany', [processId, activities, { ...(options as object) }], 'order-42')
  expect(overHttp).toEqual({ status: 200, body: first.result })
  expect(await count()).toBe(before + 3)
  await retry.close()
})

test('the same key with other arguments or another operation is a 409 and changes nothing', async () => {
  const before = await count()
  expect((await owner.client.sendFrame({ id: 'a', op: 'v3.activity.createMany', args: three('one'), idempotencyKey: 'k-409' })).result).toHaveLength(3)
  const other = await owner.client.sendFrame({ id: 'b', op: 'v3.activity.createMany', args: three('two'), idempotencyKey: 'k-409' })
  expect(other.error).toMatchObject({ code: 409, details: { path: '/idempotencyKey' } })
  expect((await http('company.new_team', [{ name: 'x' }], 'k-409')).status).toBe(409)
  expect(await count()).toBe(before + 3)
})

test('a call that fails stores nothing: the key may be used again', async () => {
  const failed = await http('v3.activity.createMany', [wf._id, [{ name: 'no team' }], { teamId: MISSING }], 'k-fail')
  expect(failed.status).toBeGreaterThanOrEqual(400)
  const before = await count()
  expect((await http('v3.activity.createMany', three('ok'), 'k-fail')).status).toBe(200)
  expect(await count()).toBe(before + 3)
})

test('concurrent calls with one key do the work once and all return its result', async () => {
  const before = await count()
  const sockets = await Promise.all(Array.from({ length: 4 }, () => Client.connect({ key: owner.key })))
  const replies = await Promise.all(sockets.map((s) => s.sendFrame({ id: 1, op: 'v3.activity.createMany', args: three('race'), idempotencyKey: 'k-race' })))
  for (const reply of replies) expect(reply.result).toEqual(replies[0].result)
  expect(await count()).toBe(before + 3)
  await Promise.all(sockets.map((s) => s.close()))
})

test('a malformed key is a 400; a key without a session is a 400; signals are sent once', async () => {
  const long = await owner.client.sendFrame({ id: 1, op: 'company.new_team', args: [{ name: 'x' }], idempotencyKey: 'x'.repeat(256) })
  expect(long.error).toMatchObject({ code: 400, details: { path: '/idempotencyKey' } })
  const number = await owner.client.sendFrame({ id: 2, op: 'company.new_team', args: [{ name: 'x' }], idempotencyKey: 7 })
  expect(number.error).toMatchObject({ code: 400, details: { path: '/idempotencyKey' } })
  const anon = await Client.connect()
  const login = await anon.sendFrame({ id: 1, op: 'login', args: ['someone@example.test', 'not a password'], idempotencyKey: 'anon' })
  expect(login.error).toMatchObject({ code: 400, details: { path: '/idempotencyKey' } })
  await anon.close()

  const listener = await Client.connect({ key: owner.key })
  await listener.call('resume')
  const a = await owner.client.sendFrame({ id: 3, op: 'company.new_team', args: [{ name: 'once' }], idempotencyKey: 'k-signal' })
  const b = await owner.client.sendFrame({ id: 4, op: 'company.new_team', args: [{ name: 'once' }], idempotencyKey: 'k-signal' })
  expect(b.result).toEqual(a.result)
  await listener.waitForSignal('company.team.created', (m) => m._id === a.result._id)
  await pause(300)
  expect(listener.signals.filter((s) => s.sig === 'company.team.created')).toHaveLength(1)
  await listener.close()
})
