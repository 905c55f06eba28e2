/**
 * `function_state.origin`: the origin (event_log.origin: an automation's run and its chain depth) of
 * the write that marked the value stale, null for any other write. The drain writes the value's
 * events with it, so an automation's loop guard and chain bound hold when the value is evaluated in
 * a later transaction (server/db/event-origin.ts).
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table function_state add column origin jsonb`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table function_state drop column origin`.execute(db)
}
