/**
 * Which socket hears what. A signed-in connection is indexed by its user and session and
 * subscribed to `user:<uid>` and `workspace:<cid>` for each workspace the user belongs to.
 * A signal is encoded once and written to every subscribed connection.
 *
 * Logged signals (with a seq) reach a connection once and in order: it remembers the last seq it
 * sent, and while it is held (a resume replaying the log) new ones wait in `held`.
 */
import type { BusMessage } from './bus'
import { signalFrame, type LoggedSignal } from './event-log'

export interface HubConnection {
  uid: string | null
  sessionId: string | null
  /** An API key's workspace: the socket never hears another, whatever its user joins. */
  scope: string | null
  topics: Set<string>
  /** The highest seq sent on this connection. */
  lastSeq: number
  /** The first seq sent live (0: none yet): from it to lastSeq the connection has heard everything. */
  firstLiveSeq: number
  /** Signals waiting while the connection is held; null when it is live. */
  held: { seq: number; text: string }[] | null
  send(text: string): void
  /** Closes the socket because its session ended. */
  end(code: number, reason: string): void
  /** Reads the session again now, and before the next call is served (it changed elsewhere). */
  recheck(): void
}

export class Hub {
  private byTopic = new Map<string, Set<HubConnection>>()
  private byUser = new Map<string, Set<HubConnection>>()
  private bySession = new Map<string, Set<HubConnection>>()

  /** `sessionChanged`: told of every session or key that ended or changed (the HTTP key cache, server/auth/key-cache.ts). */
  constructor(private sessionChanged: (sessionId: string) => void = () => {}) {}

  signIn(conn: HubConnection, uid: string, sessionId: string, workspaceIds: string[], scope: string | null = null) {
    this.remove(conn)
    conn.uid = uid
    conn.sessionId = sessionId
    conn.scope = scope
    add(this.byUser, uid, conn)
    add(this.bySession, sessionId, conn)
    this.subscribe(conn, `user:${uid}`)
    for (const cid of workspaceIds) this.subscribe(conn, `workspace:${cid}`)
  }

  remove(conn: HubConnection) {
    for (const topic of conn.topics) drop(this.byTopic, topic, conn)
    conn.topics.clear()
    if (conn.uid) drop(this.byUser, conn.uid, conn)
    if (conn.sessionId) drop(this.bySession, conn.sessionId, conn)
    conn.uid = conn.sessionId = conn.scope = null
  }

  /**
   * A signal read from the event log: to every subscriber that has not had it yet. For a signal
   * about a workflow, `viewers` (who may see it now) narrows its workspace topics; its user topics
   * are heard regardless (people told of a change that took the workflow out of their sight).
   */
  deliverLogged(signal: LoggedSignal, viewers: Set<string> | null = null) {
    const subscribers = new Set<HubConnection>()
    for (const topic of signal.topics) {
      const narrowed = viewers !== null && topic.startsWith('workspace:')
      for (const conn of this.byTopic.get(topic) ?? []) if (!narrowed || viewers.has(conn.uid!)) subscribers.add(conn)
    }
    if (!subscribers.size) return
    const text = signalFrame(signal)
    const about = workspaceOfSignal(signal.meta)
    for (const conn of subscribers) if (!conn.scope || !about || about === conn.scope) sendLogged(conn, signal.seq, text)
  }

  deliver(message: BusMessage) {
    switch (message.kind) {
      case 'events':
        return
      case 'signal': {
        const subscribers = this.subscribersOf(message.topics)
        if (!subscribers.size) return
        const text = JSON.stringify({ sig: message.sig, meta: message.meta })
        const about = workspaceOfSignal(message.meta)
        for (const conn of subscribers) if (!conn.scope || !about || about === conn.scope) conn.send(text)
        return
      }
      case 'sessionEnded':
        this.sessionChanged(message.sessionId)
        for (const conn of [...(this.bySession.get(message.sessionId) ?? [])]) conn.end(1000, 'session ended')
        return
      case 'sessionChanged':
        this.sessionChanged(message.sessionId)
        for (const conn of [...(this.bySession.get(message.sessionId) ?? [])]) conn.recheck()
        return
      case 'membership':
        for (const conn of this.byUser.get(message.uid) ?? []) {
          if (conn.scope && conn.scope !== message.cid) continue
          const topic = `workspace:${message.cid}`
          if (message.member) this.subscribe(conn, topic)
          else this.unsubscribe(conn, topic)
        }
        return
    }
  }

  private subscribersOf(topics: string[]): Set<HubConnection> {
    const subscribers = new Set<HubConnection>()
    for (const topic of topics) for (const conn of this.byTopic.get(topic) ?? []) subscribers.add(conn)
    return subscribers
  }

  private subscribe(conn: HubConnection, topic: string) {
    conn.topics.add(topic)
    add(this.byTopic, topic, conn)
  }

  private unsubscribe(conn: HubConnection, topic: string) {
    conn.topics.delete(topic)
    drop(this.byTopic, topic, conn)
  }
}

/**
 * The workspace a signal's meta names (`cid`, or `workspaceId`), if any: a socket signed in with an
 * API key hears only its own workspace's, also on its user's topic.
 */
export function workspaceOfSignal(meta: unknown): string | undefined {
  if (typeof meta !== 'object' || meta === null) return undefined
  const { cid, workspaceId } = meta as { cid?: unknown; workspaceId?: unknown }
  return typeof cid === 'string' ? cid : typeof workspaceId === 'string' ? workspaceId : undefined
}

/** Whether an API key's socket (scope: its workspace) may hear a signal with these topics and meta. */
export function inScope(scope: string | null, topics: string[], meta: unknown): boolean {
  if (!scope) return true
  const about = workspaceOfSignal(meta)
  if (about && about !== scope) return false
  return topics.some((t) => !t.startsWith('workspace:') || t === `workspace:${scope}`)
}

/** Sends a logged signal once, in order; a held connection keeps it for later. */
export function sendLogged(conn: HubConnection, seq: number, text: string) {
  if (conn.held) conn.held.push({ seq, text })
  else if (seq > conn.lastSeq) {
    conn.lastSeq = seq
    conn.firstLiveSeq ||= seq
    conn.send(text)
  }
}

/** Makes a held connection live: what waited is sent, minus what it already had. */
export function release(conn: HubConnection) {
  const held = conn.held
  conn.held = null
  for (const { seq, text } of held ?? []) sendLogged(conn, seq, text)
}

function add<K, V>(index: Map<K, Set<V>>, key: K, value: V) {
  let set = index.get(key)
  if (!set) index.set(key, (set = new Set()))
  set.add(value)
}

function drop<K, V>(index: Map<K, Set<V>>, key: K, value: V) {
  const set = index.get(key)
  if (!set) return
  set.delete(value)
  if (set.size === 0) index.delete(key)
}
