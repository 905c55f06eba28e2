/**
 * The durable queue of function values: a write evaluates up to FUNCTION_WRITE_BUDGET functions in
 * its transaction and queues the rest, marked `stale`; the queue survives kill -9 and is drained at
 * the next start; a function changed on a workflow larger than the budget is queued for every
 * activity and drained.
 */
import { Client } from '../helpers/client'
import { startServer, tempDataDir, type RunningServer } from '../helpers/server'
import { signedIn, type SignedIn } from '../helpers/users'
import { workflowWithPhase } from '../helpers/workflows'
import { openDatabase, privateDatabase } from '../helpers/database'

/** Each test's server (stopped after it, so none outlives the file). */
let server: RunningServer | null = null
afterEach(async () => {
  await server?.stop()
  server = null
})

/** Polls until `ok` (the drain evaluates a moment after the write, or after a start). */
async function until<T>(probe: () => Promise<T>, ok: (t: T) => boolean, tries = 200): Promise<T> {
  for (let i = 0; ; i++) {
    const value = await probe()
    if (ok(value) || i >= tries) return value
    await new Promise((r) => setTimeout(r, 50))
  }
}

test('over the budget: stale values, kept through kill -9, drained at the next start', async () => {
  const dataDir = tempDataDir()
  // Budget 1 and no safety poll: the drain runs at start, and a second after a write wakes it (the kill comes before).
  server = await startServer({ DATA_DIR: dataDir, FUNCTION_WRITE_BUDGET: '1', FUNCTION_DRAIN_MS: '86400000' })
  const owner: SignedIn = await signedIn('fnq', server.wsUrl)
  const { p, teamId } = await workflowWithPhase(owner.client, 'Chain')
  const a = await owner.client.call('process.create_field', p._id, { label: 'A', type: 'numeric' })
  const chain = [a]
  for (const label of ['B', 'C', 'D']) {
    const prev = chain[chain.length - 1]
    chain.push(
      await owner.client.call('process.create_field', p._id, {
        label,
        type: 'numeric',
        function: 'return dep.x + 1',
        functionEnabled: true,
        functionVariables: { x: { type: '=', data: [prev._id] } },
      }),
    )
  }
  const [, b, c, d] = chain
  const created = await owner.client.call('v3.activity.create', p._id, { name: 'x', fields: { [a._id]: 1 } }, { teamId })
  const byId = (record: { fields?: { _id?: unknown }[] }): Record<string, any> => Object.fromEntries(record.fields!.map((f) => [f._id, f]))
  expect(byId(created)[b._id]).toEqual({ _id: b._id, value: 2 })
  expect(byId(created)[c._id]).toEqual({ _id: c._id, value: null, stale: true })
  expect(byId(created)[d._id]).toEqual({ _id: d._id, value: null, stale: true })
  await owner.client.close()

  // kill -9 the server process (the spawned process runs the server itself).
  server.child.kill('SIGKILL')
  await server.stop()
  server = await startServer({ DATA_DIR: dataDir, FUNCTION_WRITE_BUDGET: '1' })
  const again = await Client.connect({ url: server.wsUrl })
  await again.call('login', owner.email, owner.password)
  const drained = await until(
    () => again.call('v3.activity.get', created._id),
    (r) => byId(r)[d._id]?.value === 4,
  )
  expect(byId(drained)[c._id]).toEqual({ _id: c._id, value: 3 })
  expect(byId(drained)[d._id]).toEqual({ _id: d._id, value: 4 })

  // A changed function on a workflow larger than the budget: queued for every activity, then drained.
  const second = await again.call('v3.activity.create', p._id, { name: 'y', fields: { [a._id]: 10 } }, { teamId })
  await until(
    () => again.call('v3.activity.get', second._id),
    (r) => byId(r)[d._id]?.value === 13,
  )
  await again.call('process.update_field', p._id, b._id, { function: 'return dep.x * 100' })
  for (const [id, expected] of [
    [created._id, 102],
    [second._id, 1002],
  ] as const) {
    const r = await until(
      () => again.call('v3.activity.get', id),
      (r) => byId(r)[d._id]?.value === expected,
    )
    expect(byId(r)[d._id]).toEqual({ _id: d._id, value: expected })
  }
  await again.close()
}, 240_000)

