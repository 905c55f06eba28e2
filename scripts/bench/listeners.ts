/** Many sockets that count what they hear, shared by bench:realtime and bench:peers (W5). */
import WebSocket from 'ws'

/** A socket that counts the frames it receives and remembers when the last one came. */
export interface Listener {
  ws: WebSocket
  heard: number
  at: bigint
}

export interface ListenOptions {
  /** Sent as the hlrkey header (the server's sockets). */
  key?: string
  /** Run once the socket is open, before counting starts (e.g. authenticate and subscribe). */
  greet?: (ws: WebSocket) => Promise<void>
  /** Which frames count; all by default. */
  counts?: (frame: string) => boolean
}

export async function listen(url: string, options: ListenOptions = {}): Promise<Listener> {
  const ws = new WebSocket(url, { headers: options.key ? { hlrkey: options.key } : {} })
  const l: Listener = { ws, heard: 0, at: 0n }
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  await options.greet?.(ws)
  ws.on('message', (data) => {
    if (options.counts && !options.counts(data.toString())) return
    l.heard++
    l.at = process.hrtime.bigint()
  })
  return l
}

export async function openMany(url: string, n: number, options: ListenOptions = {}): Promise<Listener[]> {
  const all: Listener[] = []
  for (let i = 0; i < n; i += 250) all.push(...(await Promise.all(Array.from({ length: Math.min(250, n - i) }, () => listen(url, options)))))
  return all
}

/** Waits until every listener heard `count` frames; returns the time of the last arrival. */
export async function allHeard(listeners: Listener[], count: number, timeoutMs = 120_000): Promise<bigint> {
  const until = Date.now() + timeoutMs
  for (;;) {
    if (listeners.every((l) => l.heard >= count)) return listeners.reduce((max, l) => (l.at > max ? l.at : max), 0n)
    if (Date.now() > until) throw new Error(`${listeners.filter((l) => l.heard < count).length} of ${listeners.length} sockets did not hear ${count} frames`)
    await new Promise((r) => setTimeout(r, 5))
  }
}
