/**
 * Every HTTP request but the health checks counts against its client address's budget:
 * HTTP_REQUESTS_PER_SECOND, in bursts of twice that; beyond it 429. The address is the socket's
 * peer, so behind a reverse proxy all its clients share one budget.
 *
 * One process (PGlite) keeps the budgets in memory (a token bucket per address). On a PostgreSQL
 * server they are kept in the database (rate-limiter-flexible's RateLimiterPostgres, windows of two
 * seconds), so processes behind a load balancer share one budget per address, but a request does
 * not wait for the database: each process counts locally (SharedBudget below) and adds its count to
 * the database in batches. The error this allows is written once, in `overshootBound`.
 */
import pg from 'pg'
import { RateLimiterPostgres } from 'rate-limiter-flexible'
import { primaryPool } from '../db/hosts'
import { KeyedRateLimit } from '../guards/rate-limit'

export const WINDOW_SECONDS = 2
/** A process adds what it counted to the database at least this often while it counts. */
export const REPORT_EVERY_MS = 50
/** …and as soon as it has this share of a window's budget unreported; it admits no more until the database has it. */
const BATCH_SHARE = 0.05

/** The requests a window admits per address: twice the rate (a burst), over two seconds. */
export const windowPoints = (requestsPerSecond: number) => requestsPerSecond * WINDOW_SECONDS
/** How many requests one process may admit before the database has counted them. */
export const batchPoints = (requestsPerSecond: number) => Math.max(1, Math.floor(windowPoints(requestsPerSecond) * BATCH_SHARE))
/**
 * At most this many requests beyond a window's budget are admitted per address across `processes`
 * processes: each may admit up to one batch that the others do not know of yet.
 */
export const overshootBound = (requestsPerSecond: number, processes: number) => processes * batchPoints(requestsPerSecond)

export interface HttpRateLimit {
  /** Whether a request from `address` is admitted: at once in memory, or once the database has counted a full batch. */
  take(address: string): boolean | Promise<boolean>
  /** From now on, share the budgets with every process on this PostgreSQL server. */
  share(databaseUrl: string): void
  close(): Promise<void>
}

export function rateLimitByAddress(requestsPerSecond: number): HttpRateLimit {
  const local = new KeyedRateLimit(requestsPerSecond)
  let shared: SharedBudget | null = null
  let pool: pg.Pool | null = null
  return {
    take: (address) => (shared ? shared.take(address) : local.take(address)),
    share(databaseUrl) {
      pool = primaryPool(databaseUrl, { max: 4 })
      const store = new RateLimiterPostgres({
        storeClient: pool,
        storeType: 'pool',
        tableName: 'rate_limits',
        tableCreated: true,
        clearExpiredByTimeout: true,
        // Processes configured alike share budgets; one configured otherwise counts on its own.
        keyPrefix: `http${requestsPerSecond}`,
        points: windowPoints(requestsPerSecond),
        duration: WINDOW_SECONDS,
      })
      shared = new SharedBudget(windowPoints(requestsPerSecond), batchPoints(requestsPerSecond), (address, points) => store.penalty(address, points))
    },
    async close() {
      local.stop()
      shared?.stop()
      await pool?.end()
    },
  }
}

/** Adds `points` to the address's count in the database; the window's count (all processes) and the time left in it. */
type Report = (address: string, points: number) => Promise<{ consumedPoints: number; msBeforeNext: number }>

interface Count {
  /** The window's count in the database when this process last reported (all processes' requests). */
  known: number
  /** Admitted here and not yet in the database, reported or not. */
  unreported: number
  /** Admitted here since the last report was sent. */
  pending: number
  /** When the database's window ends (ms); the known count is void after it. */
  windowEnds: number
  /** The report under way, if any. */
  reporting: Promise<void> | null
}

/**
 * One process's view of the shared budgets. A request is admitted when the last count the database
 * gave plus what this process admitted since stays under the window's budget; the admitted ones are
 * added to the database every REPORT_EVERY_MS, or at once when a batch is full (then further
 * requests of that address wait for the answer). Should the database not answer, the process goes
 * on counting on its own, as if its report had been the only one.
 */
export class SharedBudget {
  private counts = new Map<string, Count>()
  private timer: NodeJS.Timeout

  constructor(
    private points: number,
    private batch: number,
    private report: Report,
  ) {
    this.timer = setInterval(() => this.reportAll(), REPORT_EVERY_MS)
    this.timer.unref()
  }

  /** true or false at once when the local count decides; a promise when a full batch must reach the database first. */
  take(address: string): boolean | Promise<boolean> {
    const count = this.countOf(address)
    if (count.known + count.unreported >= this.points) return false
    if (count.unreported >= this.batch) return this.send(address, count).then(() => this.take(address))
    count.unreported++
    count.pending++
    if (count.unreported >= this.batch) void this.send(address, count)
    return true
  }

  stop() {
    clearInterval(this.timer)
  }

  private countOf(address: string): Count {
    const now = Date.now()
    let count = this.counts.get(address)
    if (!count) this.counts.set(address, (count = { known: 0, unreported: 0, pending: 0, windowEnds: now, reporting: null }))
    if (now >= count.windowEnds) count.known = 0
    return count
  }

  /** Sends what is pending (one report at a time per address); resolves when the database has it. */
  private send(address: string, count: Count): Promise<void> {
    if (count.reporting) return count.reporting
    const points = count.pending
    count.pending = 0
    const done = (known: number, windowEnds: number) => {
      count.known = known
      count.windowEnds = windowEnds
      count.unreported -= points
      count.reporting = null
    }
    count.reporting = this.report(address, points).then(
      (res) => done(res.consumedPoints, Date.now() + res.msBeforeNext),
      // The database did not answer: this process's count stands alone until it does.
      () => done(count.known + points, Math.max(count.windowEnds, Date.now() + WINDOW_SECONDS * 1000)),
    )
    return count.reporting
  }

  private reportAll() {
    const now = Date.now()
    for (const [address, count] of this.counts) {
      if (count.pending) void this.send(address, count)
      // Forgotten once its window is over and nothing is owed: memory stays bounded by activity.
      else if (!count.reporting && !count.unreported && now >= count.windowEnds) this.counts.delete(address)
    }
  }
}
