/**
 * A durable consumer of the event log: something that must handle every event of the log that
 * concerns one of its subscriptions, once each (at least once), in seq order, across restarts and
 * across the server processes sharing one database. Webhooks are one (./webhooks.ts).
 *
 * Each subscription has a cursor row in `consumer_cursors` (server/db/consumers.ts): the seq it
 * has handled up to (`position`), when it may run next (`due`) and the failures of the event it is
 * on. A process works on a subscription only while it holds its claim: the row is claimed with
 * `FOR UPDATE SKIP LOCKED` and marked `claimed_until` a lease, so two processes never work on one
 * subscription at once and no transaction stays open while an event is handled (an HTTP request may
 * take seconds). A process that dies holding a claim leaves it to expire: the event it was on is
 * handled again, by whichever process claims the row next.
 *
 * Work starts when the bus says new events are in the log (after every commit, through NOTIFY on
 * PostgreSQL), when a retry falls due (a timer of the process that recorded the failure), and on a
 * slow safety poll that covers a lost wake-up or a process that died: never a tight idle poll.
 *
 * Delivery yields to the process's calls (`gap`): before each step it waits for a gap between
 * them, so the writes that make the events are not slowed by handling them; under a burst a backlog
 * builds and drains in the gaps and after it (order and cursors are unchanged by the wait).
 *
 * Subscriptions on the same topics (a workspace's webhooks) that keep up with the log read it through
 * one `LogWindow` (./log-window.ts): each page once for all of them, not once each.
 *
 * A claim that reached the log's head is held for the next events, for up to half its lease, instead
 * of being released and claimed again after every write: ten webhooks of a busy workspace would
 * otherwise cost some thirty statements per write (claims, loads, releases). At each wake-up one
 * statement tells the process its head and which of its claims are still its own
 * (`ownClaims`): changing, disabling or removing a subscription cuts its claim, and it is claimed
 * again as it is now. Held claims do not count against `concurrency`.
 *
 * One event at a time per subscription: the next waits until the one before succeeded. A failure
 * keeps the cursor on the event and sets `due` after a backoff (exponential, with jitter); an event
 * that has failed for `disableAfterMs` disables the subscription. The event log's pruning keeps every
 * event an enabled cursor has not passed (server/realtime/event-log.ts).
 */
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Context } from '../context'
import { backoffMs } from '../backoff'
import { logTurnFailure } from '../log'
import { claimDue, deleteCursor, disableCursor, ownClaims, type CursorRow, releaseCursor, saveProgress, saveFailure } from '../db/consumers'
import type { Database } from '../db/schema'
import type { LoggedSignal } from '../realtime/event-log'
import { LogWindow } from './log-window'

/** What handling one event came to. */
export type Outcome =
  /** Done: the cursor moves past the event. */
  | { ok: true }
  /** Try the same event again after a backoff. */
  | { ok: false }
  /** The subscription cannot go on (its creator lost access): it is disabled with this reason. */
  | { ok: false; disable: string }

/** What a consumer provides: its subscriptions' own data and what it does with one event. */
export interface ConsumerHandler<S> {
  /** The consumer's name in `consumer_cursors.consumer`. */
  name: string
  /** The subscription behind a claimed cursor; null when it is gone (its cursor is then removed). */
  load(db: Kysely<Database>, cursor: CursorRow): Promise<S | null>
  /** The log topics its events are on (the log is read for those only). */
  topics(subscription: S): string[]
  /** Whether the subscription wants this event (after the topic filter). */
  wants(subscription: S, event: LoggedSignal): boolean
  /** Told when a held claim goes on with new events (the claim is as if made now: what it read before may be stale). */
  resumed?(subscription: S): void
  /** Called before `handle` with the next events it will get (up to 100): to read what they need at once. */
  prepare?(subscription: S, events: LoggedSignal[]): Promise<void>
  /** Handles one event; `attempt` counts from 1. Must not throw (a throw counts as a failure). */
  handle(subscription: S, event: LoggedSignal, attempt: number): Promise<Outcome>
  /** Called before the cursor's progress is written: write what `handle` kept back (records of attempts). */
  flush?(subscription: S): Promise<void>
  /** Told after the consumer disabled a subscription (its event failed too long, or `disable`). */
  disabled(subscription: S, reason: string): Promise<void>
}

