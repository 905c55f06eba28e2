/**
 * Every HTTP request but the health checks counts against its client address's budget:
 * HTTP_REQUESTS_PER_SECOND, in bursts of twice that; beyond it 429. The address is the socket's
 * peer, so behind a reverse proxy all its clients share one budget.
 *
 * One process (PGlite) keeps the budgets in memory. On a PostgreSQL server they are kept in the
 * database (rate-limiter-flexible's RateLimiterPostgres, windows of two seconds), so processes behind
 * a load balancer share one budget per address; an address over its budget is then refused from
 * memory until its window ends, without asking the database, and should the database not answer,
 * each process falls back to its own memory.
 */
import type { NextFunction, Request, Response } from 'express'
import pg from 'pg'
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import { primaryPool } from '../db/hosts'
import { KeyedRateLimit } from '../guards/rate-limit'
import { sendError } from './errors'

const WINDOW_SECONDS = 2

export interface HttpRateLimit {
  middleware(req: Request, res: Response, next: NextFunction): void
  /** From now on, share the budgets with every process on this PostgreSQL server. */
  share(databaseUrl: string): void
  close(): Promise<void>
}

export function rateLimitByAddress(requestsPerSecond: number): HttpRateLimit {
  const local = new KeyedRateLimit(requestsPerSecond)
  let shared: RateLimiterPostgres | null = null
  let pool: pg.Pool | null = null
  const tooMany = (res: Response) => sendError(res, { code: 429, msg: 'too many requests; slow down' })
  return {
    middleware(req, res, next) {
      const address = req.socket.remoteAddress ?? '?'
      if (!shared) return local.take(address) ? next() : tooMany(res)
      shared.consume(address).then(
        () => next(),
        (err) => (err instanceof RateLimiterRes ? tooMany(res) : next(err)),
      )
    },
    share(databaseUrl) {
      pool = primaryPool(databaseUrl, { max: 4 })
      const points = requestsPerSecond * WINDOW_SECONDS
      shared = new RateLimiterPostgres({
        storeClient: pool,
        storeType: 'pool',
        tableName: 'rate_limits',
        tableCreated: true,
        clearExpiredByTimeout: true,
        // Processes configured alike share budgets; one configured otherwise counts on its own.
        keyPrefix: `http${requestsPerSecond}`,
        points,
        duration: WINDOW_SECONDS,
        inMemoryBlockOnConsumed: points,
        insuranceLimiter: new RateLimiterMemory({ points, duration: WINDOW_SECONDS }),
      })
    },
    async close() {
      local.stop()
      await pool?.end()
    },
  }
}