/** A workflow with a number Source and a function Double = Source × 2; `heard`: how many values of Double the drain has told `o` of. */
async function doubling(o: SignedIn, name: string) {
  const { p, teamId } = await workflowWithPhase(o.client, name)
  const source: string = (await o.client.call('process.create_field', p._id, { label: 'Source', type: 'numeric' }))._id
  const double: string = (
    await o.client.call('process.create_field', p._id, {
      label: 'Double',
      type: 'numeric',
      function: 'return dep.x * 2',
      functionEnabled: true,
      functionVariables: { x: { type: '=', data: [source] } },
    })
  )._id
  const heard = () => o.client.signals.filter((s) => s.sig === 'v3.activity.updated' && s.meta.fields?.includes(double)).length
  return { p, teamId, source, double, heard }
}

test('a drain pass that fails (here a write the database refuses once) is tried again after a backoff, not at the safety poll', async () => {
  const dataDir = tempDataDir()
  // Budget 0: every value goes through the drain. No safety poll: only the retry can take the value.
  // A database of its own: no other server's drain takes the value.
  const env: Record<string, string> = { ...(await privateDatabase()), DATA_DIR: dataDir, FUNCTION_WRITE_BUDGET: '0', FUNCTION_DRAIN_MS: '86400000' }
  server = await startServer(env)
  const owner: SignedIn = await signedIn('fnq-fail', server.wsUrl)
  const { p, teamId, source, double } = await doubling(owner, 'Refused once')
  const created = await owner.client.call('v3.activity.create', p._id, { name: 'x', fields: { [source]: 21 } }, { teamId })
  await owner.client.close()
  // Killed before the drain's first look (FRESH_MS after the write): the value stays queued.
  server.child.kill('SIGKILL')
  await server.stop()

  // The first write of the value fails, once: a sequence counts the attempts (it is not rolled back with them).
  const db = await openDatabase(dataDir, env.DATABASE_URL)
  const tag = double.replace(/\W/g, '')
  await db.query(`create sequence refuse_${tag}`)
  await db.query(`create function refuse_${tag}() returns trigger language plpgsql as $$
    begin
      if nextval('refuse_${tag}') = 1 then raise exception 'refused once by the test'; end if;
      return new;
    end $$`)
  await db.query(`create trigger refuse_${tag} before update on activities for each row
    when (new.fields->'${double}' is distinct from old.fields->'${double}') execute function refuse_${tag}()`)
  await db.close()

  server = await startServer(env)
  const again = await Client.connect({ url: server.wsUrl })
  await again.call('login', owner.email, owner.password)
  const byId = (record: { fields?: { _id?: unknown }[] }): Record<string, any> => Object.fromEntries(record.fields!.map((f) => [f._id, f]))
  const drained = await until(
    () => again.call('v3.activity.get', created._id),
    (r) => byId(r)[double]?.value === 42,
  )
  expect(byId(drained)[double]).toEqual({ _id: double, value: 42 })
  expect(server.output()).toContain('refused once by the test')
  await again.close()
}, 240_000)

test("the drain takes one batch per workspace in turn: a workspace's long queue does not hold back another's value", async () => {
  // Budget 0: every value goes through the drain, in batches of 100. A database of its own: no other server's drain helps.
  server = await startServer({ ...(await privateDatabase()), DATA_DIR: tempDataDir(), FUNCTION_WRITE_BUDGET: '0', FUNCTION_DRAIN_MS: '86400000' })
  const big = await signedIn('fnq-big', server.wsUrl)
  const small = await signedIn('fnq-small', server.wsUrl)
  const [many, one] = [await doubling(big, 'Many'), await doubling(small, 'One')]
  const total = 5000
  for (let i = 0; i < total; i += 1000) {
    const records = Array.from({ length: 1000 }, (_, j) => ({ name: `r${i + j}`, fields: { [many.source]: i + j } }))
    await big.client.call('v3.activity.createMany', many.p._id, records, { teamId: many.teamId })
  }
  await small.client.call('v3.activity.create', one.p._id, { name: 'alone', fields: { [one.source]: 1 } }, { teamId: one.teamId })
  await small.client.waitForSignal('v3.activity.updated', () => one.heard() > 0, 60_000)
  // The big workspace's queue was still being drained when the small one's value came.
  expect(many.heard()).toBeLessThan(total)
  for (let i = 0; many.heard() < total && i < 1200; i++) await new Promise((r) => setTimeout(r, 50))
  expect(many.heard()).toBe(total)
  await Promise.all([big.client.close(), small.client.close()])
}, 240_000)
