/**
 * Which failures an automation's run tries again (docs/guides/automations.md, "When a run fails"):
 * the database's transient errors and a webhook's answer that may change; everything else is final.
 */
import { retryable, type PostResult } from '../../server/consumers/webhook-post'
import { RpcError, isTransient } from '../../server/errors'

const pg = (code: string) => Object.assign(new Error(`pg ${code}`), { code })

test('isTransient: serialization failure, deadlock, a database changing over and a 503 are; refusals and faults are not', () => {
  for (const err of [pg('40001'), pg('40P01'), pg('57P01'), pg('ECONNRESET'), new Error('Connection terminated unexpectedly'), new RpcError(503, 'busy')])
    expect([err.message, isTransient(err)]).toEqual([err.message, true])
  for (const err of [pg('23505'), pg('23503'), pg('22P02'), new RpcError(403, 'no'), new RpcError(422, 'no'), new RpcError(409, 'stale'), new TypeError('bug')])
    expect([err.message, isTransient(err)]).toEqual([err.message, false])
})

test('retryable: no answer, 5xx, 408 and 429 are; a refused URL, a redirect and other 4xx are not', () => {
  const r = (status: number | null, refused?: boolean): PostResult => ({ status, durationMs: 1, error: 'failed', response: null, refused })
  expect([r(null), r(500), r(503), r(408), r(429)].map(retryable)).toEqual([true, true, true, true, true])
  expect([r(null, true), r(301), r(400), r(404), r(410)].map(retryable)).toEqual([false, false, false, false, false])
  expect(retryable({ status: 204, durationMs: 1, error: null, response: null })).toBe(false)
})
