/** The error object on HTTP: the status equals the error code; the body is {code, msg, details?}. */
import type { ServerResponse } from 'node:http'
import type { NextFunction, Request, Response } from 'express'
import type { Logger } from 'pino'
import { toWireError, type WireError } from '../errors'

/** Sends `error` with node's response alone: the Express routes and the HTTP mirror (./api.ts, no Express) answer alike. */
export function sendError(res: ServerResponse, error: WireError) {
  const retryAfter = (error.details as { retryAfter?: unknown } | undefined)?.retryAfter
  // Retry-After (RFC 9110) on a 503 (a failover) and a 429.
  if ((error.code === 429 || error.code === 503) && typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter))
  if (error.code === 429 && typeof retryAfter === 'number') {
    // The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers).
    const { limit, window } = error.details as { limit?: number; window?: number }
    res.setHeader('RateLimit', `limit=${limit ?? 0}, remaining=0, reset=${retryAfter}`)
    if (limit !== undefined && window !== undefined) res.setHeader('RateLimit-Policy', `${limit};w=${window}`)
  }
  sendJson(res, error.code, JSON.stringify(error))
}

/** A JSON answer of `status` (its text already made). */
export function sendJson(res: ServerResponse, status: number, json: string) {
  res.statusCode = status
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('Content-Length', Buffer.byteLength(json))
  res.end(json)
}

/** What an error thrown on the way to a route's answer sends: body parser failures (too large, bad encoding) are the caller's; anything else is logged as 500. */
export function httpError(err: unknown, log: Logger): WireError {
  const status = (err as { status?: number }).status
  if (status === 413) return { code: 413, msg: 'the request body is too large' }
  if (status && status >= 400 && status < 500) return { code: 400, msg: 'the request body could not be read' }
  return toWireError(err, log)
}

export function errorMiddleware(log: Logger) {
  return (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err)
    sendError(res, httpError(err, log))
  }
}
