/**
 * The background work of function fields: the durable queue, then workflow-wide runs (./runs.ts).
 *
 * The drain of the durable queue: function values a write left dirty (over its budget, or after a
 * function was changed) are evaluated here, after the write committed, and at every start (the
 * queue is a table: a crash loses nothing). One transaction per workspace and batch; rows are
 * taken with SKIP LOCKED, so several server processes share the work without doing it twice.
 * Signals of the values that changed go out after each batch commits.
 *
 * Each tick also reads which workspaces have switched the fast mode on (settings.fastFunctions),
 * at most every MODES_EVERY_MS: the process that serves v2.network.fastFunctions.set switches at
 * once, the others within that time.
 */
import { sql, type Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Database } from '../db/schema'
import type { Bus, BusMessage } from '../realtime/bus'
import type { Context } from '../context'
import type { Evaluator } from './evaluator'
import { propagate, type PropagationContext } from './recompute'
import { runChunk } from './runs'

export const MODES_EVERY_MS = 5000

export class Drain {
  private timer: NodeJS.Timeout | null = null
  private modesRead = 0
  private running: Promise<void> | null = null
  private closed = false

  constructor(
    private deps: {
      db: Kysely<Database>
      functions: Evaluator
      bus: Bus
      log: Logger
      intervalMs: number
      batch: number
      /** How the values a batch changed are told, given the batch's context (server/domain/function-values.ts). */
      signal(ctx: Context): PropagationContext['signal']
    },
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.deps.intervalMs)
    this.timer.unref()
    void this.tick()
  }

  /** Evaluates everything queued now (also what this evaluation queues); resolves when the queue is empty. */
  async tick(): Promise<void> {
    if (this.running || this.closed) return this.running ?? undefined
    this.running = this.drainAll()
      .catch((err) => this.deps.log.error({ err }, 'function queue drain failed'))
      .finally(() => (this.running = null))
    return this.running
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.timer) clearInterval(this.timer)
    await this.running
  }

  /** The queue first (values users see as stale), then one chunk of a workflow-wide run, until both are empty. */
  private async drainAll(): Promise<void> {
    const { db } = this.deps
    if (Date.now() - this.modesRead >= MODES_EVERY_MS) await this.readModes()
    for (;;) {
      if (this.closed) return
      const waiting = await db.selectFrom('function_state').select('cid').where('dirty', '=', true).limit(1).executeTakeFirst()
      if (waiting) {
        await this.drainBatch(waiting.cid)
        continue
      }
      if (!(await runChunk(db, this.deps.functions, (m) => this.deps.bus.emit(m)))) return
    }
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

  private async drainBatch(cid: string): Promise<void> {
    const signals: BusMessage[] = []
    await this.deps.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('function_state')
        .select(['activity_id', 'field_key'])
        .where('cid', '=', cid)
        .where('dirty', '=', true)
        .orderBy('since')
        .limit(this.deps.batch)
        .forUpdate()
        .skipLocked()
        .execute()
      if (!rows.length) return
      const ctx = {
        db: trx,
        publish: (topic: string | string[], sig: string, meta: unknown) =>
          signals.push({ kind: 'signal', topics: typeof topic === 'string' ? [topic] : topic, sig, meta }),
      } as unknown as Context
      const forced = rows.map((r) => ({ activityId: r.activity_id, fieldKey: r.field_key }))
      await propagate(
        {
          db: trx,
          functions: this.deps.functions,
          signal: this.deps.signal(ctx),
        },
        cid,
        [],
        { forced, budget: this.deps.batch, drain: true },
      )
    })
    if (signals.length) await this.deps.bus.emit(signals)
  }
}
