/** The HTTP mirror as a transport: `POST /api/<op>` with the key in the `hlrkey` header. */
import { HlrError } from './errors'

export interface HttpCall {
  op: string
  args: unknown[]
  key?: string
  idempotencyKey?: string
}

/** Thrown when the request never got an answer (network down): the call may be retried. */
export class Unreachable extends Error {}

export async function httpCall(base: string, fetcher: typeof fetch, call: HttpCall): Promise<unknown> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (call.key) headers.hlrkey = call.key
  if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey
  let res: Response
  try {
    // credentials 'omit': the key travels in the header only, so a stale cookie never decides who calls.
    res = await fetcher(`${base}/api/${call.op}`, { method: 'POST', headers, body: JSON.stringify(call.args), credentials: 'omit' })
  } catch (err) {
    throw new Unreachable(String(err))
  }
  const text = await res.text()
  const body = text ? JSON.parse(text) : undefined
  if (res.ok) return body
  if (res.status === 503) throw new Unreachable(`503 ${body?.msg ?? ''}`)
  throw new HlrError(call.op, body && typeof body.code === 'number' ? body : { code: res.status, msg: res.statusText })
}