export interface ConsumerOptions {
  /** The first retry's delay; it doubles per attempt, with jitter, up to `maxBackoffMs`. */
  retryBaseMs: number
  maxBackoffMs?: number
  /** An event failing this long disables its subscription. */
  disableAfterMs: number
  /** How long a claim holds: longer than handling one event can take. */
  leaseMs: number
  /** The safety poll. */
  pollMs?: number
  /** Subscriptions worked on at once by this process. */
  concurrency?: number
  /**
   * Awaited before each step (a page of the log, an event): resolves at a gap between the process's
   * calls, so the writes that make the events go first (server/rpc/calls.ts). None: no waiting.
   */
  gap?: () => Promise<void>
}

const SAFETY_POLL_MS = 15_000
/** Progress is written after this many events or this long, whichever comes first (and at the end of a claim). */
const SAVE_EVERY_EVENTS = 200
const SAVE_EVERY_MS = 1000
/** A claim waiting at the log's head saves its progress (and the attempts it made) once no event came for this long. */
const SAVE_WHEN_QUIET_MS = 200
/** Events handed to `prepare` at once. */
const PREPARE_EVENTS = 100
const MAX_BACKOFF_MS = 3600_000
/** A window that no subscription read for this long is dropped (its subscriptions were removed or fell behind). */
const WINDOW_IDLE_MS = 60_000

/** The log's head as a statement read it, and how many wake-ups the process had before (`DurableConsumer.wakes`). */
interface Head {
  seq: number
  heard: number
}

/** One claim of a subscription, while `DurableConsumer.work` holds it. */
interface Claim<S> {
  cursor: CursorRow
  /** Loaded once claimed; null: not yet, or gone. */
  subscription: S | null
  /** Whether the claim may go on: the consumer runs and half its lease has not passed. */
  inTime: () => boolean
  /** The seq handled up to, and up to which that is saved (when). */
  position: number
  saved: number
  savedAt: number
  /** Failed attempts of the event it is on. */
  attempts: number
}

/** What a held claim is told: the log's new head, its claim was cut, or nothing came for a while. */
type HoldEnd = Head | 'cut' | 'quiet'

/** After the call commits, every process's durable consumers look again (one enabled, rewound or tested). */
export const wakeConsumers = (ctx: Context) => ctx.later(({ bus }) => bus.emit([{ kind: 'events' }]))

export class DurableConsumer<S> {
  /** This process's name on its claims. */
  private readonly owner = randomUUID()
  private running: Promise<void> | null = null
  private again = false
  private stopped = false
  private poll: NodeJS.Timeout | null = null
  private retry: NodeJS.Timeout | null = null
  private retryAt = Infinity
  /** The work under way, by subscription (held claims included). */
  private readonly working = new Map<string, Promise<void>>()
  /** The claims waiting at the log's head (`hold`), by subscription: the position they reached and how to wake them. */
  private readonly held = new Map<string, { position: number; end: (how: HoldEnd) => void }>()
  /** The last round left held claims or due subscriptions for want of room: a claim that waits or ends makes some. */
  private full = false
  /** Wake-ups so far: a claim whose head was read before the last one may have missed events. */
  private wakes = 0
  /** The log windows, by topics. */
  private readonly windows = new Map<string, LogWindow>()

  constructor(
    private readonly db: Kysely<Database>,
    private readonly handler: ConsumerHandler<S>,
    private readonly options: ConsumerOptions,
    private readonly log: Logger,
  ) {}

  start() {
    this.poll = setInterval(() => this.wake(), this.options.pollMs ?? SAFETY_POLL_MS)
    this.poll.unref()
    this.wake()
  }

  /** Stops claiming; resolves once the work under way ended (its claims are released). */
  async stop() {
    this.stopped = true
    if (this.poll) clearInterval(this.poll)
    if (this.retry) clearTimeout(this.retry)
    while (this.running) await this.running
    for (const { end } of this.held.values()) end('quiet')
    await Promise.all(this.working.values())
  }

  /** The window on these topics (made on first use); drops the windows no one read for a while. */
  private window(topics: string[]): LogWindow {
    const key = topics.join(' ')
    for (const [k, w] of this.windows) if (Date.now() - w.usedAt > WINDOW_IDLE_MS) this.windows.delete(k)
    let window = this.windows.get(key)
    if (!window) this.windows.set(key, (window = new LogWindow(this.db, topics)))
    return window
  }

  /** Resolves at a gap between the process's calls (ConsumerOptions.gap). */
  private readonly gap = () => this.options.gap?.() ?? Promise.resolve()

