/**
 * The durable event log. Every signal a call publishes is written to `event_log` inside the
 * call's transaction and numbered there; nothing is sent from memory. Each server process reads
 * the log forward ("tails" it) and hands new rows to its hub, so every process delivers the same
 * signals in the same order, and a reconnecting client can replay what it missed (resume.ts).
 *
 * One stream for the whole server, filtered per user: `seq` grows with every signal, and a user
 * hears the subsequence addressed to their topics (user:<uid>, workspace:<cid>) about workflows
 * they may see. Writers take one transaction-scoped advisory lock just before COMMIT, so seqs
 * become visible strictly in order: a reader that sees seq N has seen every committed seq below N.
 */
import { sql, type Kysely, type Transaction } from 'kysely'
import type { Logger } from 'pino'
import type { Database, DbHandle, EventOrigin } from '../db/schema'
import type { BusMessage } from './bus'
import { rowsTable } from '../db/rows'
import { pruneAudit } from '../db/audit'
import { isDatabaseGap } from '../errors'
import { logTurnFailure } from '../log'

/** A signal as written to the log and sent on the wire: `{sig, meta, seq}`. */
export interface LoggedSignal {
  seq: number
  topics: string[]
  sig: string
  meta: unknown
  process_id: string | null
  /** The automation run that wrote it (server/consumers/automations.ts), else null. */
  origin: EventOrigin | null
}

/** A queued message as sent to the one INSERT. */
const LOG_COLUMNS = { queued: 'integer', topics: 'text[]', sig: 'text', meta: 'jsonb', process_id: 'text' } as const

/** Any constant: the advisory lock that orders the writers of the log. */
const WRITE_LOCK = 7_340_001
/** Rows read per query when tailing or replaying. */
export const PAGE = 1000
/**
 * A tail catches up on its own this often, in case a wake-up was lost. Every commit that logs
 * signals sends one (in-process on PGlite, NOTIFY on PostgreSQL, whose LISTEN connection wakes the
 * tail again whenever it reconnects, server/realtime/bus.ts), so this is a slow safety poll: an idle
 * server reads the log once in this time, not once a second (docs/benchmarks/2026-11-28-speed.md).
 */
const POLL_MS = 30_000

/**
 * The `sig` of a logged control message (session ended, membership changed): no topic, so never
 * replayed to a client, but every process applies it in its place in the stream, so a member who
 * joins hears the signals that follow and one who leaves stops before them, on every process.
 */
export const CONTROL_SIG = '@control'

/**
 * Writes the messages a call queued to the log, in the caller's transaction and in the order they
 * were queued, marked with `origin` when an automation's run wrote them. Returns what is left to
 * send after COMMIT: one `events` wake-up for the tails.
 */
export async function logSignals(trx: Transaction<Database>, messages: BusMessage[], origin: EventOrigin | null = null): Promise<BusMessage[]> {
  const logged = messages.filter((m) => m.kind !== 'events')
  if (!logged.length) return []
  await sql`select pg_advisory_xact_lock(${WRITE_LOCK})`.execute(trx)
  const rows = logged.map((m, queued) =>
    m.kind === 'signal'
      ? { queued, topics: m.topics, sig: m.sig, meta: m.meta ?? null, process_id: workflowOf(m.sig, m.meta) }
      : { queued, topics: [], sig: CONTROL_SIG, meta: m, process_id: null },
  )
  // Numbered in the order queued, after the last seq committed: the counter moves in this transaction,
  // so it commits with these rows or not at all, and seqs have no holes (migration 120).
  await sql`with counter as (
      update realtime_state set last_seq = last_seq + ${rows.length} where id = 1 returning last_seq - ${rows.length} as before
    )
    insert into event_log (seq, created, topics, sig, meta, process_id, origin)
    select counter.before + r.queued + 1, ${Date.now()}, r.topics, r.sig, coalesce(r.meta, 'null'), r.process_id, ${origin ? JSON.stringify(origin) : null}::jsonb
    from counter, ${rowsTable('r', LOG_COLUMNS, rows)}`.execute(trx)
  return [{ kind: 'events' }]
}

/** The workflow a signal is about: `meta.processId`, or the `_id` of a `process.*` signal. */
export function workflowOf(sig: string, meta: unknown): string | null {
  const m = (meta ?? {}) as { processId?: unknown; _id?: unknown }
  if (typeof m.processId === 'string') return m.processId
  if (sig.startsWith('process.') && typeof m._id === 'string') return m._id
  return null
}

/** The wire frame of a logged signal, encoded once for every socket that hears it. */
export const signalFrame = (s: { seq: number; sig: string; meta: unknown }) => JSON.stringify({ sig: s.sig, meta: s.meta, seq: s.seq })

/** The highest committed seq, and the highest seq pruned (resuming from before it is a reset). */
export async function streamState(db: DbHandle): Promise<{ head: number; prunedThrough: number }> {
  const row = await db.selectFrom('realtime_state').select(['last_seq', 'pruned_through']).where('id', '=', 1).executeTakeFirstOrThrow()
  return { head: Number(row.last_seq), prunedThrough: Number(row.pruned_through) }
}

