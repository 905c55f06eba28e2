/**
 * The durable event log behind real time (server/realtime/event-log.ts): every signal a call
 * publishes is written here in the call's transaction, numbered by `seq`. Sockets hear it live
 * and a reconnecting client replays what it missed (`resume`). Rows older than
 * EVENT_RETENTION_HOURS are pruned; `realtime_state.pruned_through` remembers the highest seq
 * pruned, so a client asking from before it is told to reload (`reset`).
 *
 * Also the idempotency keys of retried calls (server/rpc/idempotency.ts): the first result of a
 * call made with a key, kept 24 hours, scoped to the caller.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // Not a serial: seq is allocated under a lock by the writer, so seqs commit in order.
  await sql`create sequence event_log_seq`.execute(db)
  await db.schema
    .createTable('event_log')
    .addColumn('seq', 'bigint', (c) => c.primaryKey())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('topics', sql`text[]`, (c) => c.notNull())
    .addColumn('sig', 'text', (c) => c.notNull())
    .addColumn('meta', 'jsonb', (c) => c.notNull())
    // The workflow a signal is about, if any: whoever no longer sees it is not replayed the signal.
    .addColumn('process_id', 'text')
    .execute()

  await db.schema
    .createTable('realtime_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('pruned_through', 'bigint', (c) => c.notNull())
    .execute()
  await sql`insert into realtime_state (id, pruned_through) values (1, 0)`.execute(db)

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('op', 'text', (c) => c.notNull())
    .addColumn('args_hash', 'text', (c) => c.notNull())
    .addColumn('result', 'jsonb')
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['uid', 'key'])
    .execute()
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute()
  await db.schema.dropTable('realtime_state').execute()
  await db.schema.dropTable('event_log').execute()
  await sql`drop sequence event_log_seq`.execute(db)
}
