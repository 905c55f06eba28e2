/**
 * The HTTP mirror of every operation: POST /api/<operation with dots as slashes>, or the dotted
 * form /api/<operation>. The body is a JSON array of arguments, {"args": [...]}, or {"0": a, "1": b};
 * an empty body means []. 200 with the raw result; otherwise the status is the error code.
 * An `Idempotency-Key` header makes a retried call return the first result.
 */
import express, { type Request, type Response } from 'express'
import type { Config } from '../config'
import { badRequest } from '../errors'
import type { Dispatcher } from '../rpc/dispatch'
import type { Transport } from '../context'
import { KEY_NAME, sessionCookie } from '../auth/credentials'
import { sendError } from './errors'
import type { RouteDeps } from './routes'
import { callAsSignedIn, signIn } from './sign-in'

export function apiRouter(deps: Pick<RouteDeps, 'config' | 'db' | 'keys' | 'bus'>, dispatcher: Dispatcher) {
  const { config } = deps
  const router = express.Router()
  // Signed in or not: dispatch answers 401 for the operations that need a session.
  router.post('/api/*op', signIn(deps, 'call'), express.text({ type: () => true, limit: config.httpMaxBodyBytes }), async (req: Request, res: Response) => {
    const op = (req.params.op as unknown as string[]).join('.')
    const args = parseBody(req.body)
    const transport = httpTransport(res, config, req.socket.remoteAddress ?? '')
    // A retry with the same Idempotency-Key returns the first result (rpc/idempotency.ts).
    const reply = await callAsSignedIn(res, dispatcher.readOnly(op), (session) => dispatcher.call(op, args, session, transport, req.get('idempotency-key')))
    if ('error' in reply) return sendError(res, reply.error)
    // end, not send: a POST's answer is never revalidated, so no ETag is hashed for it.
    res.status(200).type('application/json').end(JSON.stringify(reply.result))
  })
  return router
}

function httpTransport(res: Response, config: Config, address: string): Transport {
  const cookie = sessionCookie(config)
  return {
    kind: 'http',
    address,
    signIn: (_session, key) => res.cookie(KEY_NAME, key, { ...cookie, maxAge: config.sessionIdleSeconds * 1000 }),
    signOut: () => res.clearCookie(KEY_NAME, cookie),
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
