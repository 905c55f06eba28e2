/**
 * What every HTTP request passes, in this order, before any route (all but /healthz and /readyz)
 * and before its body is read: the address's budget (./rate-limit.ts, 429), a sound path and query
 * (./input.ts, 400), FILES_ORIGIN only reading files (./files-origin.ts, 404), and a write only from
 * an allowed page (./origin.ts, 403). One function for the Express routes (`admitMiddleware`) and
 * for the HTTP mirror (./api.ts), which is answered without Express.
 */
import type { IncomingMessage } from 'node:http'
import querystring from 'node:querystring'
import type { NextFunction, Request, Response } from 'express'
import type { Config } from '../config'
import { RpcError } from '../errors'
import { checkFilesOrigin } from './files-origin'
import { checkUrl } from './input'
import { checkWriteOrigin } from './origin'
import type { HttpRateLimit } from './rate-limit'

export type Admit = (req: IncomingMessage) => Promise<void>

/** The request target split as Express splits it (no dot segments resolved, nothing decoded). */
export function splitTarget(url: string | undefined): { pathname: string; search: string } {
  const target = url ?? '/'
  const q = target.indexOf('?')
  return q < 0 ? { pathname: target, search: '' } : { pathname: target.slice(0, q), search: target.slice(q + 1) }
}

/** Throws the error (RpcError) that refuses `req`, else resolves. */
export function admission(config: Config, limit: HttpRateLimit): Admit {
  return async (req) => {
    if (!(await limit.take(req.socket.remoteAddress ?? '?'))) throw new RpcError(429, 'too many requests; slow down')
    const { pathname, search } = splitTarget(req.url)
    // Express's default ("simple") query parser is node's querystring.
    checkUrl(pathname, querystring.parse(search))
    checkFilesOrigin(config, req, pathname)
    checkWriteOrigin(config, req)
  }
}

export const admitMiddleware =
  (admit: Admit) =>
  (req: Request, _res: Response, next: NextFunction): void =>
    void admit(req).then(() => next(), next)
