/**
 * The shared HTTP budget's batches (server/http/rate-limit.ts): processes that count locally and
 * report to one store in batches admit, together, at most the window's budget plus one batch per
 * process, however slowly the store answers; and they use the budget rather than stop short of it.
 */
import { batchPoints, overshootBound, SharedBudget, windowPoints } from '../../server/http/rate-limit'

const RATE = 50
const PROCESSES = 3

/** One store for all processes, as the rate_limits table is: it adds a report and answers the window's count, slowly. */
function slowStore() {
  let consumed = 0
  return async (_address: string, points: number) => {
    await new Promise((resolve) => setTimeout(resolve, 20))
    consumed += points
    return { consumedPoints: consumed, msBeforeNext: 60_000 }
  }
}

test('three processes in a burst admit at most the budget plus one batch each, and at least the budget', async () => {
  const report = slowStore()
  const processes = Array.from({ length: PROCESSES }, () => new SharedBudget(windowPoints(RATE), batchPoints(RATE), report))
  let admitted = 0
  // Each process is asked 200 times, as fast as it answers: far more than the window's 100.
  await Promise.all(
    processes.map(async (budget) => {
      for (let i = 0; i < 200; i++) {
        if (await budget.take('10.0.0.1')) admitted++
        await new Promise((resolve) => setImmediate(resolve))
      }
    }),
  )
  processes.forEach((p) => p.stop())
  expect(admitted).toBeGreaterThanOrEqual(windowPoints(RATE))
  expect(admitted).toBeLessThanOrEqual(windowPoints(RATE) + overshootBound(RATE, PROCESSES))
})

test('a process whose store does not answer counts on its own', async () => {
  const budget = new SharedBudget(windowPoints(RATE), batchPoints(RATE), () => Promise.reject(new Error('no database')))
  let admitted = 0
  for (let i = 0; i < 300; i++) if (await budget.take('10.0.0.1')) admitted++
  budget.stop()
  expect(admitted).toBe(windowPoints(RATE))
})
