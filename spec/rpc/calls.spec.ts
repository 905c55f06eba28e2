/**
 * server/rpc/calls.ts: background work (webhook delivery) waits for a gap between the process's
 * calls, and is never starved by calls that do not pause.
 */
import { Calls } from '../../server/rpc/calls'

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve))
}

/** A gap's promise and whether it resolved yet. */
function watch(calls: Calls) {
  const state = { open: false }
  void calls.gap().then(() => (state.open = true))
  return state
}

describe('Calls.gap', () => {
  afterEach(() => jest.useRealTimers())

  it('opens at once with no call under way', async () => {
    const calls = new Calls()
    const gap = watch(calls)
    await turns(1)
    expect(gap.open).toBe(true)
  })

  it('waits while a call is under way and opens once the last one ended', async () => {
    const calls = new Calls()
    calls.enter()
    calls.enter()
    const gap = watch(calls)
    await turns(5)
    expect(gap.open).toBe(false)
    calls.leave()
    await turns(5)
    expect(gap.open).toBe(false)
    calls.leave()
    await turns(5)
    expect(gap.open).toBe(true)
    expect(calls.size).toBe(0)
  })

  it('stays shut when a call comes before the gap opens (the next call follows the reply at once)', async () => {
    const calls = new Calls()
    calls.enter()
    const gap = watch(calls)
    calls.leave()
    calls.enter()
    await turns(5)
    expect(gap.open).toBe(false)
    calls.leave()
    await turns(5)
    expect(gap.open).toBe(true)
  })

  it('lets one waiting step go per turn of the event loop, and no more once a call came', async () => {
    const calls = new Calls()
    calls.enter()
    const first = watch(calls)
    const second = watch(calls)
    calls.leave()
    await turns(1)
    calls.enter()
    await turns(5)
    expect(first.open).toBe(true)
    expect(second.open).toBe(false)
    calls.leave()
    await turns(5)
    expect(second.open).toBe(true)
  })

  it('is not starved by calls that never pause: the wait ends, then a window lets work through', async () => {
    jest.useFakeTimers()
    const calls = new Calls()
    calls.enter()
    const gap = watch(calls)
    await Promise.resolve()
    expect(gap.open).toBe(false)
    await jest.runOnlyPendingTimersAsync()
    expect(gap.open).toBe(true)
    // Within the window the next step goes without waiting.
    const next = watch(calls)
    await Promise.resolve()
    await Promise.resolve()
    expect(next.open).toBe(true)
    calls.leave()
  })

  it('a gap restarts the wait: calls that pause leave background work to their gaps only', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] })
    const calls = new Calls()
    calls.enter()
    const first = watch(calls)
    const second = watch(calls)
    await jest.advanceTimersByTimeAsync(400)
    calls.leave()
    await turns(1)
    calls.enter()
    expect(first.open).toBe(true)
    // Past the first wait's 450 ms, not past the one restarted at the gap.
    await jest.advanceTimersByTimeAsync(400)
    expect(second.open).toBe(false)
    await jest.advanceTimersByTimeAsync(100)
    expect(second.open).toBe(true)
    calls.leave()
  })
})
