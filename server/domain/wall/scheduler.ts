/**
 * Publishes scheduled wall posts when their time comes. The schedule lives in the database
 * (wall_posts.state = 'scheduled', schedule_time): the scheduler looks for due posts once at start,
 * then sleeps until the earliest scheduled time it read (one indexed query after each round), or
 * until `wake(at)` names an earlier one: wall2.post schedules a post and sends a `wall` message on
 * the bus after it commits, heard by every process (NOTIFY on PostgreSQL). It never sleeps longer
 * than `safetyMs`, so a lost message delays a post by at most that. A post whose time passed while
 * the server was down appears as soon as it is up again, and never before its time. An idle server
 * thus runs one round a `safetyMs` instead of one a second (docs/benchmarks/2026-11-28-speed.md).
 *
 * Several server processes may share one PostgreSQL: each takes due posts with FOR UPDATE SKIP
 * LOCKED, so a post is published exactly once. Signals are written to the event log in the same
 * transaction; mail goes out after the commit.
 */
import type { Logger } from 'pino'
import { logTurnFailure } from '../../log'
import type { Db } from '../../db/connect'
import type { Mail, Mailer } from '../../mail'
import type { Bus, BusMessage } from '../../realtime/bus'
import { logSignals } from '../../realtime/event-log'
import { publishPost, type Outbox } from './publish'

/** Due posts taken per transaction. */
const BATCH = 100

/** The longest the scheduler sleeps: what a lost `wall` message can delay a post by. */
export const WALL_SAFETY_MS = 60_000

export interface WallScheduler {
  /** A post is scheduled for `at` (ms): a round runs then, if before the next one planned. */
  wake(at: number): void
  /** Waits for a round under way, then stops. */
  stop(): Promise<void>
}

export function startWallScheduler(deps: { db: Db; bus: Bus; mailer: Mailer; log: Logger }, safetyMs = WALL_SAFETY_MS): WallScheduler {
  let timer: NodeJS.Timeout | null = null
  /** When the timer fires (ms); Infinity while a round runs (it arms the timer when it ends). */
  let nextAt = Infinity
  let running: Promise<void> = Promise.resolve()
  let stopped = false

  /** One transaction: publishes up to BATCH due posts; returns how many. */
  const round = async (): Promise<number> => {
    const messages: BusMessage[] = []
    let wake: BusMessage[] = []
    const mails: Mail[] = []
    const out: Outbox = {
      publish: (topic, sig, meta) => messages.push({ kind: 'signal', topics: typeof topic === 'string' ? [topic] : topic, sig, meta }),
      mail: { send: (m) => mails.push(m), link: (pathname) => deps.mailer.link(pathname) },
    }
    const count = await deps.db.kysely.transaction().execute(async (tx) => {
      const now = Date.now()
      const due = await tx
        .selectFrom('wall_posts')
        .selectAll()
        .where('state', '=', 'scheduled')
        .where('schedule_time', '<=', now)
        .orderBy('schedule_time')
        .limit(BATCH)
        .forUpdate()
        .skipLocked()
        .execute()
      for (const post of due) await publishPost(tx, out, post, now)
      // In the event log with the change, as a call's signals are (a seq; replayed to who missed them).
      wake = await logSignals(tx, messages)
      return due.length
    })
    if (wake.length) await deps.bus.emit(wake)
    for (const m of mails) void deps.mailer.send(m)
    return count
  }

  /** The earliest time a post is scheduled for, or null. */
  const earliest = async () => {
    const row = await deps.db.kysely
      .selectFrom('wall_posts')
      .select((eb) => eb.fn.min('schedule_time').as('at'))
      .where('state', '=', 'scheduled')
      .executeTakeFirst()
    return row?.at == null ? null : Number(row.at)
  }

  const arm = (wanted: number) => {
    const at = Math.min(wanted, Date.now() + safetyMs)
    if (stopped || at >= nextAt) return
    if (timer) clearTimeout(timer)
    nextAt = at
    timer = setTimeout(
      () => {
        timer = null
        nextAt = Infinity
        running = running.then(tick)
      },
      Math.max(0, at - Date.now()),
    )
  }

  const tick = async () => {
    let next: number | null = null
    try {
      while (!stopped && (await round()) === BATCH) {
        /* more are due: go on at once */
      }
      next = await earliest()
    } catch (err) {
      logTurnFailure(deps.log, err, 'publishing scheduled wall posts failed')
    }
    arm(next ?? Infinity)
  }
  running = tick()

  return {
    wake: (at) => arm(at),
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
    },
  }
}
