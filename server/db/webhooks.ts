/** Webhooks and their delivery attempts (migration 100; server/consumers/webhooks.ts). */
import { sql, type Selectable } from 'kysely'
import type { DbHandle, WebhooksTable } from './schema'
import type { CursorRow } from './consumers'
import type { WebhookDeliveryAttemptRecord } from '../../schemas/types.generated'

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

/** An attempt of delivery, as `recordAttempts` writes it: the record v3.webhook.deliveries lists, of a webhook. */
export type AttemptRecord = WebhookDeliveryAttemptRecord & { cid: string; webhookId: string }

/**
 * Records attempts of delivery, many in one statement: one array per column, so the statement is
 * the same whatever the count (one plan; a thousand rows bind nine parameters, not nine thousand).
 */
export async function recordAttempts(db: DbHandle, attempts: AttemptRecord[]) {
  if (!attempts.length) return
  const column = <T>(pick: (a: AttemptRecord) => T) => attempts.map(pick)
  await sql`
    insert into webhook_deliveries (cid, webhook_id, seq, attempt, at, status, duration_ms, error, response)
    select * from unnest(${column((a) => a.cid)}::text[], ${column((a) => a.webhookId)}::text[], ${column((a) => a.seq)}::bigint[],
      ${column((a) => a.attempt)}::integer[], ${column((a) => a.at)}::bigint[], ${column((a) => a.status)}::integer[],
      ${column((a) => a.durationMs)}::integer[], ${column((a) => a.error)}::text[], ${column((a) => a.response)}::text[])
    on conflict do nothing`.execute(db)
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
