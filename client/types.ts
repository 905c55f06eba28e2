/** The shapes the client works with: operation names and types, options, signals, connection states. */
import type { Operations, OpName } from '../schemas/types.generated'

export type { OpName }
/** An operation's arguments as they go on the wire, and its result (schemas/types.generated.ts, `npm run types`). */
export type ArgsOf<O extends OpName> = Operations[O]['args']
export type ResultOf<O extends OpName> = Operations[O]['result']

/** What the client needs of a WebSocket: the browser's, or `ws`'s in Node. */
export interface WebSocketLike {
  readonly readyState: number
  send(data: string): void
  close(code?: number, reason?: string): void
  onopen: ((event: any) => void) | null
  onmessage: ((event: { data: any }) => void) | null
  onclose: ((event: { code: number }) => void) | null
  onerror: ((event: any) => void) | null
}
export type WebSocketClass = new (url: string) => WebSocketLike

export interface ConnectOptions {
  /** The server's base URL, e.g. `http://127.0.0.1:8080` (in a page: `location.origin`). */
  url: string
  /** A session or API key; or `email` and `password` to sign in. */
  key?: string
  email?: string
  password?: string
  /** The WebSocket class (default: the global one; in Node 20 pass `require('ws')`). */
  WebSocket?: WebSocketClass
  fetch?: typeof fetch
  /** `http`: never open a socket (no signals). Default `auto`. */
  transport?: 'auto' | 'http'
  /** Reconnect delays: doubling from initialMs up to maxMs, with jitter. */
  backoff?: { initialMs?: number; maxMs?: number }
  /** How long connect() waits for the socket before it goes on over HTTP. Default 5000. */
  openTimeoutMs?: number
}

export interface Signal {
  sig: string
  meta: any
  /** The server's sequence number (once the server keeps an event log). */
  seq?: number
}
export type SignalHandler = (meta: any, signal: Signal) => void
export type ConnectionState = 'open' | 'closed' | 'signedOut'
/** `no-resume`: the server cannot replay what was missed; `reset`: it no longer keeps it. */
export type ReloadReason = 'no-resume' | 'reset'
