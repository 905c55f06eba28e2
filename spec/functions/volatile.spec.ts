/**
 * Volatile functions (reading the clock or Math.random): found from the code, reported by
 * explainNode, and evaluated again by the periodic sweep (FUNCTION_VOLATILE_MS, short here) with no
 * write at all; what depends on them follows.
 */
import { startServer, type RunningServer } from '../helpers/server'
import { signedIn, type SignedIn } from '../helpers/users'
import { type FieldDescriptor, workflowWithPhase } from '../helpers/workflows'

let server: RunningServer
let owner: SignedIn
beforeAll(async () => {
  server = await startServer({ FUNCTION_VOLATILE_MS: '100' })
  owner = await signedIn('fn-volatile', server.wsUrl)
})
afterAll(async () => {
  await owner.client.close()
  await server.stop()
})

test('a function of the clock changes value without any write; its dependents follow; explainNode marks it volatile', async () => {
  const c = owner.client
  const { p, teamId } = await workflowWithPhase(c, 'Clock')
  const fn = (label: string, body: string, variables: FieldDescriptor['functionVariables']) =>
    c.call('process.create_field', p._id, { label, type: 'numeric', function: body, functionEnabled: true, functionVariables: variables })
  const now = await fn('Now', 'return Date.now()', {})
  const twice = await fn('Twice', 'return dep.t * 2', { t: { type: '=', data: [now._id] } })
  const year = await fn('Year', 'return new Date(dep.t).getUTCFullYear()', { t: { type: '=', data: [now._id] } })
  const a = await c.call('v3.activity.create', p._id, { name: 'a' }, { teamId })
  const values = async () => {
    const record = await c.call('v3.activity.get', a._id)
    return Object.fromEntries(record.fields!.map((f: any) => [f._id, f.value])) as Record<string, number>
  }
  const first = await values()
  expect(typeof first[now._id]).toBe('number')
  expect(first[twice._id]).toBe(first[now._id] * 2)

  // No write from here on: only the sweep can change the value.
  let later = await values()
  for (let i = 0; i < 400 && later[now._id] === first[now._id]; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25))
    later = await values()
  }
  expect(later[now._id]).toBeGreaterThan(first[now._id])
  // The dependent follows through the queue's cascade.
  for (let i = 0; i < 400 && later[twice._id] !== later[now._id] * 2; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25))
    later = await values()
  }
  expect(later[twice._id]).toBe(later[now._id] * 2)
  expect(later[year._id]).toBe(new Date(later[now._id]).getUTCFullYear())

  const graph = await c.call('v3.activity.explainNode', { activityId: a._id, fieldId: now._id, direction: 'outgoing' })
  const node = (fieldId: string) => graph.nodes.find((n: { fieldId: string }) => n.fieldId === fieldId)
  expect(node(now._id)).toMatchObject({ isFunction: true, volatile: true })
  expect(node(twice._id)).toMatchObject({ isFunction: true, volatile: false })
  expect(node(year._id)).toMatchObject({ isFunction: true, volatile: false })
})
