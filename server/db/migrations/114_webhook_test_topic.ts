/**
 * A webhook's test event (v3.webhook.test) is logged on its workspace's topic `webhooks:<cid>`
 * (was `webhook:<id>`): every webhook of a workspace then reads the log on the same topics, through
 * one window (server/consumers/durable.ts), and keeps the test events with its own `_id`. The
 * test events already in the log move to the new topic, so a webhook behind them still hears its own.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update event_log set topics = array['webhooks:' || (meta->>'cid')] where sig = 'webhook.test'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update event_log set topics = array['webhook:' || (meta->>'_id')] where sig = 'webhook.test'`.execute(db)
}
