/**
 * The background work of function fields: the durable queue, then workflow-wide runs (./runs.ts).
 *
 * The drain of the durable queue: function values a write left stale (over its budget, after a
 * function was changed, or when it could not finish) are evaluated here, after the write
 * committed, and at every start (the queue is a table: a crash loses nothing). One batch of one
 * workspace at a time, the workspaces in turn: read and evaluated with no transaction open, then
 * written in a short transaction, each value only if its inputs did not change meanwhile
 * (./recompute.ts); a value whose inputs did is left stale for a later batch. Several server
 * processes may drain at once: they may evaluate a value twice, never write a stale one. Signals of
 * the values that changed go out after each batch commits.
 *
 * An idle server does not poll: the drain wakes when told there is work (`wake`, from a bus
 * message a write sends after it commits: values marked stale, a run started, a fast mode
 * switched; or from the volatile sweep), looks FRESH_MS later (what a call marked is the call's to
 * evaluate first), and goes on while it finds work. A slow safety poll (FUNCTION_DRAIN_MS) finds
 * what a lost notification would have announced. A pass that fails (a deadlock, a connection lost
 * in a failover) leaves its work queued and is tried again after a backoff from FRESH_MS, doubling
 * up to the safety poll.
 *
 * Each pass also reads which workspaces have switched the fast mode on (settings.fastFunctions),
 * at most every MODES_EVERY_MS, and at once after a switch: the process that serves
 * v2.network.fastFunctions.set switches at once, the others when its notification reaches them.
 */
import { sql, type Kysely } from 'kysely'
import type { Logger } from 'pino'
import { backoffMs } from '../backoff'
import { logTurnFailure } from '../log'
import type { Database } from '../db/schema'
import type { Bus } from '../realtime/bus'
import type { Context } from '../context'
import type { Evaluator } from './evaluator'
import { propagate, type Signal } from './recompute'
import { writeLogged } from './logged-write'
import { runChunk } from './runs'

export const MODES_EVERY_MS = 5000
/**
 * A value marked stale this recently is left to the call that marked it, which evaluates it right
 * after its commit; the drain takes it after that (or at once when the call never got to it).
 */
export const FRESH_MS = 1000

export class Drain {
  private timer: NodeJS.Timeout | null = null
  /** The next pass, due at `soonAt` (one at a time: a wake-up meanwhile joins it, or brings it forward). */
  private soon: NodeJS.Timeout | null = null
  private soonAt = Infinity
  private modesRead = 0
  private running: Promise<void> | null = null
  /** A pass was asked for while one was running: another follows it. */
  private again = false
  /** Passes that failed in a row (a deadlock, a connection lost in a failover): the next waits a backoff. */
  private failures = 0
  private closed = false

