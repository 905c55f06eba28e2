/**
 * The input guard of server/rpc/input-guard.ts for the plain HTTP routes: a NUL character in the
 * path (and so in any path parameter) or the query string, or nesting deeper than MAX_DEPTH in the
 * query, is refused with a 400 before any route runs. Bodies are checked by `badBodyMessage`
 * where a route reads them (JSON and multipart fields); /api bodies go through the dispatcher.
 */
import type { NextFunction, Request, Response } from 'express'
import { findBadInput, NUL_REASON } from '../rpc/input-guard'
import { sendError } from './errors'

export function refuseBadUrl(req: Request, res: Response, next: NextFunction) {
  const nulInPath = req.path.split('/').some((segment) => decodeSegment(segment).includes('\u0000'))
  if (nulInPath) return sendError(res, { code: 400, msg: `the path ${NUL_REASON}`, details: { path: 'path', reason: NUL_REASON } })
  const bad = findBadInput(req.query)
  if (bad) return sendError(res, { code: 400, msg: `query parameter ${bad.path.slice(1)} ${bad.reason}`, details: { path: `query${bad.path}`, reason: bad.reason } })
  next()
}

/** The 400 message for a bad request body (or multipart fields), or null when it passes. */
export function badBodyMessage(body: unknown, what = 'body'): string | null {
  const bad = findBadInput(body)
  return bad ? `${what}${bad.path} ${bad.reason}` : null
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
