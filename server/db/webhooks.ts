/** Webhooks and their delivery attempts (migration 100; server/consumers/webhooks.ts). */
import type { Selectable } from 'kysely'
import type { DbHandle, WebhooksTable } from './schema'
import type { CursorRow } from './consumers'

export type WebhookRow = Selectable<WebhooksTable>

/** The consumer name of webhooks in consumer_cursors. */
export const WEBHOOK_CONSUMER = 'webhook'

/** A webhook with its cursor's state. */
export type WebhookWithCursor = WebhookRow & Pick<CursorRow, 'enabled' | 'position' | 'attempts' | 'failing_since' | 'due'>

const withCursor = (db: DbHandle) =>
  db
    .selectFrom('webhooks as w')
    .innerJoin('consumer_cursors as c', (j) => j.on('c.consumer', '=', WEBHOOK_CONSUMER).onRef('c.id', '=', 'w._id'))
    .selectAll('w')
    .select(['c.enabled', 'c.position', 'c.attempts', 'c.failing_since', 'c.due'])

export async function findWebhook(db: DbHandle, id: string, options: { lock?: boolean } = {}): Promise<WebhookWithCursor | undefined> {
  let q = withCursor(db).where('w._id', '=', id)
  if (options.lock) q = q.forUpdate('w')
  return q.executeTakeFirst()
}

export async function listWebhooks(db: DbHandle, cid: string): Promise<WebhookWithCursor[]> {
  return withCursor(db).where('w.cid', '=', cid).orderBy('w.created').orderBy('w._id').execute()
}

/** Records attempts of delivery (many in one statement). */
export async function recordAttempts(
  db: DbHandle,
  attempts: {
    cid: string
    webhookId: string
    seq: number
    attempt: number
    at: number
    status: number | null
    durationMs: number
    error: string | null
    response: string | null
  }[],
) {
  if (!attempts.length) return
  await db
    .insertInto('webhook_deliveries')
    .values(
      attempts.map((a) => ({
        cid: a.cid,
        webhook_id: a.webhookId,
        seq: a.seq,
        attempt: a.attempt,
        at: a.at,
        status: a.status,
        duration_ms: a.durationMs,
        error: a.error,
        response: a.response,
      })),
    )
    .onConflict((c) => c.doNothing())
    .execute()
}

export async function listAttempts(db: DbHandle, cid: string, webhookId: string, afterSeq: number, limit: number) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('cid', '=', cid)
    .where('webhook_id', '=', webhookId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .orderBy('at')
    .limit(limit)
    .execute()
}

/** Attempts older than `before` go. */
export async function pruneAttempts(db: DbHandle, before: number) {
  await db.deleteFrom('webhook_deliveries').where('at', '<', before).execute()
}
