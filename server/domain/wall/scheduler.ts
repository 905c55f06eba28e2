/**
 * Publishes scheduled wall posts when their time comes. The schedule lives in the database
 * (wall_posts.state = 'scheduled', schedule_time), not in a timer: the scheduler looks for due posts
 * once at start and then every `intervalMs`, so a post whose time passed while the server was down
 * appears as soon as it is up again, and never before its time.
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

export interface WallScheduler {
  /** Waits for a round under way, then stops. */
  stop(): Promise<void>
}

export function startWallScheduler(deps: { db: Db; bus: Bus; mailer: Mailer; log: Logger }, intervalMs = 1000): WallScheduler {
  let timer: NodeJS.Timeout | null = null
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

  const tick = async () => {
    try {
      while (!stopped && (await round()) === BATCH) {
        /* more are due: go on at once */
      }
    } catch (err) {
      logTurnFailure(deps.log, err, 'publishing scheduled wall posts failed')
    }
    if (!stopped) timer = setTimeout(() => (running = tick()), intervalMs)
  }
  running = tick()

  return {
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
    },
  }
}
