/** Live queries: a matching signal loads again, a burst while loading makes one more load, a stopped query stays still. */
import { createLiveQuery, type SignalSource } from './live'

function fakeSource() {
  const handlers = new Map<string, Set<(meta: any) => void>>()
  const reloads = new Set<(reason: unknown) => void>()
  const source: SignalSource = {
    on(sig, handler) {
      if (!handlers.has(sig)) handlers.set(sig, new Set())
      handlers.get(sig)!.add(handler)
      return () => handlers.get(sig)!.delete(handler)
    },
    onReload(handler) {
      reloads.add(handler)
      return () => reloads.delete(handler)
    },
  }
  return {
    source,
    emit: (sig: string, meta: any) => handlers.get(sig)?.forEach((h) => h(meta)),
    reconnect: () => reloads.forEach((h) => h('reset')),
  }
}

/** A load that waits until the test lets it finish, counting calls. */
function gatedLoad() {
  let calls = 0
  const gates: Array<() => void> = []
  const load = () => {
    const n = ++calls
    return new Promise<number>((resolve) => gates.push(() => resolve(n)))
  }
  return {
    load,
    calls: () => calls,
    finish: async () => {
      gates.shift()!()
      await new Promise((r) => setTimeout(r, 0))
    },
  }
}

test('a matching signal loads again; a signal for something else does not', async () => {
  const { source, emit } = fakeSource()
  const gate = gatedLoad()
  const query = createLiveQuery(source, gate.load, [{ sig: 'v3.activity.updated', when: (m) => m.processId === 'p1' }])
  const stop = query.start()
  expect(query.state.get().loading).toBe(true)
  await gate.finish()
  expect(query.state.get()).toEqual({ data: 1, error: undefined, loading: false })
  emit('v3.activity.updated', { processId: 'p2' })
  expect(gate.calls()).toBe(1)
  emit('v3.activity.updated', { processId: 'p1' })
  expect(gate.calls()).toBe(2)
  // The previous data stays shown while loading.
  expect(query.state.get().data).toBe(1)
  await gate.finish()
  expect(query.state.get().data).toBe(2)
  stop()
})

test('a burst of signals during a load makes exactly one more load, and the last answer is kept', async () => {
  const { source, emit } = fakeSource()
  const gate = gatedLoad()
  const query = createLiveQuery(source, gate.load, [{ sig: 'x' }])
  query.start()
  emit('x', {})
  emit('x', {})
  emit('x', {})
  expect(gate.calls()).toBe(1)
  await gate.finish()
  expect(gate.calls()).toBe(2)
  await gate.finish()
  expect(gate.calls()).toBe(2)
  expect(query.state.get().data).toBe(2)
})

test('a reconnect that cannot replay the missed signals loads again; a stopped query ignores signals', async () => {
  const { source, emit, reconnect } = fakeSource()
  const gate = gatedLoad()
  const query = createLiveQuery(source, gate.load, [{ sig: 'x' }])
  const stop = query.start()
  await gate.finish()
  reconnect()
  expect(gate.calls()).toBe(2)
  await gate.finish()
  stop()
  emit('x', {})
  reconnect()
  expect(gate.calls()).toBe(2)
})

test('a failed load keeps the data shown and reports the error; patch changes the data at once', async () => {
  const { source } = fakeSource()
  let fail = false
  const query = createLiveQuery(source, async () => {
    if (fail) throw new Error('down')
    return [1, 2]
  }, [])
  query.start()
  await new Promise((r) => setTimeout(r, 0))
  query.patch((d) => [...d, 3])
  expect(query.state.get().data).toEqual([1, 2, 3])
  fail = true
  await query.reload()
  expect(query.state.get()).toMatchObject({ data: [1, 2, 3], loading: false })
  expect(String(query.state.get().error)).toContain('down')
})
