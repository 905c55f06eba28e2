/**
 * Workflow-wide function runs (v3.activity.evaluateWorkflowFunctions.start, evaluateAllFunctions):
 * the run with its cursor and counters, and its log. A chunk's writes, its log entries and the
 * run's new cursor and counters are written in one transaction, so a run resumed after a crash
 * neither skips nor repeats anything. `ts` numbers a run's log entries 1, 2, 3, ... (paging by
 * afterTs).
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('function_runs')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('_id', 'text', (c) => c.notNull())
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('field_keys', 'jsonb', (c) => c.notNull())
    .addColumn('apply', 'boolean', (c) => c.notNull())
    // running | done | failed
    .addColumn('status', 'text', (c) => c.notNull())
    // the last activity id done (activities are taken in _id order)
    .addColumn('cursor', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('changed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('log_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('started_by', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('finished', 'bigint')
    .addPrimaryKeyConstraint('function_runs_pk', ['cid', '_id'])
    .execute()
  await sql`create index function_runs_running on function_runs (created) where status = 'running'`.execute(db)
  await db.schema
    .createTable('function_run_log')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    // changed | error | progress | done
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('activity_id', 'text')
    .addColumn('field_key', 'text')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('message', 'text')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('function_run_log_pk', ['cid', 'run_id', 'ts'])
    .execute()
}
