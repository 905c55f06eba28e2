/** The newest part of the event log, read once for the durable consumers' subscriptions on the same topics (./durable.ts). */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { PAGE, readAfter, type LoggedSignal } from '../realtime/event-log'

/** Rows a window keeps: a page or two behind the head, where the subscriptions that keep up stand. */
const WINDOW_ROWS = 2 * PAGE
/** Some rows of the log after a position, in seq order; `through`: every row of the topics up to it is in `rows`. */
interface Page {
  rows: LoggedSignal[]
  through: number
}

/**
 * The newest part of the log on some topics, read once for every subscription on those topics:
 * ten webhooks of a workspace that keep up read each page once, not ten times (on PGlite the reads
 * share the one connection with the writes). A subscription behind the window (a backlog, a
 * redelivery) reads the log itself. Seqs commit in order (server/realtime/event-log.ts), so a read
 * made after the log's head was `head` sees every row up to it: the window holds every row of its
 * topics in (from, to].
 */
export class LogWindow {
  private rows: LoggedSignal[] = []
  private from = 0
  private to = 0
  private extending: Promise<void> | null = null
  usedAt = Date.now()

  constructor(
    private readonly db: Kysely<Database>,
    private readonly topics: string[],
  ) {}

  /** The rows after `after`, a page at most, for a subscription that knows the log's head is `head`. */
  async page(after: number, head: number): Promise<Page> {
    this.usedAt = Date.now()
    for (;;) {
      if (this.extending) {
        await this.extending
        continue
      }
      // Ahead of the window (it is stale): it starts again where this subscription stands.
      if (after > this.to) [this.rows, this.from, this.to] = [[], after, after]
      if (after < this.from) {
        const rows = await readAfter(this.db, after, this.topics)
        return { rows, through: rows.length < PAGE ? head : rows[rows.length - 1].seq }
      }
      const first = this.rows.findIndex((r) => r.seq > after)
      const ahead = first < 0 ? [] : this.rows.slice(first)
      if (this.to >= head || ahead.length >= PAGE) {
        const rows = ahead.slice(0, PAGE)
        return { rows, through: ahead.length > PAGE ? rows[rows.length - 1].seq : this.to }
      }
      await this.extend(head)
    }
  }

  private extend(head: number): Promise<void> {
    this.extending = (async () => {
      const rows = await readAfter(this.db, this.to, this.topics)
      this.rows.push(...rows)
      this.to = rows.length === PAGE ? rows[rows.length - 1].seq : Math.max(head, this.to, rows[rows.length - 1]?.seq ?? 0)
      if (this.rows.length > WINDOW_ROWS) this.from = this.rows.splice(0, this.rows.length - WINDOW_ROWS).pop()!.seq
    })().finally(() => (this.extending = null))
    return this.extending
  }
}
