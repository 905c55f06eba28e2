/**
 * The HTTP mirror of every operation: POST /api/<operation with dots as slashes>, or the dotted
 * form /api/<operation>. The body is a JSON array of arguments, {"args": [...]}, or {"0": a, "1": b};
 * an empty body means []. 200 with the raw result; otherwise the status is the error code.
 */
import express, { type Request, type Response } from 'express'
import type { Config } from '../config'
import type { Db } from '../db/connect'
import { resolveKey } from '../auth/sessions'
import type { Dispatcher } from '../rpc/dispatch'
import type { Transport } from '../rpc/operation'
import { KEY_NAME, keyFromRequest } from './credentials'
import { sendError } from './errors'

export function apiRouter(config: Config, db: Db, dispatcher: Dispatcher) {
  const router = express.Router()
  router.post('/api/*op', express.text({ type: () => true, limit: config.httpMaxBodyBytes }), async (req: Request, res: Response) => {
    const op = (req.params.op as unknown as string[]).join('.')
    const args = parseBody(req.body)
    if (args instanceof Error) return sendError(res, { code: 400, msg: args.message })
    const key = keyFromRequest(req)
    const address = req.socket.remoteAddress ?? ''
    const session = key ? await resolveKey(db.kysely, key, config.sessionIdleSeconds, address) : null
    const reply = await dispatcher.call(op, args, session, httpTransport(res, config, address))
    if ('error' in reply) return sendError(res, reply.error)
    res.status(200).type('application/json').send(JSON.stringify(reply.result))
  })
  return router
}

function httpTransport(res: Response, config: Config, address: string): Transport {
  const cookie = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: false }
  return {
    kind: 'http',
    address,
    signIn: (_session, key) => res.cookie(KEY_NAME, key, { ...cookie, maxAge: config.sessionIdleSeconds * 1000 }),
    signOut: () => res.clearCookie(KEY_NAME, cookie),
  }
}

function parseBody(text: unknown): unknown[] | Error {
  if (typeof text !== 'string' || text.trim() === '') return []
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return new Error('the body is not valid JSON')
  }
  if (Array.isArray(body)) return body
  if (typeof body !== 'object' || body === null) return new Error('the body must be an array of arguments or an object')
  const record = body as Record<string, unknown>
  if ('args' in record) {
    return Array.isArray(record.args) ? record.args : new Error('"args" must be an array')
  }
  const keys = Object.keys(record)
  if (!keys.every((k) => /^(0|[1-9]\d{0,2})$/.test(k))) {
    return new Error('an object body takes "args" or the argument positions "0", "1", ...')
  }
  const args: unknown[] = []
  for (const k of keys) args[Number(k)] = record[k]
  return Array.from(args, (a) => (a === undefined ? null : a))
}
