/** Rate limits: a token bucket per socket, and per client address for HTTP calls. */

/** Allows `rate` messages a second on average, in bursts of up to twice that. */
export class TokenBucket {
  private tokens: number
  private last = Date.now()
  constructor(private rate: number) {
    this.tokens = rate * 2
  }

  take(): boolean {
    this.refill()
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }

  /** True when the bucket is full again: nothing is owed, so it can be forgotten. */
  idle(): boolean {
    this.refill()
    return this.tokens >= this.rate * 2
  }

  private refill() {
    const now = Date.now()
    this.tokens = Math.min(this.rate * 2, this.tokens + ((now - this.last) / 1000) * this.rate)
    this.last = now
  }
}

/** One bucket per key (a client address); full buckets are dropped now and then, so memory stays bounded by activity. */
export class KeyedRateLimit {
  private buckets = new Map<string, TokenBucket>()
  private sweeper: NodeJS.Timeout

  constructor(private rate: number) {
    this.sweeper = setInterval(() => this.sweep(), 10_000)
    this.sweeper.unref()
  }

  take(key: string): boolean {
    let bucket = this.buckets.get(key)
    if (!bucket) this.buckets.set(key, (bucket = new TokenBucket(this.rate)))
    return bucket.take()
  }

  stop() {
    clearInterval(this.sweeper)
  }

  private sweep() {
    for (const [key, bucket] of this.buckets) if (bucket.idle()) this.buckets.delete(key)
  }
}
