/**
 * The one sign-in step of the HTTP routes, as the socket gateway does at the upgrade: the key of the
 * `hlrkey` header or cookie (server/auth/credentials.ts) is resolved to a session (or API key) once per request
 * (through the process's key cache, server/auth/key-cache.ts) and kept on `res.locals`. Routes that need a session answer 401 without one; the others (the
 * HTTP mirror, public routes that may report progress) read it when it is there.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { unauthorized } from '../errors'
import type { Session } from '../auth/sessions'
import { keyFromRequest } from '../auth/credentials'
import type { RouteDeps } from './routes'

type Locals = { session?: Session | null }

/** Resolves the request's key; with `required`, a request without a valid one is 401. */
export function signIn({ db, config, keys, bus }: Pick<RouteDeps, 'db' | 'config' | 'keys' | 'bus'>, mode: 'required' | 'optional'): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = keyFromRequest(req)
    // A key kept in the cache may have ended through another process: that is heard first (bus.ts).
    if (key) await bus.heardAll()
    // An API key is bound to its whitelist: the address is the socket's peer.
    const session = key ? await keys.resolve(db.kysely, key, config.sessionIdleSeconds, req.socket.remoteAddress ?? '') : null
    ;(res.locals as Locals).session = session
    if (!session && mode === 'required') throw unauthorized()
    next()
  }
}

/** The session `signIn` found, or null. */
export const sessionOf = (res: Response): Session | null => (res.locals as Locals).session ?? null

/** The session of a route mounted behind `signIn(deps, 'required')`. */
export function signedIn(res: Response): Session {
  const session = sessionOf(res)
  if (!session) throw unauthorized()
  return session
}
