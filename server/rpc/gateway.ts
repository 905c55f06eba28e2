/**
 * The WebSocket gateway at /ws, on the HTTP server's port (ws in noServer mode).
 * Before the upgrade: path, Origin allow-list, connection cap, the key if one is presented (an
 * unknown key is a raw 401), and the caps per client address (a raw 429: guards/socket-slots.ts).
 * After: one JSON object per text frame, calls run concurrently and are answered by id; a rate
 * limit per connection (429), a heartbeat, and a cap on a slow consumer's unsent bytes.
 */
import type { IncomingMessage, Server } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import type { Logger } from 'pino'
import { WebSocket, WebSocketServer, type RawData } from 'ws'
import type { Config } from '../config'
import type { Db } from '../db/connect'
import { resolveKey, signalWorkspaces, stillValid } from '../auth/sessions'
import { keyFromRequest } from '../auth/credentials'
import { upgradeAllowed } from '../auth/origins'
import { release, type Hub, type HubConnection } from '../realtime/hub'
import { resume } from '../realtime/resume'
import type { Dispatcher, Reply } from './dispatch'
import { callOnceHeard } from './heard'
import type { Session } from '../auth/sessions'
import type { Transport } from '../context'
import { TokenBucket } from '../guards/rate-limit'
import { SocketSlots, type Slot } from '../guards/socket-slots'
import { databaseGap, isDatabaseGap, RpcError } from '../errors'
import { logTurnFailure } from '../log'

/**
 * The close reason of a server going away (deploy, restart): with code 1001 it tells a client to
 * reconnect (to any process) and call `resume` with the last seq it heard.
 */
export const RESTART_REASON = 'restart'
/**
 * After a sign-in, signals wait this long for the socket's next frame, in case it is `resume`. Any
 * frame ends the wait at once, so only a socket that sends nothing waits it out; long enough for a
 * busy process (many sockets reconnecting to it at once after another process died) to read it.
 */
const HOLD_AFTER_SIGN_IN_MS = 2000

export interface Gateway {
  /** Closes every socket with 1001 (going away) and the reason `restart`. */
  closeAll(): void
  stop(): void
}

interface Deps {
  server: Server
  config: Config
  db: Db
  hub: Hub
  /** What a signed-in call waits for (rpc/heard.ts): every bus message sent before it came has been delivered here. */
  heardAll: () => Promise<void>
  dispatcher: Dispatcher
  log: Logger
}

