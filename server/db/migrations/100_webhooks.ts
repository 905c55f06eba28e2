/**
 * Durable consumers of the event log (server/consumers/) and the outbound webhooks built on them.
 *
 * `consumer_cursors`: one row per subscription of a consumer: how far it has handled the log
 * (`position`, a seq), when it may run next (`due`), the failures of the event it is on, and the
 * claim of the process working on it (`claimed_until`): rows are claimed with FOR UPDATE SKIP
 * LOCKED, so two processes never work on one subscription at once. The event log keeps every event
 * an enabled cursor has not passed (server/realtime/event-log.ts, prune).
 *
 * `webhooks`: a subscription's URL, filters, creator and signing secret (workspace-wide from
 * v3.webhook.create, or a workflow phase's `webhookUrl`); `webhook_deliveries`: every attempt.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('consumer_cursors')
    .addColumn('consumer', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('due', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failing_since', 'bigint')
    .addColumn('claimed_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_by', 'text')
    .addPrimaryKeyConstraint('consumer_cursors_pk', ['consumer', 'id'])
    .execute()
  await sql`create index consumer_cursors_due on consumer_cursors (consumer, due) where enabled`.execute(db)

  await db.schema
    .createTable('webhooks')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('_id', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', sql`text[]`)
    .addColumn('process_ids', sql`text[]`)
    // A phase's webhook (process.set_info phases.<id>.webhookUrl): the workflow and the phase.
    .addColumn('phase_process_id', 'text')
    .addColumn('phase_id', 'text')
    .addColumn('description', 'text')
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('disabled_reason', 'text')
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint')
    .addPrimaryKeyConstraint('webhooks_pk', ['cid', '_id'])
    .execute()
  await sql`create unique index webhooks_phase on webhooks (cid, phase_process_id, phase_id) where phase_id is not null`.execute(db)

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('webhook_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('response', 'text')
    .addPrimaryKeyConstraint('webhook_deliveries_pk', ['cid', 'webhook_id', 'seq', 'attempt', 'at'])
    .execute()
  await sql`create index webhook_deliveries_at on webhook_deliveries (at)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute()
  await db.schema.dropTable('webhooks').execute()
  await db.schema.dropTable('consumer_cursors').execute()
}
