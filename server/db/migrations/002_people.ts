/**
 * The people of a workspace: member flags, teams and their accounts, invites, custom roles,
 * property fields and their values, e-mail verification. Every table that belongs to a
 * workspace leads its primary key with `cid`.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('workspace_members')
    .addColumn('inviter', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('feed_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('title', 'text')
    .addColumn('custom_role', 'text')
    .execute()

  await db.schema
    .createTable('teams')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('public', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('default_view', 'text')
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint')
    .addPrimaryKeyConstraint('teams_pk', ['cid', '_id'])
    .execute()

  await db.schema
    .createTable('team_members')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('team_id', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_members_pk', ['cid', 'team_id', 'uid'])
    .addForeignKeyConstraint('team_members_team', ['cid', 'team_id'], 'teams', ['cid', '_id'], (fk) => fk.onDelete('cascade'))
    .execute()
  await db.schema.createIndex('team_members_uid').on('team_members').columns(['cid', 'uid']).execute()

  await db.schema
    .createTable('accounts')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('_id', 'text', (c) => c.notNull())
    .addColumn('team_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text')
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint')
    .addPrimaryKeyConstraint('accounts_pk', ['cid', '_id'])
    .addForeignKeyConstraint('accounts_team', ['cid', 'team_id'], 'teams', ['cid', '_id'], (fk) => fk.onDelete('cascade'))
    .execute()

  await db.schema
    .createTable('custom_roles')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('permissions', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint')
    .addPrimaryKeyConstraint('custom_roles_pk', ['cid', '_id'])
    .execute()

  // Invite keys are shown to the workspace's admins (invite.list, edit, remove take the key),
  // so they are kept as issued; they are single use and the row is deleted when used.
  await db.schema
    .createTable('invites')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('_id', 'text', (c) => c.notNull())
    .addColumn('invite_key', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('title', 'text')
    .addColumn('notes', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('custom_role', 'text')
    .addColumn('teams', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('discussion_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('brand_id', 'text')
    .addColumn('invited_by', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint')
    .addPrimaryKeyConstraint('invites_pk', ['cid', '_id'])
    .execute()
  await sql`create unique index invites_email_per_workspace on invites (cid, lower(email))`.execute(db)

  await db.schema
    .createTable('property_fields')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('_id', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('filled_by', 'text', (c) => c.notNull())
    .addColumn('enable_multiple', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('data', 'jsonb')
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint')
    .addPrimaryKeyConstraint('property_fields_pk', ['cid', '_id'])
    .execute()

  await db.schema
    .createTable('property_values')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('field_id', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('property_values_pk', ['cid', 'field_id', 'uid'])
    .addForeignKeyConstraint('property_values_field', ['cid', 'field_id'], 'property_fields', ['cid', '_id'], (fk) => fk.onDelete('cascade'))
    .execute()

  await db.schema
    .createTable('email_verifications')
    .addColumn('_id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull().references('users._id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('expires', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.alterTable('users').addColumn('email_verified', 'bigint').execute()
}
