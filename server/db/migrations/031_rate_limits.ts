/**
 * Budgets of the HTTP rate limit per client address, shared by every server process on one
 * PostgreSQL (server/http/rate-limit.ts). The shape is the one rate-limiter-flexible's
 * RateLimiterPostgres reads and writes; created here so the server never creates tables at run time.
 */
import { type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute()
}
