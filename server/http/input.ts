/**
 * The input guard of server/guards/input-guard.ts for the plain HTTP routes: a NUL character in the
 * path (and so in any path parameter) or the query string, or nesting deeper than MAX_DEPTH in the
 * query, is refused with a 400 before any route runs. Bodies are checked by `checkBody`
 * where a route reads them (JSON and multipart fields); /api bodies go through the dispatcher.
 */
import { badRequest } from '../errors'
import { findBadInput, NUL_REASON } from '../guards/input-guard'

/** Throws the 400 for a bad path or query (`query` parsed as Express parses it: node's querystring). */
export function checkUrl(pathname: string, query: unknown): void {
  const nulInPath = pathname.split('/').some((segment) => decodeSegment(segment).includes('\u0000'))
  if (nulInPath) throw badRequest(`the path ${NUL_REASON}`, { path: 'path', reason: NUL_REASON })
  const bad = findBadInput(query)
  if (bad) throw badRequest(`query parameter ${bad.path.slice(1)} ${bad.reason}`, { path: `query${bad.path}`, reason: bad.reason })
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
