/**
 * The HTTP mirror of every operation: POST /api/<operation with dots as slashes>, or the dotted
 * form /api/<operation>. The body is a JSON array of arguments, {"args": [...]}, or {"0": a, "1": b};
 * an empty body means []. 200 with the raw result; otherwise the status is the error code.
 * An `Idempotency-Key` header makes a retried call return the first result.
 *
 * Answered from node's request listener (server/app.ts), not through Express: Express's own work per
 * request (its request and response objects, the router's walk through every route) cost about as
 * much as a read's, so the mirror read at 0.6 of the socket's rate
 * (docs/benchmarks/2026-11-29-http.md). It passes the same admission (./admit.ts), sign-in
 * (./sign-in.ts), body reading (body-parser, as Express's routes) and errors (./errors.ts) as every
 * route.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import bodyParser from 'body-parser'
import { serialize as serializeCookie } from 'cookie'
import { badRequest } from '../errors'
import type { Dispatcher } from '../rpc/dispatch'
import type { Transport } from '../context'
import { KEY_NAME, sessionCookie } from '../auth/credentials'
import type { Config } from '../config'
import { splitTarget, type Admit } from './admit'
import { httpError, sendError, sendJson } from './errors'
import type { RouteDeps } from './routes'
import { callAsSignedIn, callerOf } from './sign-in'

/** Answers `req` when it is a call of the mirror (true), else leaves it to the other routes (false). */
export type ApiMirror = (req: IncomingMessage, res: ServerResponse) => boolean

const PREFIX = '/api/'

export function apiMirror(deps: Pick<RouteDeps, 'config' | 'db' | 'keys' | 'bus' | 'log'>, dispatcher: Dispatcher, admit: Admit): ApiMirror {
  const { config, log } = deps
  // Any Content-Type is read as text: the body is JSON whatever a client labels it.
  const readText = bodyParser.text({ type: () => true, limit: config.httpMaxBodyBytes })
  const readBody = (req: IncomingMessage, res: ServerResponse) =>
    new Promise<unknown>((resolve, reject) => readText(req, res, (err?: unknown) => (err ? reject(err) : resolve((req as { body?: unknown }).body))))

  async function answer(req: IncomingMessage, res: ServerResponse, pathname: string) {
    await admit(req)
    const op = operationOf(pathname)
    const caller = await callerOf(deps, req, 'call')
    const args = parseBody(await readBody(req, res))
    const transport = httpTransport(res, config, req.socket.remoteAddress ?? '')
    const idempotencyKey = req.headers['idempotency-key']
    // A retry with the same Idempotency-Key returns the first result (rpc/idempotency.ts).
    const reply = await callAsSignedIn(caller, dispatcher.readOnly(op), (session) => dispatcher.call(op, args, session, transport, idempotencyKey))
    if ('error' in reply) return sendError(res, reply.error)
    sendJson(res, 200, JSON.stringify(reply.result))
  }

  return (req, res) => {
    if (req.method !== 'POST') return false
    const { pathname } = splitTarget(req.url)
    if (!pathname.startsWith(PREFIX) || pathname.length === PREFIX.length) return false
    answer(req, res, pathname).catch((err) => {
      if (res.headersSent) res.destroy()
      else sendError(res, httpError(err, log))
    })
    return true
  }
}

/** `/api/v3/activity/get` or `/api/v3.activity.get`: the operation's name. */
function operationOf(pathname: string): string {
  try {
    return pathname.slice(PREFIX.length).split('/').map(decodeURIComponent).join('.')
  } catch {
    throw badRequest('the path is not valid percent-encoding')
  }
}

function httpTransport(res: ServerResponse, config: Config, address: string): Transport {
  const cookie = sessionCookie(config)
  const idleSeconds = config.sessionIdleSeconds
  return {
    kind: 'http',
    address,
    signIn: (_session, key) =>
      res.appendHeader('Set-Cookie', serializeCookie(KEY_NAME, key, { ...cookie, maxAge: idleSeconds, expires: new Date(Date.now() + idleSeconds * 1000) })),
    signOut: () => res.appendHeader('Set-Cookie', serializeCookie(KEY_NAME, '', { ...cookie, expires: new Date(0) })),
  }
}

/** The three body forms of the mirror: `[a, b]`, `{"args": [a, b]}`, `{"0": a, "1": b}`; empty is `[]`. */
function parseBody(text: unknown): unknown[] {
  if (typeof text !== 'string' || text.trim() === '') return []
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw badRequest('the body is not valid JSON')
  }
  if (Array.isArray(body)) return body
  if (typeof body !== 'object' || body === null) throw badRequest('the body must be an array of arguments or an object')
  const record = body as Record<string, unknown>
  if (Object.hasOwn(record, 'args')) {
    if (!Array.isArray(record.args)) throw badRequest('"args" must be an array')
    return record.args
  }
  const keys = Object.keys(record)
  if (!keys.every((k) => /^(0|[1-9]\d{0,2})$/.test(k))) throw badRequest('an object body takes "args" or the argument positions "0", "1", ...')
  const args: unknown[] = []
  for (const k of keys) args[Number(k)] = record[k]
  return Array.from(args, (a) => (a === undefined ? null : a))
}