  /** New events, or a subscription changed: claims what is due. Cheap when nothing is. */
  wake() {
    this.wakes++
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    this.running = this.round()
      .catch((err) => logTurnFailure(this.log, err, `a durable consumer failed (${this.handler.name})`))
      .finally(() => (this.running = null))
  }

  /**
   * Claims due subscriptions while this process has room for them, and starts their work without
   * waiting for it: a slow receiver holds its own subscription only, and each work that ends makes
   * room and wakes the consumer again.
   */
  private async round() {
    const concurrency = this.options.concurrency ?? 8
    const active = () => this.working.size - this.held.size
    do {
      this.again = false
      this.full = false
      if (this.held.size) {
        await this.gap()
        const heard = this.wakes
        const { ids, head } = await ownClaims(this.db, this.handler.name, this.owner)
        for (const [id, { position, end }] of this.held) {
          if (!ids.has(id)) end('cut')
          else if (position >= head) continue
          else if (active() < concurrency) end({ seq: head, heard })
          else this.full = true
        }
      }
      while (!this.stopped && active() < concurrency) {
        await this.gap()
        const heard = this.wakes
        const { claimed, head } = await claimDue(this.db, this.handler.name, this.owner, this.options.leaseMs, concurrency - active(), [...this.working.keys()])
        if (!claimed.length) break
        for (const cursor of claimed) {
          const work = this.work(cursor, { seq: head, heard })
            .catch((err) => logTurnFailure(this.log, err, `a durable consumer failed (${this.handler.name}, ${cursor.id})`))
            .finally(() => {
              this.working.delete(cursor.id)
              this.wake()
            })
          this.working.set(cursor.id, work)
        }
      }
      if (active() >= concurrency) this.full = true
    } while (this.again && !this.stopped)
  }

  /**
   * Waits at the log's head for the next events (`round` ends the wait), for `ms` at most ('quiet').
   * `head`: the head the claim worked up to; a wake-up since it was read was for events it has not seen.
   */
  private hold(id: string, position: number, head: Head, ms: number): Promise<HoldEnd> {
    if (this.stopped) return Promise.resolve('quiet')
    return new Promise((resolve) => {
      const timer = setTimeout(() => end('quiet'), ms)
      const end = (how: HoldEnd) => {
        clearTimeout(timer)
        this.held.delete(id)
        resolve(how)
      }
      this.held.set(id, { position, end })
      if (this.full || this.wakes !== head.heard) this.wake()
    })
  }

  /**
   * Handles a claimed subscription's events up to the log's head, then holds the claim for the next
   * ones, until an event fails, the claim is cut or half the lease has passed.
   */
  private async work(cursor: CursorRow, head: Head) {
    const { name } = this.handler
    // Half the lease at most per claim: what is left goes to the next round (or another process).
    const stopAt = Date.now() + this.options.leaseMs / 2
    const claim: Claim<S> = {
      cursor,
      subscription: null,
      inTime: () => !this.stopped && Date.now() < stopAt,
      position: Number(cursor.position),
      saved: Number(cursor.position),
      savedAt: Date.now(),
      attempts: cursor.attempts,
    }
    try {
      claim.subscription = await this.handler.load(this.db, cursor)
      if (!claim.subscription) return void (await deleteCursor(this.db, name, cursor.id))
      const window = this.window(this.handler.topics(claim.subscription))
      for (;;) {
        if ((await this.catchUp(claim, claim.subscription, window, head)) === 'failed') return
        if (!claim.inTime()) return
        // At the head: the claim waits for the next events; its progress is saved once the log is
        // quiet for a moment, or as in catchUp while events keep coming.
        const left = stopAt - Date.now()
        const next = await this.hold(cursor.id, claim.position, head, claim.position !== claim.saved ? Math.min(SAVE_WHEN_QUIET_MS, left) : left)
        if (next === 'cut') return
        if (next === 'quiet') await this.save(claim, true)
        else {
          head = next
          this.handler.resumed?.(claim.subscription)
        }
      }
    } finally {
      // The last progress and the release in one statement, once the attempts are written.
      const release = async () => {
        if (claim.subscription) await this.handler.flush?.(claim.subscription)
        await releaseCursor(this.db, name, cursor.id, this.owner, claim.position !== claim.saved ? claim.position : undefined)
      }
      await release().catch((err) => logTurnFailure(this.log, err, `saving a consumer cursor failed (${name})`))
    }
  }

