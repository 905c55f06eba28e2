/**
 * One connection to the server, for browsers and Node: every call goes over one WebSocket while it
 * is open, and over the HTTP mirror while it is not; the socket reconnects with backoff by itself.
 *
 * After a reconnect the client signs the socket in again (`auth`) and asks the server to replay the
 * signals it missed (`resume [lastSeq]`). A server without `resume` answers 501: the client then
 * fires `onReload` so the application reloads what it shows (the same happens when the server
 * answers that the missed signals are no longer kept: `reset`).
 *
 * A call that was sent and not answered when the connection went away is sent again when it is
 * safe: reads, and every call made signed in, which carries an idempotency key so the server runs it
 * once however often it arrives. Other calls reject with a 503 HlrError (`details.lost`).
 */
import { HlrError, lostReply, type WireError } from './errors'
import { httpCall, Unreachable } from './http'
import { READ_ONLY_OPERATIONS } from '../schemas/types.generated'
import type { ArgsOf, ConnectionState, ConnectOptions, OpName, ReloadReason, ResultOf, Signal, SignalHandler, WebSocketClass, WebSocketLike } from './types'

interface PendingCall {
  id: number
  op: string
  args: unknown[]
  idempotencyKey?: string
  retryable: boolean
  resolve(value: unknown): void
  reject(error: unknown): void
}

const SESSION_OPS = new Set(['auth', 'login', 'logout', 'resume'])
/** Reads (as the server declares them, `readOnly`) are safe to repeat, so they are retried without a key. */
const isRead = (op: string) => READ_ONLY_OPERATIONS.has(op)

