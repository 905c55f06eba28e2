/**
 * The one sign-in step of the HTTP routes, as the socket gateway does at the upgrade: the key of the
 * `hlrkey` header or cookie (server/auth/credentials.ts) is resolved to a session (or API key) once per request
 * (through the process's key cache, server/auth/key-cache.ts): `callerOf`, which `signIn` keeps on
 * `res.locals` for the Express routes. Routes that need a session answer 401 without one; the others
 * (the HTTP mirror, public routes that may report progress) read it when it is there.
 *
 * A kept key may have ended through another process a moment ago: the request is served only once
 * this process has heard every message sent before it came (server/rpc/heard.ts). The plain routes
 * wait for that here; the HTTP mirror (`'call'`) lets a read run meanwhile (`callAsSignedIn`).
 */
import type { IncomingMessage } from 'node:http'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { unauthorized } from '../errors'
import type { Session } from '../auth/sessions'
import { keyFromRequest } from '../auth/credentials'
import { callOnceHeard, type Heard } from '../rpc/heard'
import type { Reply } from '../rpc/dispatch'
import type { RouteDeps } from './routes'

/** Who sent a request: the session of its key (or null), and for the HTTP mirror what its call waits to hear. */
export interface Caller {
  session: Session | null
  heard?: { all: Promise<void>; caller: Heard<Session> }
}

type SignInDeps = Pick<RouteDeps, 'db' | 'config' | 'keys' | 'bus'>

/** Resolves the request's key; with `required`, a request without a valid one is 401 (`call`: optional, for the HTTP mirror). */
export async function callerOf({ db, config, keys, bus }: SignInDeps, req: IncomingMessage, mode: 'required' | 'optional' | 'call'): Promise<Caller> {
  const key = keyFromRequest(req)
  const all = key ? bus.heardAll() : null
  const forgets = keys.forgets
  // An API key is bound to its whitelist: the address is the socket's peer.
  const resolve = () => keys.resolve(db.kysely, key!, config.sessionIdleSeconds, req.socket.remoteAddress ?? '')
  let session = key ? await resolve() : null
  let heard: Caller['heard']
  if (all && session) {
    const caller = { session: resolve, changed: () => keys.forgets !== forgets }
    if (mode === 'call') heard = { all, caller }
    else {
      await all
      if (caller.changed()) session = await resolve()
    }
  }
  if (!session && mode === 'required') throw unauthorized()
  return { session, heard }
}

/** `callerOf` as Express middleware: the caller is kept on `res.locals`. */
export function signIn(deps: SignInDeps, mode: 'required' | 'optional'): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    res.locals.caller = await callerOf(deps, req, mode)
    next()
  }
}

/** The HTTP mirror's call, served as rpc/heard.ts says for the session `callerOf(deps, req, 'call')` found. */
export function callAsSignedIn({ session, heard }: Caller, readOnly: boolean, call: (session: Session | null) => Promise<Reply>): Promise<Reply> {
  return heard ? callOnceHeard(readOnly, heard.all, heard.caller, call) : call(session)
}

/** The session `signIn` found, or null. */
export const sessionOf = (res: Response): Session | null => (res.locals.caller as Caller | undefined)?.session ?? null

/** The session of a route mounted behind `signIn(deps, 'required')`. */
export function signedIn(res: Response): Session {
  const session = sessionOf(res)
  if (!session) throw unauthorized()
  return session
}
