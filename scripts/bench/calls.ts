/** A bare socket caller, an HTTP mirror caller and a rate measure, shared by bench:rpc, bench:http and bench:pooler. */
import net from 'node:net'
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
 * The same calls through the HTTP mirror (POST /api/<op>, the key in the hlrkey header), each on a
 * kept-alive connection of its own while it is under way. The client writes each request in one
 * piece and reads the answer by its Content-Length, as wrk or autocannon do: node:http or fetch would
 * spend more of a small machine on the client than the server spends on the call.
 */
export function openHttp(url: string, key: string): Caller {
  const { hostname, port } = new URL(url)
  const idle: HttpConnection[] = []
  return async (op, args) => {
    const body = Buffer.from(JSON.stringify(args))
    const head = `POST /api/${op} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nhlrkey: ${key}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`
    // The server closes connections idle for its keep-alive timeout (while the socket's rounds run): those are left.
    let reply: { status: number; text: string }
    let connection: HttpConnection | undefined
    do {
      connection = idle.pop()
      while (connection?.closed) connection = idle.pop()
      connection ??= await HttpConnection.open(hostname, Number(port))
      reply = await connection.request(Buffer.concat([Buffer.from(head), body]))
    } while (connection.closed) // closed under the request: sent again on another
    idle.push(connection)
    const { status, text } = reply
    return status === 200 ? { result: JSON.parse(text) } : { error: { code: status, body: text } }
  }
}

class HttpConnection {
  private buffered = Buffer.alloc(0)
  private waiting: ((reply: { status: number; text: string }) => void) | null = null
  closed = false

  private constructor(private socket: net.Socket) {
    socket.setNoDelay(true)
    socket.on('close', () => {
      this.closed = true
      this.waiting?.({ status: 0, text: '' })
    })
    socket.on('data', (chunk) => {
      this.buffered = Buffer.concat([this.buffered, chunk])
      this.answer()
    })
  }

  static open(host: string, port: number): Promise<HttpConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, host, () => resolve(new HttpConnection(socket)))
      socket.once('error', reject)
    })
  }

  request(bytes: Buffer): Promise<{ status: number; text: string }> {
    return new Promise((resolve) => {
      this.waiting = resolve
      this.socket.write(bytes)
    })
  }

  /** Once the head and Content-Length bytes of body are in, the waiting request has its answer. */
  private answer() {
    const end = this.buffered.indexOf('\r\n\r\n')
    if (end < 0 || !this.waiting) return
    const head = this.buffered.subarray(0, end).toString()
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0)
    if (this.buffered.length < end + 4 + length) return
    const text = this.buffered.subarray(end + 4, end + 4 + length).toString()
    this.buffered = this.buffered.subarray(end + 4 + length)
    const resolve = this.waiting
    this.waiting = null
    resolve({ status: Number(head.slice(9, 12)), text })
  }
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
