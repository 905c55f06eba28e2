/**
 * The calls under way in this process, and a wait for a gap between them. Background work that
 * shares the process with the calls (webhook delivery) waits for a gap before each step, so a burst
 * of writes is not slowed by the deliveries it causes: they go in the gaps, and a backlog drains
 * after the burst.
 *
 * Calls that never pause do not starve it: a wait ends after MAX_WAIT_MS at most and then opens a
 * window of WINDOW_MS in which background steps go without waiting, so background work gets at
 * least a tenth of the time under any load.
 */
const MAX_WAIT_MS = 450
const WINDOW_MS = 50

export class Calls {
  private inFlight = 0
  private waiting: (() => void)[] = []
  private timer: NodeJS.Timeout | null = null
  private windowUntil = 0

  get size() {
    return this.inFlight
  }

  enter() {
    this.inFlight++
  }

  leave() {
    this.inFlight--
    // After the reply's write (a promise continuation of the call), and only if no call came meanwhile.
    if (this.inFlight === 0 && this.waiting.length) setImmediate(() => this.inFlight === 0 && this.release())
  }

  /** Resolves at once when no call is under way (or in a window), else at the next gap or MAX_WAIT_MS. */
  gap(): Promise<void> {
    if (this.inFlight === 0 || Date.now() < this.windowUntil) return Promise.resolve()
    return new Promise((resolve) => {
      this.waiting.push(resolve)
      this.timer ??= setTimeout(() => {
        this.windowUntil = Date.now() + WINDOW_MS
        this.release()
      }, MAX_WAIT_MS).unref()
    })
  }

  private release() {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    for (const resolve of this.waiting.splice(0)) resolve()
  }
}
