/**
 * The one sign-in step of the HTTP routes, as the socket gateway does at the upgrade: the key of the
 * `hlrkey` header or cookie (server/auth/credentials.ts) is resolved to a session (or API key) once per request
 * (through the process's key cache, server/auth/key-cache.ts) and kept on `res.locals`. Routes that need a session answer 401 without one; the others (the
 * HTTP mirror, public routes that may report progress) read it when it is there.
 *
 * A kept key may have ended through another process a moment ago: the request is served only once
 * this process has heard every message sent before it came (server/rpc/heard.ts). The plain routes
 * wait for that here; the HTTP mirror (`'call'`) lets a read run meanwhile (`callAsSignedIn`).
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { unauthorized } from '../errors'
import type { Session } from '../auth/sessions'
import { keyFromRequest } from '../auth/credentials'
import { callOnceHeard, type Heard } from '../rpc/heard'
import type { Reply } from '../rpc/dispatch'
import type { RouteDeps } from './routes'

type Locals = { session?: Session | null; heard?: { all: Promise<void>; caller: Heard<Session> } }

/** Resolves the request's key; with `required`, a request without a valid one is 401 (`call`: optional, for the HTTP mirror). */
export function signIn({ db, config, keys, bus }: Pick<RouteDeps, 'db' | 'config' | 'keys' | 'bus'>, mode: 'required' | 'optional' | 'call'): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const locals = res.locals as Locals
    const key = keyFromRequest(req)
    const all = key ? bus.heardAll() : null
    const forgets = keys.forgets
    // An API key is bound to its whitelist: the address is the socket's peer.
    const resolve = () => keys.resolve(db.kysely, key!, config.sessionIdleSeconds, req.socket.remoteAddress ?? '')
    let session = key ? await resolve() : null
    if (all && session) {
      const caller = { session: resolve, changed: () => keys.forgets !== forgets }
      if (mode === 'call') locals.heard = { all, caller }
      else {
        await all
        if (caller.changed()) session = await resolve()
      }
    }
    locals.session = session
    if (!session && mode === 'required') throw unauthorized()
    next()
  }
}

/** The HTTP mirror's call, served as rpc/heard.ts says for the session `signIn(deps, 'call')` found. */
export function callAsSignedIn(res: Response, readOnly: boolean, call: (session: Session | null) => Promise<Reply>): Promise<Reply> {
  const { session, heard } = res.locals as Locals
  return heard ? callOnceHeard(readOnly, heard.all, heard.caller, call) : call(session ?? null)
}

/** The session `signIn` found, or null. */
export const sessionOf = (res: Response): Session | null => (res.locals as Locals).session ?? null

/** The session of a route mounted behind `signIn(deps, 'required')`. */
export function signedIn(res: Response): Session {
  const session = sessionOf(res)
  if (!session) throw unauthorized()
  return session
}
