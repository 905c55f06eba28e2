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

let server: RunningServer | null = null
afterAll(async () => {
  await server?.stop()
})

/**
 * Polls until `ok`. A record read while the drain commits may lack a function field for a moment:
 * its row is read before the drain and its function states after (docs/guides/function-fields.md).
 */
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
