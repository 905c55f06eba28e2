/**
 * One signed-in or anonymous socket of the gateway (./gateway.ts): the hub's connection, the calls'
 * transport and the socket's frames, in one object per socket. Its handlers are shared by every
 * socket (a socket's object is found from the socket): an idle socket costs its fields, not a
 * score of closures and their contexts.
 */
import type { Socket } from 'node:net'
import type { Logger } from 'pino'
import { WebSocket, type RawData } from 'ws'
import type { Config } from '../config'
import type { Db } from '../db/connect'
import { stillValid, type Session } from '../auth/sessions'
import type { Transport } from '../context'
import { isDatabaseGap } from '../errors'
import { TokenBucket } from '../guards/rate-limit'
import type { Slot } from '../guards/socket-slots'
import { logTurnFailure } from '../log'
import { release, type Hub, type HubConnection } from '../realtime/hub'
import { resume } from '../realtime/resume'
import type { Dispatcher, Reply } from './dispatch'
import { callOnceHeard } from './heard'

/**
 * After a sign-in, signals wait this long for the socket's next frame, in case it is `resume`. Any
 * frame ends the wait at once, so only a socket that sends nothing waits it out; long enough for a
 * busy process (many sockets reconnecting to it at once after another process died) to read it.
 */
const HOLD_AFTER_SIGN_IN_MS = 2000

/** What every socket of the gateway shares. */
export interface GatewayShared {
  config: Config
  db: Db
  hub: Hub
  /** What a signed-in call waits for (rpc/heard.ts): every bus message sent before it came has been delivered here. */
  heardAll: () => Promise<void>
  dispatcher: Dispatcher
  log: Logger
  sessionRecheckMs: number
}

const connections = new WeakMap<WebSocket, SocketConnection>()

export class SocketConnection implements HubConnection, Transport {
  // HubConnection
  uid: string | null = null
  sessionId: string | null = null
  scope: string | null = null
  topics = new Set<string>()
  lastSeq = 0
  firstLiveSeq = 0
  held: { seq: number; text: string }[] | null = null
  // Transport
  readonly kind = 'ws'

  private session: Session | null = null
  private sessionCheckedAt = 0
  /** Counts `recheck`s: a check that was under way when one came must not count as fresh. */
  private changes = 0
  private callsUnderWay = 0
  /** Set once the session ended: the socket closes with these once its calls have replied. */
  private closing: { code: number; reason: string } | null = null
  private readonly bucket: TokenBucket
  private holdTimer: NodeJS.Timeout | null = null
  private resumes = 0
  private corked = false

  constructor(
    private readonly shared: GatewayShared,
    private readonly ws: WebSocket,
    initial: Session | null,
    workspaceIds: string[],
    readonly address: string,
    private readonly slot: Slot,
  ) {
    this.bucket = new TokenBucket(shared.config.wsMessagesPerSecond)
    connections.set(ws, this)
    ws.on('error', onError)
    ws.on('close', onClose)
    ws.on('message', onMessage)
    if (initial) this.begin(initial, workspaceIds)
  }

  send(text: string) {
    const { ws } = this
    if (ws.readyState !== WebSocket.OPEN) return
    if (ws.bufferedAmount > this.shared.config.wsMaxBufferedBytes) {
      this.shared.log.warn({ buffered: ws.bufferedAmount }, 'closing a slow consumer')
      ws.terminate()
      return
    }
    this.corkForThisTurn()
    ws.send(text)
  }

  /** The session is dropped at once: a frame already on its way is refused, not served. The socket closes once the calls it had accepted have replied (the logout's own reply among them). */
  end(code: number, reason: string) {
    this.session = null
    this.closing = { code, reason }
    if (!this.callsUnderWay) this.closeNow()
  }

  /** From now, a frame waits for the session read again; a socket no longer allowed stops hearing signals. */
  recheck() {
    this.sessionCheckedAt = 0
    this.changes++
    void this.currentSession().catch((err) => logTurnFailure(this.shared.log, err, 'session check failed'))
  }

  /** Past the address's signed-in cap the sign-in fails (429), and the call with it. */
  signIn(session: Session, _key: string, workspaceIds: string[]) {
    // A sign-in that finished after the socket closed: nothing to hear signals (the key is still answered to no one).
    if (this.ws.readyState !== WebSocket.OPEN) return
    this.slot.signIn()
    this.begin(session, workspaceIds)
  }

  /** The socket stays indexed under its session until the "session ended" message closes it. */
  signOut() {
    this.session = null
  }

  resume(uid: string, lastSeq: number | undefined) {
    return resume(this.shared.db.kysely, this, uid, lastSeq)
  }

  private begin(session: Session, workspaceIds: string[]) {
    this.session = session
    this.sessionCheckedAt = Date.now()
    this.shared.hub.signIn(this, session.uid, session.id, workspaceIds, session.apiKey?.cid ?? null)
    this.hold()
  }

