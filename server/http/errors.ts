/** The error object on HTTP: the status equals the error code; the body is {code, msg, details?}. */
import type { NextFunction, Request, Response } from 'express'
import type { Logger } from 'pino'
import { toWireError, type WireError } from '../errors'

export function sendError(res: Response, error: WireError) {
  const retryAfter = (error.details as { retryAfter?: unknown } | undefined)?.retryAfter
  // Retry-After (RFC 9110) on a 503 (a failover) and a 429.
  if ((error.code === 429 || error.code === 503) && typeof retryAfter === 'number') res.set('Retry-After', String(retryAfter))
  if (error.code === 429 && typeof retryAfter === 'number') {
    // The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers).
    const { limit, window } = error.details as { limit?: number; window?: number }
    res.set('RateLimit', `limit=${limit ?? 0}, remaining=0, reset=${retryAfter}`)
    if (limit !== undefined && window !== undefined) res.set('RateLimit-Policy', `${limit};w=${window}`)
  }
  res.status(error.code).type('application/json').send(JSON.stringify(error))
}

/** Body parser failures (too large, bad encoding) are the caller's; anything else is logged as 500. */
export function errorMiddleware(log: Logger) {
  return (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err)
    const status = (err as { status?: number; type?: string }).status
    if (status === 413) return sendError(res, { code: 413, msg: 'the request body is too large' })
    if (status && status >= 400 && status < 500) return sendError(res, { code: 400, msg: 'the request body could not be read' })
    sendError(res, toWireError(err, log))
  }
}
