/**
 * The WebSocket gateway at /ws, on the HTTP server's port (ws in noServer mode).
 * Before the upgrade: path, Origin allow-list, connection cap, the key if one is presented (an
 * unknown key is a raw 401), and the caps per client address (a raw 429: guards/socket-slots.ts).
 * After: one heartbeat for all sockets, and each socket served by its SocketConnection (one JSON
 * object per text frame, calls run concurrently and answered by id, a rate limit per connection
 * (429), a cap on a slow consumer's unsent bytes: ./socket-connection.ts).
 */
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocket, WebSocketServer } from 'ws'
import { resolveKey, signalWorkspaces } from '../auth/sessions'
import { keyFromRequest } from '../auth/credentials'
import { upgradeAllowed } from '../auth/origins'
import { SocketConnection, type GatewayShared } from './socket-connection'
import type { Session } from '../auth/sessions'
import { SocketSlots, type Slot } from '../guards/socket-slots'
import { databaseGap, isDatabaseGap, RpcError } from '../errors'

/**
 * The close reason of a server going away (deploy, restart): with code 1001 it tells a client to
 * reconnect (to any process) and call `resume` with the last seq it heard.
 */
export const RESTART_REASON = 'restart'

export interface Gateway {
  /** Closes every socket with 1001 (going away) and the reason `restart`. */
  closeAll(): void
  stop(): void
}

interface Deps extends Omit<GatewayShared, 'sessionRecheckMs'> {
  server: Server
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
  const shared: GatewayShared = { config, db, hub, heardAll, dispatcher, log, sessionRecheckMs }
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
    slotOf.set(socket, slot)
    socket.on('close', releaseSlot)
    wss.handleUpgrade(req, socket, head, (ws) => {
      answered.add(ws)
      ws.on('pong', markAlive)
      new SocketConnection(shared, ws, session, workspaceIds, address, slot)
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

/** Each upgraded socket's slot, for its close handler. */
const slotOf = new WeakMap<Duplex, Slot>()

/** A socket's close handler, made once (not a closure or bound function per socket): gives its slot back (a slot's release is idempotent). */
function releaseSlot(this: Duplex) {
  slotOf.get(this)?.release()
}

/** A raw HTTP answer to the upgrade; with an error, its wire object as the JSON body. */
function refuse(socket: Duplex, status: number, text: string, error?: RpcError) {
  const body = error ? JSON.stringify({ code: error.code, msg: error.message, details: error.details }) : ''
  const type = error ? 'Content-Type: application/json\r\n' : ''
  if (socket.writable) socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\n${type}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`)
  socket.destroy()
}
