/**
 * Two workspaces: B's owner builds a workflow, a field, a team, an activity and a file; A's owner
 * then calls every built operation (from schemas/ops/, so new ones join by themselves) with
 * arguments generated from its schema whose every id is one of B's. Nothing of B may come back
 * (no reply holds one of B's ids the call did not itself send), and nothing of B may change (B's
 * view of its workspace, workflow and activity is the same after). Seeded and bounded like the fuzz.
 */
import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import { operationSchemas, argumentsArbitrary, type IdPool } from '../helpers/schema-walk'
import { startServer, type RunningServer } from '../helpers/server'
import { signedIn, type SignedIn } from '../helpers/users'
import { uploadOk, PNG_1x1 } from '../http/upload'

const SEED = Number(process.env.FUZZ_SEED ?? 20261122)
const RUNS = Number(process.env.FUZZ_RUNS ?? 12)
// Calls that end the caller's own session or account would leave A unable to go on.
const ENDS_THE_CALLER = new Set(['logout', 'v3.user.remove'])

jest.setTimeout(600_000)

let server: RunningServer
let a: SignedIn
let b: SignedIn
let bIds: Record<string, string>

async function snapshotOfB() {
  return JSON.stringify([
    await b.client.call('v2.network.get', b.cid),
    await b.client.call('v2.process.get', bIds.process),
    await b.client.call('v3.activity.get', bIds.activity),
    await b.client.call('v2.network.invite.list', b.cid),
  ])
}

beforeAll(async () => {
  // Its own server, without the per-connection rate limit: thousands of calls from one socket.
  server = await startServer({ WS_MESSAGES_PER_SECOND: '1000000' })
  a = await signedIn('crossa', server.wsUrl)
  b = await signedIn('crossb', server.wsUrl)
  const phase = randomBytes(12).toString('hex')
  const process = (await b.client.call('process.create', { name: 'B flow' }))._id
  await b.client.call('process.set_info', process, { phases: { [phase]: { name: 'Open' } }, phasesOrder: [phase] })
  const field = (await b.client.call('process.create_field', process, { label: 'b', type: 'text' }))._id
  const team = (await b.client.call('company.new_team', { name: 'B crew' }))._id
  const activity = await b.client.call('v3.activity.create', process, { name: 'B thing' }, { teamId: team })
  const file = await uploadOk(PNG_1x1, 'b.png', { key: b.key, url: server.url })
  const invite = (await b.client.call('v2.network.invite.send', { email: `cross.${phase}@example.test`, cid: b.cid }))._id
  bIds = { uid: b.uid, cid: b.cid, process, phase, field, team, activity: activity._id, discussion: activity.discussion, file, invite }
})
afterAll(async () => {
  await a.client.close()
  await b.client.close()
  await server.stop()
})

test(`every built operation called by A with B's ids (${RUNS} calls each, seed ${SEED}) returns nothing of B and changes nothing of B`, async () => {
  const before = await snapshotOfB()
  const pool: IdPool = { ids: Object.values(bIds), only: true }
  const leaks: string[] = []
  const codes: Record<string, number> = {}
  let built = 0
  for (const [index, op] of operationSchemas().entries()) {
    if (ENDS_THE_CALLER.has(op.name) || !op.args.length) continue
    const probe = await a.client.send(op.name, [])
    if (probe.error?.code === 501) continue
    built++
    for (const args of fc.sample(argumentsArbitrary(op, pool), { seed: SEED + index, numRuns: RUNS })) {
      const reply = await a.client.send(op.name, args)
      const code = reply.error?.code ?? 200
      codes[code] = (codes[code] ?? 0) + 1
      if (!('result' in reply)) continue
      const sent = JSON.stringify(args)
      const text = JSON.stringify(reply.result) ?? ''
      const returned = Object.entries(bIds).filter(([, id]) => text.includes(id) && !sent.includes(id))
      if (returned.length) leaks.push(`${op.name}(${sent.slice(0, 300)}) returned B's ${returned.map(([k]) => k).join(', ')}`)
    }
  }
  expect(built).toBeGreaterThan(100)
  expect(leaks).toEqual([])
  // A was never refused for its pace and is still signed in: the calls reached the operations.
  expect(codes[429]).toBeUndefined()
  expect((await a.client.call('v3.session.get')).uid).toBe(a.uid)
  expect(await snapshotOfB()).toBe(before)
})
