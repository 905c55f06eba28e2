/**
 * The event log's seq is counted in `realtime_state.last_seq`, updated in the writer's transaction
 * (server/realtime/event-log.ts), instead of drawn from a sequence. A sequence is not transactional
 * and is logged ahead in steps of 32: a rolled-back writer, and a crash or a failover (the new primary
 * starts from the last value logged ahead), leave holes in seq. The counter commits with the rows it
 * numbered or not at all, so seqs stay 1, 2, 3 … without a hole, on any primary.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table realtime_state add column last_seq bigint not null default 0`.execute(db)
  await sql`update realtime_state set last_seq = greatest(pruned_through, (select coalesce(max(seq), 0) from event_log)) where id = 1`.execute(db)
  await sql`drop sequence event_log_seq`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ last_seq: string }>`select last_seq from realtime_state where id = 1`.execute(db)
  await sql.raw(`create sequence event_log_seq start with ${Number(rows[0]!.last_seq) + 1}`).execute(db)
  await sql`alter table realtime_state drop column last_seq`.execute(db)
}