/** Rows after `after`, in order; only those on `topics` when given. */
export async function readAfter(db: DbHandle, after: number, topics?: string[]): Promise<LoggedSignal[]> {
  // Topics as JSON: JSON.parse reads a page of 1,000 rows' arrays in a fraction of pg's text-array parser's time.
  let query = db
    .selectFrom('event_log')
    .select(['seq', sql<string[]>`array_to_json(topics)`.as('topics'), 'sig', 'meta', 'process_id', 'origin'])
    .where('seq', '>', after)
  if (topics) query = query.where(sql<boolean>`topics && ${sql.val(topics)}::text[]`)
  return (await query.orderBy('seq').limit(PAGE).execute()) as LoggedSignal[]
}

/**
 * Reads the log forward from where it stood at start and hands the new rows to `deliver`, a page
 * at a time, in seq order, once. `wake()` after a commit (locally or through NOTIFY); a timer covers
 * lost wake-ups. A page whose delivery fails is read again at the next wake-up.
 */
export class EventTail {
  private delivered = 0
  private afterFailover = false
  private running: Promise<void> | null = null
  private again = false
  private timer: NodeJS.Timeout | null = null

  constructor(
    private db: DbHandle,
    private deliver: (rows: LoggedSignal[]) => Promise<void>,
    private log: Logger,
  ) {}

  async start() {
    this.delivered = (await streamState(this.db)).head
    this.timer = setInterval(() => this.wake(), POLL_MS)
    this.timer.unref()
  }

  stop() {
    if (this.timer) clearInterval(this.timer)
  }

  wake() {
    if (this.running) {
      this.again = true
      return
    }
    this.running = this.catchUp()
      .catch((err) => {
        // A failover: the poll reads again once the new primary answers.
        if (isDatabaseGap(err)) return void (this.afterFailover = true)
        this.log.error({ err }, 'reading the event log failed')
      })
      .finally(() => (this.running = null))
  }

  /** Resolves once every signal committed before the call has been delivered. */
  async flush() {
    while (this.running) await this.running
    this.wake()
    await this.running
  }

  /**
   * After a failover the log cannot stand below what was delivered with a synchronous standby (a
   * commit returns once the standby has it). A promoted asynchronous standby may lack the last
   * commits, and their seqs then go to new signals: those are delivered, not skipped as seen.
   */
  private async checkHead() {
    const { head } = await streamState(this.db)
    this.afterFailover = false
    if (head >= this.delivered) return
    this.log.error({ delivered: this.delivered, head }, 'the event log stands below what was delivered: the new primary lacks commits')
    this.delivered = head
  }

  private async catchUp() {
    if (this.afterFailover) await this.checkHead()
    do {
      this.again = false
      for (;;) {
        const rows = await readAfter(this.db, this.delivered)
        if (!rows.length) break
        await this.deliver(rows)
        this.delivered = rows[rows.length - 1].seq
        if (rows.length < PAGE) break
      }
    } while (this.again)
  }
}

const IDEMPOTENCY_HOURS = 24

/**
 * Deletes log rows older than the retention, and idempotency keys older than 24 hours, in
 * batches of `batch` rows, at most `maxBatches` per run: bounded work, repeated by the timer.
 *
 * A row an enabled durable consumer (a webhook, server/consumers/) has not passed yet is kept
 * however old: the log is cut at the slowest enabled cursor. A subscription whose event keeps
 * failing is disabled after WEBHOOK_DISABLE_AFTER_HOURS, and then holds nothing back.
 */
export async function prune(db: Kysely<Database>, retentionMs: number, batch = 5000, maxBatches = 10): Promise<number> {
  let removed = 0
  for (let i = 0; i < maxBatches; i++) {
    const cutoff = Date.now() - retentionMs
    const n = await db.transaction().execute(async (trx) => {
      const gone = await sql<{ seq: number }>`
        delete from event_log where seq in (
          select seq from event_log where created < ${cutoff}
            and seq <= coalesce((select min(position) from consumer_cursors where enabled), seq)
          order by seq limit ${batch}
        ) returning seq`.execute(trx)
      if (!gone.rows.length) return 0
      const highest = Math.max(...gone.rows.map((r) => Number(r.seq)))
      await sql`update realtime_state set pruned_through = greatest(pruned_through, ${highest}) where id = 1`.execute(trx)
      return gone.rows.length
    })
    removed += n
    if (n < batch) break
  }
  const keyCutoff = Date.now() - IDEMPOTENCY_HOURS * 3600_000
  for (let i = 0; i < maxBatches; i++) {
    const gone = await sql`
      delete from idempotency_keys where (uid, key) in (
        select uid, key from idempotency_keys where created < ${keyCutoff} limit ${batch}
      )`.execute(db)
    if (Number(gone.numAffectedRows ?? 0) < batch) break
  }
  return removed
}

/**
 * Runs `prune` now and then, never two at once, and with it the audit trail's retention
 * (server/db/audit.ts); the interval is a quarter of the shorter retention, at most a minute.
 */
export function startPruning(db: Kysely<Database>, retention: { eventsMs: number; auditMs: number }, log: Logger): () => void {
  let busy = false
  const timer = setInterval(
    () => {
      if (busy) return
      busy = true
      Promise.all([
        prune(db, retention.eventsMs).catch((err) => logTurnFailure(log, err, 'pruning the event log failed')),
        pruneAudit(db, retention.auditMs).catch((err) => logTurnFailure(log, err, 'pruning the audit trail failed')),
      ]).finally(() => (busy = false))
    },
    Math.max(250, Math.min(60_000, retention.eventsMs / 4, retention.auditMs / 4)),
  )
  timer.unref()
  return () => clearInterval(timer)
}
