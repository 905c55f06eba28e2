/**
 * Public forms: at most one per workflow, found by its key without a session. The key is kept as
 * given (the interface returns it on every create and update); a new key replaces the old one.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('public_forms')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    // Who submissions are created as, which team and account they get, and who follows them.
    .addColumn('creator', 'text', (c) => c.notNull())
    .addColumn('team_id', 'text')
    .addColumn('account_id', 'text')
    .addColumn('followers', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('enable_messaging', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('allow_read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('theme', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint')
    .addPrimaryKeyConstraint('public_forms_pk', ['cid', 'process_id'])
    .addForeignKeyConstraint('public_forms_process', ['cid', 'process_id'], 'processes', ['cid', '_id'], (fk) => fk.onDelete('cascade'))
    .execute()
  // Looked up by key alone (no session, so no workspace to bound the query).
  await db.schema.createIndex('public_forms_key').on('public_forms').column('key').unique().execute()
}