  /**
   * A socket that just signed in may be reconnecting: its next frame may be `resume`, which must
   * come before any new signal. So signals wait for that frame (or HOLD_AFTER_SIGN_IN_MS without one).
   */
  private hold() {
    this.held ??= []
    if (this.holdTimer) clearTimeout(this.holdTimer)
    const timer = setTimeout(() => {
      // Released in setImmediate's turn, not the timers': a frame that came while the process was
      // busy is read in the poll turn between the two, and ends the hold itself (a resume keeps it).
      setImmediate(() => {
        if (this.holdTimer !== timer) return
        this.holdTimer = null
        if (!this.resumes) release(this)
      })
    }, HOLD_AFTER_SIGN_IN_MS)
    this.holdTimer = timer
  }

  private endHold() {
    if (this.holdTimer) clearTimeout(this.holdTimer)
    this.holdTimer = null
  }

  private closeNow() {
    const { code, reason } = this.closing!
    setImmediate(() => this.ws.close(code, reason))
  }

  /**
   * Frames sent in one turn of the event loop leave in one system call instead of one each: the
   * TCP socket is corked at the first frame and uncorked once the turn's I/O has been handled
   * (setImmediate runs right after it). A turn holds a page of signals (1,000 after a bulk update)
   * and the replies to every call whose statements came back in it: with 64 calls in flight the
   * answers of several database connections arrive together, and a write each was a third of the
   * server's time (bench:rpc, 2026-11-29). (ws corks around each frame too; Node counts corks, so
   * the frames wait for ours.)
   */
  private corkForThisTurn() {
    if (this.corked) return
    this.corked = true
    const tcp = (this.ws as unknown as { _socket: Socket })._socket
    tcp.cork()
    setImmediate(() => {
      this.corked = false
      tcp.uncork()
    })
  }

  private reply(id: unknown, r: Reply) {
    this.send(JSON.stringify({ id, ...r }))
  }

  /**
   * Sessions end or change elsewhere too (idle expiry, another process): check again now and then,
   * and at once when told (`recheck`). An API key's expiry is known, so it is checked on every call.
   */
  private async currentSession(): Promise<Session | null> {
    const { session } = this
    if (!session) return session
    const { config, db } = this.shared
    const expired = session.apiKey !== undefined && session.apiKey.expires <= Date.now()
    if (!expired && Date.now() - this.sessionCheckedAt < this.shared.sessionRecheckMs) return session
    const seen = this.changes
    // A check that meets a failover keeps the session (it was valid a moment ago) and is made again on the next frame.
    const valid = expired
      ? false
      : await stillValid(db.kysely, session, config.sessionIdleSeconds, this.address).catch((err) => (isDatabaseGap(err) ? null : Promise.reject(err)))
    if (valid === null) return this.session
    if (this.changes === seen) this.sessionCheckedAt = Date.now()
    if (!valid) {
      this.session = null
      this.shared.hub.remove(this)
    }
    return this.session
  }

  errored(err: Error) {
    this.shared.log.debug({ err }, 'socket error')
  }

  closed() {
    this.endHold()
    this.shared.hub.remove(this)
  }

  frame(data: RawData, isBinary: boolean) {
    const { ws } = this
    if (isBinary) return ws.close(1003, 'binary frames are not accepted')
    let frame: unknown
    try {
      frame = JSON.parse(data.toString())
    } catch {
      return ws.close(1003, 'frames must be JSON')
    }
    if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) {
      return this.reply(null, { error: { code: 400, msg: 'a frame must be an object {id, op, args}' } })
    }
    const { id, op, args, idempotencyKey } = frame as { id?: unknown; op?: unknown; args?: unknown; idempotencyKey?: unknown }
    if (!validId(id)) return this.reply(null, { error: { code: 400, msg: 'id must be a string (up to 128 characters) or a number' } })
    if (!this.bucket.take()) return this.reply(id, { error: { code: 429, msg: 'too many messages; slow down' } })
    // Signals wait from the moment a resume is received, so none slips in before its replay.
    const resuming = op === 'resume'
    this.endHold()
    if (resuming) {
      this.resumes++
      this.held ??= []
    } else if (!this.resumes) release(this)
    this.callsUnderWay++
    const { dispatcher, heardAll, log } = this.shared
    const call = (s: Session | null) => dispatcher.call(op, args, s, this, idempotencyKey)
    const session = this.session
    const seen = this.changes
    // Signed in: served only for a session no other process has ended or narrowed before (rpc/heard.ts).
    const answer = session
      ? callOnceHeard(
          dispatcher.readOnly(op),
          heardAll(),
          { session: () => this.currentSession(), changed: (s) => s !== this.session || this.changes !== seen },
          call,
        )
      : this.currentSession().then(call)
    answer
      .finally(() => {
        if (resuming && --this.resumes === 0) release(this)
      })
      .then((r) => this.reply(id, r))
      .catch((err) => {
        log.error({ err }, 'socket call failed')
        this.reply(id, { error: { code: 500, msg: 'internal error' } })
      })
      .finally(() => {
        if (--this.callsUnderWay === 0 && this.closing) this.closeNow()
      })
  }
}

function onError(this: WebSocket, err: Error) {
  connections.get(this)?.errored(err)
}

function onClose(this: WebSocket) {
  connections.get(this)?.closed()
}

function onMessage(this: WebSocket, data: RawData, isBinary: boolean) {
  connections.get(this)?.frame(data, isBinary)
}

function validId(id: unknown): boolean {
  return (typeof id === 'string' && id.length <= 128) || (typeof id === 'number' && Number.isFinite(id))
}