export function attachGateway({ server, config, db, hub, heardAll, dispatcher, log }: Deps): Gateway {
  const wss = new WebSocketServer({ noServer: true, maxPayload: config.wsMaxPayloadBytes })
  // One heartbeat for all sockets (not a timer each): a socket that did not answer the last ping is
  // ended, the others are pinged again. A socket counts as answered from its connection on.
  const answered = new WeakSet<WebSocket>()
  function markAlive(this: WebSocket) {
    answered.add(this)
  }
  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (!answered.has(ws)) ws.terminate()
      else {
        answered.delete(ws)
        ws.ping()
      }
    }
  }, config.wsHeartbeatSeconds * 1000)
  heartbeat.unref()
  const sessionRecheckMs = Math.min(60_000, (config.sessionIdleSeconds * 1000) / 4)
  const slots = new SocketSlots({ anonymous: config.wsMaxAnonymousPerAddress, signedIn: config.wsMaxSignedInPerAddress })

  server.on('upgrade', (req, socket, head) => {
    upgrade(req, socket, head).catch((err) => {
      // A sign-in that meets a failover is told to come back, as a call would be.
      if (isDatabaseGap(err)) return refuse(socket, 503, 'Service Unavailable', databaseGap())
      log.error({ err }, 'upgrade failed')
      refuse(socket, 500, 'Internal Server Error')
    })
  })

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    socket.on('error', destroyOnError)
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname !== '/ws') return refuse(socket, 404, 'Not Found')
    if (!upgradeAllowed(req, config)) return refuse(socket, 403, 'Forbidden')
    if (wss.clients.size >= config.wsMaxConnections) return refuse(socket, 503, 'Service Unavailable')
    const key = keyFromRequest(req)
    const address = req.socket.remoteAddress ?? ''
    let session: Session | null = null
    if (key) {
      session = await resolveKey(db.kysely, key, config.sessionIdleSeconds, address)
      if (!session) return refuse(socket, 401, 'Unauthorized')
    }
    const workspaceIds = session ? await signalWorkspaces(db.kysely, session) : []
    if (socket.destroyed) return
    let slot: Slot
    try {
      slot = slots.take(address, session ? 'signedIn' : 'anonymous')
    } catch (err) {
      if (!(err instanceof RpcError)) throw err
      return refuse(socket, 429, 'Too Many Requests', err)
    }
    // The TCP socket closes once whatever happens to the upgrade, and when the WebSocket closes.
    socket.once('close', slot.release)
    wss.handleUpgrade(req, socket, head, (ws) => {
      answered.add(ws)
      serve(ws, session, workspaceIds, address, slot)
    })
  }

  function serve(ws: WebSocket, initial: Session | null, workspaceIds: string[], address: string, slot: Slot) {
    let session = initial
    let sessionCheckedAt = Date.now()
    /** Counts `recheck`s: a check that was under way when one came must not count as fresh. */
    let changes = 0
    let callsUnderWay = 0
    let closeWhenAnswered: (() => void) | null = null
    const bucket = new TokenBucket(config.wsMessagesPerSecond)

    const conn: HubConnection = {
      uid: null,
      sessionId: null,
      scope: null,
      topics: new Set(),
      lastSeq: 0,
      firstLiveSeq: 0,
      held: null,
      send: (text) => send(text),
      // The session is dropped at once: a frame already on its way is refused, not served. The socket
      // closes once the calls it had accepted have replied (the logout's own reply among them).
      end: (code, reason) => {
        session = null
        closeWhenAnswered = () => setImmediate(() => ws.close(code, reason))
        if (!callsUnderWay) closeWhenAnswered()
      },
      // From now, a frame waits for the session read again; a socket no longer allowed stops hearing signals.
      recheck: () => {
        sessionCheckedAt = 0
        changes++
        void currentSession().catch((err) => logTurnFailure(log, err, 'session check failed'))
      },
    }
    // A socket that just signed in may be reconnecting: its next frame may be `resume`, which must
    // come before any new signal. So signals wait for that frame (or HOLD_AFTER_SIGN_IN_MS without one).
    let holdTimer: NodeJS.Timeout | null = null
    let resumes = 0
    const hold = () => {
      conn.held ??= []
      if (holdTimer) clearTimeout(holdTimer)
      const timer = setTimeout(() => {
        // Released in setImmediate's turn, not the timers': a frame that came while the process was
        // busy is read in the poll turn between the two, and ends the hold itself (a resume keeps it).
        setImmediate(() => {
          if (holdTimer !== timer) return
          holdTimer = null
          if (!resumes) release(conn)
        })
      }, HOLD_AFTER_SIGN_IN_MS)
      holdTimer = timer
    }
    const endHold = () => {
      if (holdTimer) clearTimeout(holdTimer)
      holdTimer = null
    }
    const signIn = (s: Session, ids: string[]) => {
      session = s
      sessionCheckedAt = Date.now()
      hub.signIn(conn, s.uid, s.id, ids, s.apiKey?.cid ?? null)
      hold()
    }
    if (initial) signIn(initial, workspaceIds)

    const transport: Transport = {
      kind: 'ws',
      address,
      // Past the address's signed-in cap the sign-in fails (429), and the call with it.
      signIn: (s, _key, ids) => {
        slot.signIn()
        signIn(s, ids)
      },
      // The socket stays indexed under its session until the "session ended" message closes it.
      signOut: () => (session = null),
      resume: (uid, lastSeq) => resume(db.kysely, conn, uid, lastSeq),
    }

    // Frames sent in one turn of the event loop (a page of signals: 1,000 after a bulk update) leave
    // in one system call instead of one each: the TCP socket is corked at the first frame and
    // uncorked once the turn's synchronous work is done. (ws corks around each frame too; Node
    // counts corks, so the frames wait for ours.)
    const tcp = (ws as unknown as { _socket: Socket })._socket
    let corked = false
    function corkForThisTurn() {
      if (corked) return
      corked = true
      tcp.cork()
      process.nextTick(() => {
        corked = false
        tcp.uncork()
      })
    }
    function send(text: string) {
      if (ws.readyState !== WebSocket.OPEN) return
      if (ws.bufferedAmount > config.wsMaxBufferedBytes) {
        log.warn({ buffered: ws.bufferedAmount }, 'closing a slow consumer')
        ws.terminate()
        return
      }
      corkForThisTurn()
      ws.send(text)
    }
    const reply = (id: unknown, r: Reply) => send(JSON.stringify({ id, ...r }))

    /**
     * Sessions end or change elsewhere too (idle expiry, another process): check again now and then,
     * and at once when told (`recheck`). An API key's expiry is known, so it is checked on every call.
     */
    async function currentSession(): Promise<Session | null> {
      if (!session) return session
      const expired = session.apiKey !== undefined && session.apiKey.expires <= Date.now()
      if (!expired && Date.now() - sessionCheckedAt < sessionRecheckMs) return session
      const seen = changes
      // A check that meets a failover keeps the session (it was valid a moment ago) and is made again on the next frame.
      const valid = expired
        ? false
        : await stillValid(db.kysely, session, config.sessionIdleSeconds, address).catch((err) => (isDatabaseGap(err) ? null : Promise.reject(err)))
      if (valid === null) return session
      if (changes === seen) sessionCheckedAt = Date.now()
      if (!valid) {
        session = null
        hub.remove(conn)
      }
      return session
    }

    ws.on('error', (err) => log.debug({ err }, 'socket error'))
    ws.on('pong', markAlive)
    ws.on('close', () => {
      endHold()
      hub.remove(conn)
    })

    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return ws.close(1003, 'binary frames are not accepted')
      let frame: unknown
      try {
        frame = JSON.parse(data.toString())
      } catch {
        return ws.close(1003, 'frames must be JSON')
      }
      if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) {
        return reply(null, { error: { code: 400, msg: 'a frame must be an object {id, op, args}' } })
      }
      const { id, op, args, idempotencyKey } = frame as { id?: unknown; op?: unknown; args?: unknown; idempotencyKey?: unknown }
      if (!validId(id)) return reply(null, { error: { code: 400, msg: 'id must be a string (up to 128 characters) or a number' } })
      if (!bucket.take()) return reply(id, { error: { code: 429, msg: 'too many messages; slow down' } })
      // Signals wait from the moment a resume is received, so none slips in before its replay.
      const resuming = op === 'resume'
      endHold()
      if (resuming) {
        resumes++
        conn.held ??= []
      } else if (!resumes) release(conn)
      callsUnderWay++
      const call = (s: Session | null) => dispatcher.call(op, args, s, transport, idempotencyKey)
      const seen = changes
      // Signed in: served only for a session no other process has ended or narrowed before (rpc/heard.ts).
      const answer = session
        ? callOnceHeard(dispatcher.readOnly(op), heardAll(), { session: currentSession, changed: (s) => s !== session || changes !== seen }, call)
        : currentSession().then(call)
      answer
        .finally(() => {
          if (resuming && --resumes === 0) release(conn)
        })
        .then((r) => reply(id, r))
        .catch((err) => {
          log.error({ err }, 'socket call failed')
          reply(id, { error: { code: 500, msg: 'internal error' } })
        })
        .finally(() => {
          if (--callsUnderWay === 0) closeWhenAnswered?.()
        })
    })
  }

  return {
    closeAll() {
      clearInterval(heartbeat)
      for (const ws of wss.clients) ws.close(1001, RESTART_REASON)
    },
    stop() {
      clearInterval(heartbeat)
      for (const ws of wss.clients) ws.terminate()
      wss.close()
    },
  }
}

/**
 * A socket's error handler, made once: a closure made in `upgrade` would keep the upgrade's request,
 * headers and all, for as long as the socket lives.
 */
function destroyOnError(this: Duplex) {
  this.destroy()
}

function validId(id: unknown): boolean {
  return (typeof id === 'string' && id.length <= 128) || (typeof id === 'number' && Number.isFinite(id))
}

/** A raw HTTP answer to the upgrade; with an error, its wire object as the JSON body. */
function refuse(socket: Duplex, status: number, text: string, error?: RpcError) {
  const body = error ? JSON.stringify({ code: error.code, msg: error.message, details: error.details }) : ''
  const type = error ? 'Content-Type: application/json\r\n' : ''
  if (socket.writable) socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\n${type}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`)
  socket.destroy()
}
