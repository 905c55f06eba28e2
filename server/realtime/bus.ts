/**
 * After-commit fan-out. Operations queue messages during a call; dispatch hands them to the bus
 * only after COMMIT. With PGlite (one process) the bus delivers in-process; with a PostgreSQL
 * server it goes through NOTIFY so every server process sharing the database delivers it too.
 */
import type pg from 'pg'
import { primaryClient, primaryPool } from '../db/hosts'
import { isDatabaseGap } from '../errors'

export type BusMessage =
  /**
   * One signal for every connection subscribed to any of `topics` (each hears it once). What a call
   * queues (signals and the control messages below) is written to the event log and travels as an
   * `events` wake-up instead; only transient signals (progress) travel as they are, without a seq.
   */
  | { kind: 'signal'; topics: string[]; sig: string; meta: unknown }
  /** New signals are in the event log: every process reads them from there (event-log.ts). */
  | { kind: 'events' }
  /**
   * A session ended (logout, revocation): its sockets close. Logged like the others, and also sent as
   * it is before the call replies (server/rpc/dispatch.ts), so no process waits for the log to hear it.
   */
  | { kind: 'sessionEnded'; sessionId: string }
  /** What a session or API key allows changed (a key's whitelist): its sockets read it again before their next call. */
  | { kind: 'sessionChanged'; sessionId: string }
  /** A user joined or left a workspace: their sockets (un)subscribe its topic. */
  | { kind: 'membership'; uid: string; cid: string; member: boolean }
  /**
   * Function work is queued (values marked stale, a workflow-wide run started) or, with `modes`, a
   * workspace switched its fast mode: every process's drain looks (server/functions/drain.ts).
   */
  | { kind: 'functions'; modes?: boolean }
  /** A wall post is scheduled for `at` (ms): every process's wall scheduler wakes then (server/domain/wall/scheduler.ts). */
  | { kind: 'wall'; at: number }

export interface Bus {
  emit(messages: BusMessage[]): Promise<void>
  /**
   * Resolves once every message any process sent before this call has been delivered here. A
   * signed-in client's call is answered only once it resolves (a write waits for it, a read runs
   * meanwhile: server/rpc/heard.ts): a logout through another process that has replied has closed
   * the door here too, however the two messages raced (key-cache.ts).
   */
  heardAll(): Promise<void>
  close(): Promise<void>
}

type Deliver = (message: BusMessage) => void

export function localBus(deliver: Deliver): Bus {
  return {
    async emit(messages) {
      for (const m of messages) deliver(m)
    },
    // Delivery is part of emit: what was sent has been heard.
    async heardAll() {},
    async close() {},
  }
}

const CHANNEL = 'hlr_bus'
/** NOTIFY payloads must stay under 8000 bytes; larger signals are cut down to their ids. */
const MAX_NOTIFY_BYTES = 7900

/** How long the LISTEN connection waits before connecting again after it was lost (a failover), at first and at most. */
const RELISTEN_MS = [100, 1000]

/**
 * NOTIFY through a small pool, LISTEN on one connection of its own; both to the primary (db/hosts.ts).
 * The LISTEN connection is made again whenever it is lost (a failover, a restart of PostgreSQL), and
 * each time it listens again the event log is read (an `events` wake-up): what was committed while
 * no connection listened is delivered then, not at the next poll.
 */
export async function postgresBus(databaseUrl: string, deliver: Deliver, onError: (err: unknown) => void): Promise<Bus> {
  let closed = false
  let listener: pg.Client | null = null
  let retry: NodeJS.Timeout | null = null

  async function listen() {
    const client = await primaryClient(databaseUrl)
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return
      try {
        deliver(JSON.parse(n.payload) as BusMessage)
      } catch (err) {
        onError(err)
      }
    })
    // A failover is expected to end the connection: only other errors are reported.
    client.on('error', (err) => isDatabaseGap(err) || onError(err))
    client.on('end', () => {
      if (listener === client) listener = null
      if (!closed) listenAgain(RELISTEN_MS[0]!)
    })
    await client.query(`LISTEN ${CHANNEL}`)
    if (closed) return void (await client.end())
    listener = client
  }

  function listenAgain(delay: number) {
    retry = setTimeout(() => {
      retry = null
      listen().then(
        () => deliver({ kind: 'events' }),
        (err) => {
          if (!isDatabaseGap(err)) onError(err)
          if (!closed) listenAgain(Math.min(delay * 2, RELISTEN_MS[1]!))
        },
      )
    }, delay)
    retry.unref()
  }

  /**
   * A query on the LISTEN connection answers only after the notifications PostgreSQL queued for it
   * before the query arrived (they are sent first, on the same connection, and delivered as they are
   * read). One query at a time serves every caller that came before it started; callers that come
   * while it runs wait for the next one. Without a connection (listening again after a failover),
   * nothing waits: listening again reads the event log, which holds every message.
   */
  let syncing: Promise<void> | null = null
  let nextSync: Promise<void> | null = null
  function heardAll(): Promise<void> {
    const client = listener
    if (!client) return Promise.resolve()
    if (!syncing) {
      syncing = client.query('select 1').then(
        () => {},
        () => {},
      )
      void syncing.then(() => (syncing = null))
      return syncing
    }
    nextSync ??= syncing.then(() => {
      nextSync = null
      return heardAll()
    })
    return nextSync
  }

  await listen()
  const sender = primaryPool(databaseUrl, { max: 2 })
  return {
    async emit(messages) {
      for (const m of messages) {
        for (const payload of fitNotify(m)) await sender.query('select pg_notify($1, $2)', [CHANNEL, payload])
      }
    },
    heardAll,
    async close() {
      closed = true
      if (retry) clearTimeout(retry)
      await listener?.end()
      await sender.end()
    },
  }
}

/** One or more NOTIFY payloads under the limit: a long topic list is split, a large meta cut to its id. */
function fitNotify(message: BusMessage): string[] {
  const text = JSON.stringify(message)
  if (Buffer.byteLength(text) <= MAX_NOTIFY_BYTES || message.kind !== 'signal') return [text]
  let signal = message
  const meta = message.meta as { _id?: unknown } | null
  if (Buffer.byteLength(JSON.stringify(message.meta)) > MAX_NOTIFY_BYTES / 2) {
    signal = { ...message, meta: { _id: meta?._id ?? null, truncated: true } }
  }
  const payloads: string[] = []
  let topics: string[] = []
  const flush = () => topics.length && payloads.push(JSON.stringify({ ...signal, topics }))
  for (const topic of signal.topics) {
    if (Buffer.byteLength(JSON.stringify({ ...signal, topics: [...topics, topic] })) > MAX_NOTIFY_BYTES) {
      flush()
      topics = []
    }
    topics.push(topic)
  }
  flush()
  return payloads
}
