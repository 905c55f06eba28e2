/** A socket client as a single-page app would hold one, and an HTTP caller as curl would be. */
import WebSocket from 'ws'
import type { ValidateFunction } from 'ajv'
import type { ArgsOf, OpName, ResultOf, Signal, WireError } from '../../client'
import { loadReturnValidators } from '../../server/rpc/schemas'

export type { ArgsOf, OpName, ResultOf, Signal, WireError }

let returnValidators: Map<string, ValidateFunction> | undefined

/**
 * Every result a test receives is checked against its operation's return schema (x-returns), with
 * the server's own ajv: the schema is the contract the code must keep.
 */
export function checkResult(op: string, result: unknown) {
  returnValidators ??= loadReturnValidators()
  const validate = returnValidators.get(op)
  if (!validate || validate(result)) return
  const where = validate.errors!.map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`).join('; ')
  throw new Error(`${op} returned a result its schema (x-returns) does not allow: ${where}\nresult: ${JSON.stringify(result).slice(0, 2000)}`)
}

/**
 * What a typed call resolves to: the generated result type, or `any` where it promises no field (x-returns
 * absent, any object, or every field optional): checkResult still holds such a result to its schema, and
 * the test reads what it asserts.
 */
type Returned<O extends OpName> = {} extends ResultOf<O> ? any : ResultOf<O>

export const serverUrl = () => {
  const url = process.env.TEST_SERVER_URL
  if (!url) throw new Error('TEST_SERVER_URL is not set: run the tests through jest (global setup starts the server)')
  return url
}
export const wsUrl = (base = serverUrl()) => base.replace(/^http/, 'ws') + '/ws'

export class CallFailed extends Error {
  constructor(
    readonly op: string,
    readonly error: WireError,
  ) {
    super(`${op} failed with ${error.code}: ${error.msg}`)
  }
}

export class Client {
  private nextId = 1
  private pending = new Map<unknown, (reply: any) => void>()
  readonly signals: Signal[] = []
  private waiters: Array<() => void> = []
  readonly closed: Promise<{ code: number; reason: string }>

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString())
      if ('sig' in frame) {
        this.signals.push(frame)
        for (const w of this.waiters.splice(0)) w()
      } else {
        this.pending.get(frame.id)?.(frame)
        this.pending.delete(frame.id)
      }
    })
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })))
  }

  /** `localAddress` binds the client's end (e.g. 127.0.0.2, to test address whitelists). */
  static connect(options: { key?: string; cookie?: string; headers?: Record<string, string>; url?: string; localAddress?: string } = {}) {
    const headers: Record<string, string> = { ...options.headers }
    if (options.key) headers.hlrkey = options.key
    if (options.cookie) {
      headers.cookie = options.cookie
      // A cookie comes from a browser, and a browser names its page's origin.
      headers.origin ??= new URL((options.url ?? wsUrl()).replace(/^ws/, 'http')).origin
    }
    const ws = new WebSocket(options.url ?? wsUrl(), { headers, localAddress: options.localAddress })
    return new Promise<Client>((resolve, reject) => {
      ws.once('open', () => resolve(new Client(ws)))
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)))
      ws.once('error', reject)
    })
  }

  /** The raw reply frame {id, result} or {id, error}. */
  send(op: string, args?: unknown[]): Promise<any> {
    const id = this.nextId++
    return this.sendFrame({ id, op, args })
  }

  sendFrame(frame: { id: unknown; [k: string]: unknown }): Promise<any> {
    return new Promise((resolve) => {
      this.pending.set(frame.id, resolve)
      this.ws.send(JSON.stringify(frame))
    })
  }

  /** A call as the schemas type it (client/types.ts): its result, checked against x-returns; throws CallFailed on an error reply. */
  call<O extends OpName>(op: O, ...args: ArgsOf<O>): Promise<Returned<O>> {
    return this.callUnchecked(op, ...args)
  }

  /** `call` for arguments the types do not allow, sent on purpose (a shape the server must still take or refuse). */
  async callUnchecked(op: string, ...args: unknown[]): Promise<any> {
    const reply = await this.send(op, args)
    if (reply.error) throw new CallFailed(op, reply.error)
    checkResult(op, reply.result)
    return reply.result
  }

  /** The error of a call that must fail (throws when it succeeds). */
  async fail(op: string, ...args: unknown[]): Promise<WireError> {
    const reply = await this.send(op, args)
    if (!reply.error) throw new Error(`${op} was expected to fail but returned ${JSON.stringify(reply.result)}`)
    return reply.error
  }

  /** Waits for a signal matching `match`; rejects after `ms`. */
  async waitForSignal(sig: string, match: (meta: any) => boolean = () => true, ms = 5000): Promise<Signal> {
    const until = Date.now() + ms
    for (;;) {
      const found = this.signals.find((s) => s.sig === sig && match(s.meta))
      if (found) return found
      const left = until - Date.now()
      if (left <= 0) throw new Error(`no ${sig} signal within ${ms} ms; got ${JSON.stringify(this.signals)}`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  close() {
    this.ws.close()
    return this.closed
  }
}

export interface HttpReply {
  status: number
  body: any
  headers: Headers
}

/**
 * POST /api/<op as path> with a JSON body (`raw`: the body's text as given). A call with `cookie`
 * comes from a page of the server's own origin, as a browser's would, unless `origin` names another
 * (null: no Origin header at all). `url`: another server than the run's.
 */
export async function api(
  op: string,
  body: unknown = [],
  options: { key?: string; cookie?: string; origin?: string | null; referer?: string; contentType?: string; dotted?: boolean; raw?: string; url?: string } = {},
): Promise<HttpReply> {
  const path = options.dotted ? op : op.split('.').join('/')
  const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/json' }
  if (options.key) headers.hlrkey = options.key
  if (options.cookie) headers.cookie = options.cookie
  const base = options.url ?? serverUrl()
  const origin = options.origin === undefined ? (options.cookie ? new URL(base).origin : null) : options.origin
  if (origin !== null) headers.origin = origin
  if (options.referer) headers.referer = options.referer
  const res = await fetch(`${base}/api/${path}`, {
    method: 'POST',
    headers,
    body: options.raw ?? JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers }
}
