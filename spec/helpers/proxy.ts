/**
 * A network in the middle, on loopback: forwards HTTP and WebSocket traffic to the test server,
 * records what passes, can hold back frames of one operation and can cut every socket at once
 * (as a lost network would).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import WebSocket, { WebSocketServer } from 'ws'

export interface Proxy {
  url: string
  /** Frames the clients sent over sockets, parsed. */
  frames: any[]
  /** HTTP requests the clients sent: path and headers. */
  requests: Array<{ path: string; headers: http.IncomingHttpHeaders }>
  /** Frames of this operation are recorded but not passed on. */
  hold(op: string | null): void
  /** Cuts every socket open now. */
  drop(): void
  /** While true, WebSocket upgrades are refused (as a network that lets only plain HTTP through). */
  refuseSockets(refuse: boolean): void
  close(): Promise<void>
}

export async function startProxy(target: string): Promise<Proxy> {
  const frames: any[] = []
  const requests: Proxy['requests'] = []
  const pairs = new Set<[WebSocket, WebSocket]>()
  let held: string | null = null
  let refusing = false
  const targetUrl = new URL(target)

  const server = http.createServer((req, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers })
    const upstream = http.request(
      { host: targetUrl.hostname, port: targetUrl.port, path: req.url, method: req.method, headers: { ...req.headers, host: targetUrl.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  const wss = new WebSocketServer({ noServer: true })
  server.on('upgrade', (req, socket, head) => {
    if (refusing) return socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
    const upstream = new WebSocket(`${target.replace(/^http/, 'ws')}/ws`)
    upstream.on('error', () => socket.destroy())
    upstream.once('open', () =>
      wss.handleUpgrade(req, socket, head, (downstream) => {
        const pair: [WebSocket, WebSocket] = [downstream, upstream]
        pairs.add(pair)
        downstream.on('message', (data) => {
          const frame = JSON.parse(data.toString())
          frames.push(frame)
          if (frame.op !== held) upstream.send(data.toString())
        })
        upstream.on('message', (data) => downstream.readyState === WebSocket.OPEN && downstream.send(data.toString()))
        const end = () => {
          pairs.delete(pair)
          downstream.terminate()
          upstream.terminate()
        }
        downstream.on('close', end)
        upstream.on('close', end)
        downstream.on('error', end)
      }),
    )
  })
  const drop = () => {
    for (const [down, up] of pairs) {
      down.terminate()
      up.terminate()
    }
    pairs.clear()
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    frames,
    requests,
    hold: (op) => (held = op),
    refuseSockets: (refuse) => (refusing = refuse),
    drop,
    async close() {
      drop()
      wss.close()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
