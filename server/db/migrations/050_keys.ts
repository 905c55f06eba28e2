/**
 * API keys, proof-of-work challenges, brute-force counters, bot and removed accounts.
 *
 * An API key belongs to one workspace (`cid` leads its primary key) and is found by the sha256 of
 * its secret alone (the caller presents only the secret), like a session key.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('_id', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull().references('users._id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('whitelist_ips', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('delegated_to_url', 'text')
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint')
    .addColumn('expires', 'bigint', (c) => c.notNull())
    .addColumn('last_used', 'bigint')
    .addPrimaryKeyConstraint('api_keys_pk', ['cid', '_id'])
    .addForeignKeyConstraint('api_keys_workspace', ['cid'], 'workspaces', ['_id'], (fk) => fk.onDelete('cascade'))
    .execute()
  await db.schema.createIndex('api_keys_key_hash').on('api_keys').column('key_hash').unique().execute()
  await db.schema.createIndex('api_keys_uid').on('api_keys').column('uid').execute()

  // A challenge is used once: the call that proves work deletes its row.
  await db.schema
    .createTable('pow_challenges')
    .addColumn('identifier', 'text', (c) => c.primaryKey())
    .addColumn('challenge', 'text', (c) => c.notNull().unique())
    .addColumn('difficulty', 'integer', (c) => c.notNull())
    .addColumn('expires', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('pow_challenges_expires').on('pow_challenges').column('expires').execute()

  // The guessing limits (server/auth/limits.ts) share the table `rate_limits` of migration 031 with
  // the HTTP budget: keys are prefixed by limit, so they never collide.

  await db.schema
    .alterTable('users')
    .addColumn('is_bot', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('removed', 'bigint')
    .execute()
}
