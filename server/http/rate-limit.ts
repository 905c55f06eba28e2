/**
 * Every HTTP request but the health checks counts against its client address's budget:
 * HTTP_REQUESTS_PER_SECOND, in bursts of twice that; beyond it 429. The address is the socket's
 * peer, so behind a reverse proxy all its clients share one budget.
 */
import type { NextFunction, Request, Response } from 'express'
import { KeyedRateLimit } from '../rpc/rate-limit'
import { sendError } from './errors'

export function rateLimitByAddress(requestsPerSecond: number) {
  const limit = new KeyedRateLimit(requestsPerSecond)
  return (req: Request, res: Response, next: NextFunction) =>
    limit.take(req.socket.remoteAddress ?? '?') ? next() : sendError(res, { code: 429, msg: 'too many requests; slow down' })
}