  constructor(
    private deps: {
      db: Kysely<Database>
      functions: Evaluator
      bus: Bus
      log: Logger
      /** The safety poll, in ms. */
      intervalMs: number
      batch: number
      /** How the values a batch changed are told, given the batch's context (server/domain/function-values.ts). */
      signal(ctx: Context): Signal
    },
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.deps.intervalMs)
    this.timer.unref()
    void this.tick()
  }

  /**
   * There is work, or soon will be (values marked stale now are taken FRESH_MS later); `modes`: a
   * workspace switched its fast mode, read the modes again.
   */
  wake(modes = false): void {
    if (modes) this.modesRead = 0
    this.passAt(Date.now() + FRESH_MS)
  }

  /** A pass at `at` (ms), or earlier when one is due earlier already. */
  private passAt(at: number): void {
    if (this.closed || (this.soon && this.soonAt <= at)) return
    if (this.soon) clearTimeout(this.soon)
    this.soonAt = at
    this.soon = setTimeout(
      () => {
        this.soon = null
        this.soonAt = Infinity
        void this.tick()
      },
      Math.max(0, at - Date.now()),
    )
    this.soon.unref()
  }

  /** Evaluates everything queued now (also what this evaluation queues); resolves when the queue is empty. */
  async tick(): Promise<void> {
    if (this.closed) return
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = this.drainAll()
      .then((due) => {
        this.failures = 0
        if (due !== null) this.passAt(due)
      })
      .catch((err) => {
        logTurnFailure(this.deps.log, err, 'function queue drain failed')
        // What the pass was on is still queued: it is looked at again after a backoff, not left to the safety poll.
        this.passAt(Date.now() + backoffMs(++this.failures, FRESH_MS, this.deps.intervalMs))
      })
      .finally(() => {
        this.running = null
        if (this.again && !this.closed) {
          this.again = false
          void this.tick()
        }
      })
    return this.running
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.timer) clearInterval(this.timer)
    if (this.soon) clearTimeout(this.soon)
    await this.running
  }

  /**
   * The queue first (values users see as stale), then one chunk of a workflow-wide run, until both
   * are empty. The queue is taken in rounds of one batch per workspace, so a workspace with a long
   * queue (a function changed on a large workflow) does not hold back the others' values. A
   * workspace whose batch stored nothing (its inputs kept changing) waits for the next pass.
   * When the next pass is due (ms), or null: nothing is queued.
   */
  private async drainAll(): Promise<number | null> {
    const { db } = this.deps
    if (Date.now() - this.modesRead >= MODES_EVERY_MS) await this.readModes()
    const waitNextTick = new Set<string>()
    /** The workspaces that had a batch in this round. */
    const served = new Set<string>()
    let worked = false
    for (;;) {
      if (this.closed) return null
      const waiting = await db
        .selectFrom('function_state')
        .select('cid')
        .where('dirty', '=', true)
        .where('since', '<', Date.now() - FRESH_MS)
        .where('cid', 'not in', [...waitNextTick, ...served, ''])
        .limit(1)
        .executeTakeFirst()
      if (waiting) {
        worked = true
        served.add(waiting.cid)
        if (!(await this.drainBatch(waiting.cid))) waitNextTick.add(waiting.cid)
        continue
      }
      if (served.size) {
        served.clear()
        continue
      }
      if (await runChunk(db, this.deps.functions, (m) => this.deps.bus.emit(m), this.deps.signal)) {
        worked = true
        continue
      }
      // Values marked too recently to take now are due FRESH_MS after their mark: a wake-up may
      // have come before they were (it joined a pass already due), or none may come (their
      // process died right after the write). What this pass left for later is due FRESH_MS from now.
      const fresh = await this.freshDue([...waitNextTick])
      return worked ? Math.min(Date.now() + FRESH_MS, fresh ?? Infinity) : fresh
    }
  }

  /** When the earliest value marked too recently to take now falls due (ms), or null; `skipped`: workspaces left for the next pass. */
  private async freshDue(skipped: string[]): Promise<number | null> {
    const earliest = await this.deps.db
      .selectFrom('function_state')
      .select((eb) => eb.fn.min('since').as('since'))
      .where('dirty', '=', true)
      .where('cid', 'not in', [...skipped, ''])
      .executeTakeFirst()
    return earliest?.since == null ? null : Number(earliest.since) + FRESH_MS + 1
  }

  private async readModes(): Promise<void> {
    const readAt = Date.now()
    const fast = await this.deps.db
      .selectFrom('workspaces')
      .select('_id')
      .where(sql<boolean>`(settings->>'fastFunctions')::boolean is true`)
      .execute()
    this.deps.functions.setFastWorkspaces(
      fast.map((w) => w._id),
      readAt,
    )
    this.modesRead = Date.now()
  }

  /**
   * One batch of a workspace's stale values, oldest first, of one origin (the oldest's: an
   * automation run's, or none; server/db/event-origin.ts), so the events the batch writes carry it;
   * whether any was stored.
   */
  private async drainBatch(cid: string): Promise<boolean> {
    const { db, functions } = this.deps
    const oldest = await db
      .selectFrom('function_state')
      .select(['activity_id', 'field_key', 'origin'])
      .where('cid', '=', cid)
      .where('dirty', '=', true)
      .where('since', '<', Date.now() - FRESH_MS)
      .orderBy('since')
      .limit(this.deps.batch)
      .execute()
    if (!oldest.length) return true
    const origin = oldest[0].origin ?? null
    const rows = oldest.filter((r) => JSON.stringify(r.origin ?? null) === JSON.stringify(origin))
    const forced = rows.map((r) => ({ activityId: r.activity_id, fieldKey: r.field_key }))
    const propagation = await propagate({ db, functions }, cid, [], { forced, budget: this.deps.batch, drain: true })
    const { written, wake } = await db.transaction().execute((trx) => writeLogged(trx, propagation, this.deps.signal, origin))
    if (wake.length) await this.deps.bus.emit(wake)
    return written.stored > 0
  }
}
