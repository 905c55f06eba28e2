/**
 * Automations (docs/guides/automations.md): rules on a workflow, run by a durable consumer of the
 * event log (server/consumers/automations.ts; one cursor per rule in `consumer_cursors`).
 *
 * `automation_runs`: the run log, one row per (rule, event): its primary key is what makes a run
 * happen once. The row is written in the transaction of the run's writes; a second attempt at the
 * same (rule, seq), from a restart or another process, finds it and does nothing.
 *
 * `event_log.origin`: the automation whose run wrote an event and the depth of its chain (null for
 * every other write): the loop guard and the chain bound read it.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('automations')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('_id', 'text', (c) => c.notNull())
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('trigger', 'jsonb', (c) => c.notNull())
    .addColumn('actions', 'jsonb', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint')
    .addPrimaryKeyConstraint('automations_pk', ['cid', '_id'])
    .execute()
  await sql`create index automations_process on automations (cid, process_id)`.execute(db)

  await db.schema
    .createTable('automation_runs')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('automation_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('sig', 'text', (c) => c.notNull())
    .addColumn('activity_id', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('actions', 'jsonb', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('depth', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('automation_runs_pk', ['automation_id', 'seq'])
    .execute()
  await sql`create index automation_runs_at on automation_runs (at)`.execute(db)

  await sql`alter table event_log add column origin jsonb`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table event_log drop column origin`.execute(db)
  await db.schema.dropTable('automation_runs').execute()
  await db.schema.dropTable('automations').execute()
}
