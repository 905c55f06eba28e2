/**
 * An idempotent call's stored result becomes text: the reply exactly as the first call sent it.
 * As jsonb, PostgreSQL kept the value but not its text (object keys come back sorted by length,
 * then bytes), so a retry's reply differed in bytes from the first. Results stored before keep
 * jsonb's text of them (keys expire after a day).
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table idempotency_keys alter column result type text using result::text`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table idempotency_keys alter column result type jsonb using result::jsonb`.execute(db)
}
