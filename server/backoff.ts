/** How long background work waits before trying again after a failure. */

/** The delay before attempt `attempt + 1`: base × 2^(attempt−1), capped at `maxMs`, times a jitter of 0.5 to 1.5. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number): number {
  const plain = Math.min(maxMs, baseMs * 2 ** Math.min(30, Math.max(0, attempt - 1)))
  return Math.round(plain * (0.5 + Math.random()))
}
