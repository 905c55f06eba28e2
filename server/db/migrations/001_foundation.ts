import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('_id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('firstname', 'text', (c) => c.notNull())
    .addColumn('lastname', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('default_cid', 'text')
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint')
    .execute()
  await sql`create unique index users_email_unique on users (lower(email))`.execute(db)

  await db.schema
    .createTable('sessions')
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull().references('users._id').onDelete('cascade'))
    .addColumn('cid', 'text')
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('last_used', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('sessions_uid').on('sessions').column('uid').execute()

  await db.schema
    .createTable('workspaces')
    .addColumn('_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('license', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('restricted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint')
    .execute()

  await db.schema
    .createTable('workspace_members')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('workspace_members_pk', ['cid', 'uid'])
    .execute()
  await db.schema.createIndex('workspace_members_uid').on('workspace_members').column('uid').execute()
}
