/**
 * `automation_runs.mail`: the messages a run still has to send. They are written with the run, in
 * its transaction, and cleared once sent; a message the mail server could not take for now stays,
 * and the rule's next attempt at the event sends it (server/consumers/automations.ts).
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table automation_runs add column mail jsonb`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table automation_runs drop column mail`.execute(db)
}