  /**
   * Handles the claim's events up to `head`, while it is in time. 'failed': an event failed and the
   * claim was let go (with a retry due, or the subscription disabled).
   */
  private async catchUp(claim: Claim<S>, subscription: S, window: LogWindow, head: Head): Promise<'failed' | undefined> {
    const { inTime } = claim
    while (inTime() && claim.position < head.seq) {
      await this.gap()
      const page = await window.page(claim.position, head.seq)
      const rows = page.rows.filter((r) => r.seq <= head.seq)
      const wanted = rows.filter((r) => this.handler.wants(subscription, r))
      const isWanted = new Set(wanted)
      let next = 0
      let prepared = 0
      for (const event of rows) {
        if (!inTime()) break
        if (!isWanted.has(event)) {
          claim.position = event.seq
          continue
        }
        await this.gap()
        if (!inTime()) break
        // What the next events need is read for several at once (a handler's records).
        if (next === prepared) {
          prepared = next + PREPARE_EVENTS
          await this.handler.prepare?.(subscription, wanted.slice(next, prepared))
        }
        next++
        const outcome = await this.handler.handle(subscription, event, claim.attempts + 1).catch((err): Outcome => {
          this.log.error({ err, consumer: this.handler.name, id: claim.cursor.id, seq: event.seq }, 'handling an event failed')
          return { ok: false }
        })
        if (!outcome.ok) {
          await this.failed(claim, subscription, event, outcome)
          return 'failed'
        }
        claim.position = event.seq
        claim.attempts = 0
        await this.save(claim)
      }
      // A page read through without a break: the log holds nothing more for it up to `through`.
      if (inTime()) claim.position = Math.max(claim.position, Math.min(page.through, head.seq))
      await this.save(claim)
    }
  }

  /** After an event failed: a retry after a backoff, or the subscription disabled; the claim is let go either way. */
  private async failed(claim: Claim<S>, subscription: S, event: LoggedSignal, outcome: Outcome & { ok: false }) {
    const { name } = this.handler
    const { cursor, attempts } = claim
    await this.save(claim, true)
    const failingSince = attempts > 0 && cursor.failing_since !== null ? Number(cursor.failing_since) : Date.now()
    const reason =
      'disable' in outcome
        ? outcome.disable
        : Date.now() - failingSince >= this.options.disableAfterMs
          ? `event ${event.seq} failed for ${lasted(Date.now() - failingSince)}`
          : null
    if (reason) {
      await disableCursor(this.db, name, cursor.id)
      await this.handler.disabled(subscription, reason)
      return
    }
    const delay = backoffMs(attempts + 1, this.options.retryBaseMs, this.options.maxBackoffMs ?? MAX_BACKOFF_MS)
    await saveFailure(this.db, name, cursor.id, this.owner, attempts + 1, failingSince, Date.now() + delay)
    this.retryIn(delay)
  }

  /**
   * Writes the claim's progress now and then, not after every event (`force`: now): a process that
   * dies repeats at most the events since (at least once, with their same ids). The handler's
   * records of attempts are written first.
   */
  private async save(claim: Claim<S>, force = false) {
    if (!force && claim.position - claim.saved < SAVE_EVERY_EVENTS && Date.now() - claim.savedAt < SAVE_EVERY_MS) return
    if (claim.subscription) await this.handler.flush?.(claim.subscription)
    if (claim.position !== claim.saved) await saveProgress(this.db, this.handler.name, claim.cursor.id, this.owner, claim.position)
    claim.saved = claim.position
    claim.savedAt = Date.now()
  }

  /** A wake-up when the earliest retry this process scheduled falls due. */
  private retryIn(delay: number) {
    const at = Date.now() + delay
    if (at >= this.retryAt && this.retry) return
    if (this.retry) clearTimeout(this.retry)
    this.retryAt = at
    this.retry = setTimeout(() => {
      this.retry = null
      this.retryAt = Infinity
      this.wake()
    }, delay + 5)
    this.retry.unref()
  }
}

/** A failure's length in words, in the largest unit it fills at least twice: "3 days", "5 hours", "3 seconds". */
function lasted(ms: number): string {
  for (const [unit, size] of [
    ['day', 86_400_000],
    ['hour', 3_600_000],
    ['minute', 60_000],
  ] as const) {
    if (ms >= 2 * size) return `${Math.floor(ms / size)} ${unit}s`
  }
  const seconds = Math.round(ms / 1000)
  return `${seconds} second${seconds === 1 ? '' : 's'}`
}
