/**
 * The calls under way in this process, and a wait for a gap between them. Background work that
 * shares the process with the calls (webhook delivery) waits for a gap before each step, so a burst
 * of writes is not slowed by the deliveries it causes: they go in the gaps, and a backlog drains
 * after the burst. A gap lets one waiting step go per turn of the event loop (in turn, first come
 * first served), not all at once: ten webhooks do not start ten requests in the short gap between
 * a client's reply and its next call.
 *
 * Calls that never pause do not starve it: MAX_WAIT_MS without a gap opens a window of WINDOW_MS in
 * which every waiting step goes and the next ones go without waiting, so background work gets at
 * least a tenth of the time under any load. A gap restarts that clock: calls that do pause leave
 * background work to their gaps only.
 */
const MAX_WAIT_MS = 450
const WINDOW_MS = 50

export class Calls {
  private inFlight = 0
  private waiting: (() => void)[] = []
  private timer: NodeJS.Timeout | null = null
  private windowUntil = 0
  private dripping = false

  get size() {
    return this.inFlight
  }

  enter() {
    this.inFlight++
  }

  leave() {
    this.inFlight--
    // After the reply's write (a promise continuation of the call), and only if no call came meanwhile.
    if (this.inFlight === 0 && this.waiting.length && !this.dripping) {
      this.dripping = true
      setImmediate(this.drip)
    }
  }

  /** One waiting step goes, and the next on the next turn, while no call came meanwhile. */
  private readonly drip = () => {
    this.dripping = this.inFlight === 0 && this.waiting.length > 0
    if (!this.dripping) return
    this.waiting.shift()!()
    if (this.waiting.length) {
      // A gap came: the wait without one starts again (the window is for calls that never pause).
      this.armTimer()
      setImmediate(this.drip)
    } else {
      this.dripping = false
      this.stopTimer()
    }
  }

  /** Resolves at once when no call is under way (or in a window), else at the next gap or MAX_WAIT_MS. */
  gap(): Promise<void> {
    if (this.inFlight === 0 || Date.now() < this.windowUntil) return Promise.resolve()
    return new Promise((resolve) => {
      this.waiting.push(resolve)
      if (!this.timer) this.armTimer()
    })
  }

  private release() {
    this.stopTimer()
    for (const resolve of this.waiting.splice(0)) resolve()
  }

  /** MAX_WAIT_MS without a gap opens the window. */
  private armTimer() {
    this.stopTimer()
    this.timer = setTimeout(() => {
      this.windowUntil = Date.now() + WINDOW_MS
      this.release()
    }, MAX_WAIT_MS).unref()
  }

  private stopTimer() {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }
}