export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export class HlrClient {
  /** The session key once signed in. */
  key: string | undefined
  /** The last signal sequence number heard (undefined before the server numbers signals). */
  lastSeq: number | undefined
  /** Whether the server has `resume` (undefined until asked). */
  resumeAvailable: boolean | undefined
  readonly base: string
  private readonly wsUrl: string
  private readonly WS: WebSocketClass | undefined
  readonly fetcher: typeof fetch
  private readonly backoff: { initialMs: number; maxMs: number }
  private socket: WebSocketLike | null = null
  private socketReady = false
  private everReady = false
  private closing = false
  private attempt = 0
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined
  private nextId = 1
  private readonly pending = new Map<number, PendingCall>()
  private readonly signalHandlers = new Map<string, Set<SignalHandler>>()
  private readonly reloadHandlers = new Set<(reason: ReloadReason) => void>()
  private readonly stateHandlers = new Set<(state: ConnectionState) => void>()

  constructor(options: ConnectOptions) {
    this.base = options.url.replace(/\/+$/, '')
    this.wsUrl = this.base.replace(/^http/, 'ws') + '/ws'
    this.key = options.key
    this.WS = options.transport === 'http' ? undefined : (options.WebSocket ?? (globalThis as { WebSocket?: WebSocketClass }).WebSocket)
    this.fetcher = options.fetch ?? globalThis.fetch.bind(globalThis)
    this.backoff = { initialMs: options.backoff?.initialMs ?? 250, maxMs: options.backoff?.maxMs ?? 15_000 }
  }

  /** Calls an operation; rejects with HlrError carrying the wire code. */
  call<O extends OpName>(op: O, ...args: ArgsOf<O>): Promise<ResultOf<O>> {
    return this.callUntyped(op, ...(args as unknown[])) as Promise<ResultOf<O>>
  }

  /** For operations the generated types do not know yet. */
  callUntyped(op: string, ...args: unknown[]): Promise<unknown> {
    const keyed = !!this.key && !SESSION_OPS.has(op) && !isRead(op)
    return new Promise((resolve, reject) => {
      this.dispatch({
        id: this.nextId++,
        op,
        args,
        idempotencyKey: keyed ? newIdempotencyKey() : undefined,
        retryable: keyed || SESSION_OPS.has(op) || isRead(op),
        resolve,
        reject,
      })
    })
  }

  async login(email: string, password: string): Promise<string> {
    return this.call('login', email, password)
  }

  /** Listens to a pushed signal (`'*'` for all); returns a function that stops listening. */
  on(signal: string, handler: SignalHandler): () => void {
    if (!this.signalHandlers.has(signal)) this.signalHandlers.set(signal, new Set())
    this.signalHandlers.get(signal)!.add(handler)
    return () => this.signalHandlers.get(signal)?.delete(handler)
  }

  /** Fires when signals may have been missed and cannot be replayed: reload what is shown. */
  onReload(handler: (reason: ReloadReason) => void): () => void {
    this.reloadHandlers.add(handler)
    return () => this.reloadHandlers.delete(handler)
  }

  onConnection(handler: (state: ConnectionState) => void): () => void {
    this.stateHandlers.add(handler)
    return () => this.stateHandlers.delete(handler)
  }

  /** True while calls go over the socket (and signals arrive). */
  get live(): boolean {
    return this.socketReady
  }

  /** Opens the socket; resolves once it is ready, or after `timeoutMs` (calls then use HTTP). */
  start(timeoutMs = 5000): Promise<void> {
    if (!this.WS) return Promise.resolve()
    this.openSocket()
    return new Promise((resolve) => {
      const timer = setTimeout(done, timeoutMs)
      const stop = this.onConnection(done)
      function done() {
        clearTimeout(timer)
        stop()
        resolve()
      }
    })
  }

  /** Closes the socket for good; calls under way reject. */
  close(): void {
    this.closing = true
    clearTimeout(this.reconnectTimer)
    this.socket?.close(1000, 'client closed')
    this.dropSocket(false)
  }

  private dispatch(call: PendingCall) {
    if (this.socketReady && this.socket) this.sendFrame(this.socket, call)
    else void this.viaHttp(call)
  }

  private sendFrame(socket: WebSocketLike, call: PendingCall) {
    this.pending.set(call.id, call)
    const frame: Record<string, unknown> = { id: call.id, op: call.op, args: call.args }
    if (call.idempotencyKey) frame.idempotencyKey = call.idempotencyKey
    socket.send(JSON.stringify(frame))
  }

  private async viaHttp(call: PendingCall) {
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await httpCall(this.base, this.fetcher, { op: call.op, args: call.args, key: this.key, idempotencyKey: call.idempotencyKey })
        return this.settle(call, result)
      } catch (err) {
        if (!(err instanceof Unreachable)) return call.reject(err)
        if (!call.retryable || attempt >= 5) return call.reject(lostReply(call.op))
        await sleep(this.delay(attempt))
        if (this.socketReady) return this.dispatch(call)
      }
    }
  }

  private settle(call: PendingCall, result: unknown) {
    if (call.op === 'login' && typeof result === 'string') {
      this.key = result
      // Learn where the signal sequence stands, so a later reconnect can resume from here.
      if (this.socketReady) void this.resume(false).catch(() => {})
    }
    if (call.op === 'logout') this.key = undefined
    call.resolve(result)
  }

  /** A call on a socket that is not ready yet (the handshake). */
  private handshakeCall(socket: WebSocketLike, op: string, args: unknown[]): Promise<unknown> {
    return new Promise((resolve, reject) => this.sendFrame(socket, { id: this.nextId++, op, args, retryable: false, resolve, reject }))
  }

  private openSocket() {
    const socket = new this.WS!(this.wsUrl)
    this.socket = socket
    socket.onopen = () => void this.handshake(socket)
    socket.onmessage = (event) => this.onFrame(JSON.parse(String(event.data)))
    socket.onclose = (event) => {
      if (socket !== this.socket) return
      if (event.code === 1000 && this.key) {
        // The server ended this session (logout here or elsewhere): go on signed out.
        this.key = undefined
        this.emitState('signedOut')
      }
      this.dropSocket(true)
    }
    socket.onerror = () => {}
  }

  private async handshake(socket: WebSocketLike) {
    try {
      if (this.key) await this.handshakeCall(socket, 'auth', [this.key])
      if (this.key) await this.resume(this.everReady, socket)
    } catch (err) {
      if (err instanceof HlrError && err.code === 401) {
        this.key = undefined
        this.emitState('signedOut')
      } else return socket.close(4000, 'handshake failed')
    }
    if (socket !== this.socket) return
    this.socketReady = true
    this.everReady = true
    this.attempt = 0
    this.emitState('open')
  }

  /** Replays the missed signals; without `resume` on the server, asks the application to reload. */
  private async resume(reconnected: boolean, socket = this.socket!) {
    if (this.resumeAvailable === false) {
      if (reconnected) this.emitReload('no-resume')
      return
    }
    try {
      const result = (await this.handshakeCall(socket, 'resume', this.lastSeq === undefined ? [] : [this.lastSeq])) as { seq: number; reset: boolean }
      this.resumeAvailable = true
      this.lastSeq = result.seq
      if (result.reset) this.emitReload('reset')
    } catch (err) {
      if (!(err instanceof HlrError) || err.code !== 501) throw err
      this.resumeAvailable = false
      if (reconnected) this.emitReload('no-resume')
    }
  }

  private onFrame(frame: { id?: number; result?: unknown; error?: WireError } & Partial<Signal>) {
    if (typeof frame.sig === 'string') {
      if (typeof frame.seq === 'number') this.lastSeq = Math.max(this.lastSeq ?? 0, frame.seq)
      const signal = frame as Signal
      for (const name of [signal.sig, '*']) for (const handler of this.signalHandlers.get(name) ?? []) handler(signal.meta, signal)
      return
    }
    const call = this.pending.get(frame.id as number)
    if (!call) return
    this.pending.delete(call.id)
    if (frame.error) call.reject(new HlrError(call.op, frame.error))
    else this.settle(call, frame.result)
  }

  /** Forgets the socket; unanswered calls go again (over HTTP until a new socket is ready) or fail. */
  private dropSocket(reconnect: boolean) {
    const wasReady = this.socketReady
    this.socket = null
    this.socketReady = false
    const unanswered = [...this.pending.values()]
    this.pending.clear()
    for (const call of unanswered) {
      if (this.closing || !call.retryable) call.reject(lostReply(call.op))
      else this.dispatch(call)
    }
    if (wasReady) this.emitState('closed')
    if (reconnect && !this.closing) {
      clearTimeout(this.reconnectTimer)
      this.reconnectTimer = setTimeout(() => this.openSocket(), this.delay(this.attempt++))
    }
  }

  private delay(attempt: number): number {
    const ms = Math.min(this.backoff.maxMs, this.backoff.initialMs * 2 ** attempt)
    return ms / 2 + (Math.random() * ms) / 2
  }

  private emitState(state: ConnectionState) {
    for (const handler of this.stateHandlers) handler(state)
  }

  private emitReload(reason: ReloadReason) {
    for (const handler of this.reloadHandlers) handler(reason)
  }
}

/** Connects, and signs in when given a key or an e-mail and password. */
export async function connect(options: ConnectOptions): Promise<HlrClient> {
  const client = new HlrClient(options)
  await client.start(options.openTimeoutMs)
  if (options.email !== undefined && options.password !== undefined) await client.login(options.email, options.password)
  else if (options.key && !client.key) {
    client.close()
    throw new HlrError('auth', { code: 401, msg: 'the key is unknown, expired or revoked' })
  }
  return client
}
