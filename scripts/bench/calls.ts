/** A bare socket caller, an HTTP mirror caller and a rate measure, shared by bench:rpc, bench:http and bench:pooler. */
import http from 'node:http'
import WebSocket from 'ws'

export async function open(url: string, key?: string) {
  const ws = new WebSocket(url, { headers: key ? { hlrkey: key } : {} })
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  const pending = new Map<number, (frame: any) => void>()
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString())
    pending.get(frame.id)?.(frame)
    pending.delete(frame.id)
  })
  let next = 0
  const call = (op: string, args: unknown[]) =>
    new Promise<any>((resolve) => {
      const id = next++
      pending.set(id, resolve)
      ws.send(JSON.stringify({ id, op, args }))
    })
  return { ws, call }
}

/**
 * The same calls through the HTTP mirror (POST /api/<op>, the key in the hlrkey header), on kept-alive
 * connections (node:http: fetch's streams would spend more of a small machine on the client than the server does).
 */
export function openHttp(url: string, key: string): Caller {
  const agent = new http.Agent({ keepAlive: true })
  return (op, args) =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify(args)
      const req = http.request(
        `${url}/api/${op}`,
        { method: 'POST', agent, headers: { hlrkey: key, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c) => chunks.push(c))
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString()
            resolve(res.statusCode === 200 ? { result: JSON.parse(text) } : { error: { code: res.statusCode, body: text } })
          })
        },
      )
      req.on('error', reject)
      req.end(body)
    })
}

export type Caller = (op: string, args: unknown[]) => Promise<{ result?: any; error?: unknown }>

/** Calls per second with `window` calls kept in flight; a failed call fails the run unless `mayFail`. */
export async function measure(call: Caller, op: string, args: unknown[], total: number, window: number, mayFail = false): Promise<number> {
  let sent = 0
  let failed = 0
  const start = process.hrtime.bigint()
  const worker = async () => {
    while (sent < total) {
      sent++
      const reply = await call(op, args)
      if (reply.error) failed++
    }
  }
  await Promise.all(Array.from({ length: window }, worker))
  const seconds = Number(process.hrtime.bigint() - start) / 1e9
  if (failed && !mayFail) throw new Error(`${failed} calls of ${op} failed`)
  return total / seconds
}
