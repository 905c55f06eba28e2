/**
 * The input guard of server/guards/input-guard.ts for the plain HTTP routes: a NUL character in the
 * path (and so in any path parameter) or the query string, or nesting deeper than MAX_DEPTH in the
 * query, is refused with a 400 before any route runs. Bodies are checked by `checkBody`
 * where a route reads them (JSON and multipart fields); /api bodies go through the dispatcher.
 */
import type { NextFunction, Request, Response } from 'express'
import { badRequest } from '../errors'
import { findBadInput, NUL_REASON } from '../guards/input-guard'
import { sendError } from './errors'

export function refuseBadUrl(req: Request, res: Response, next: NextFunction) {
  const nulInPath = req.path.split('/').some((segment) => decodeSegment(segment).includes('\u0000'))
  if (nulInPath) return sendError(res, { code: 400, msg: `the path ${NUL_REASON}`, details: { path: 'path', reason: NUL_REASON } })
  const bad = findBadInput(req.query)
  if (bad)
    return sendError(res, { code: 400, msg: `query parameter ${bad.path.slice(1)} ${bad.reason}`, details: { path: `query${bad.path}`, reason: bad.reason } })
  next()
}

/** Throws the 400 for a bad request body (or multipart fields, `what` = 'form'). */
export function checkBody(body: unknown, what = 'body'): void {
  const bad = findBadInput(body)
  if (bad) throw badRequest(`${what}${bad.path} ${bad.reason}`, { path: `${what}${bad.path}`, reason: bad.reason })
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
