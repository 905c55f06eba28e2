/**
 * Workflows and datasets (processes), their typed fields, their members with permissions, and
 * who starred which. Every table leads its primary key with `cid`; fields, members and stars go
 * with their process.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('processes')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('_id', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key', 'text')
    .addColumn('dataset', 'boolean', (c) => c.notNull().defaultTo(false))
    // Every configuration field of the interface but name, key and enableUnlinkedMode.
    .addColumn('info', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // The last suffix handed out by process.get_next_prefix_id.
    .addColumn('prefix_suffix', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint')
    .addPrimaryKeyConstraint('processes_pk', ['cid', '_id'])
    .execute()
  await sql`create unique index processes_key_per_workspace on processes (cid, key) where key is not null`.execute(db)

  await db.schema
    .createTable('process_fields')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('_id', 'text', (c) => c.notNull())
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    // The descriptor as given (label, required, data, function ...), without _id, uid, created, updated.
    .addColumn('descriptor', 'jsonb', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint')
    .addPrimaryKeyConstraint('process_fields_pk', ['cid', '_id'])
    .addForeignKeyConstraint('process_fields_process', ['cid', 'process_id'], 'processes', ['cid', '_id'], (fk) => fk.onDelete('cascade'))
    .execute()
  await db.schema.createIndex('process_fields_by_process').on('process_fields').columns(['cid', 'process_id']).execute()

  await db.schema
    .createTable('process_members')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('process_id', 'text', (c) => c.notNull())
    // network_<cid>, team_<teamId>, user_<userId> or group_<groupId>
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('permissions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('process_members_pk', ['cid', 'process_id', 'member_id'])
    .addForeignKeyConstraint('process_members_process', ['cid', 'process_id'], 'processes', ['cid', '_id'], (fk) => fk.onDelete('cascade'))
    .execute()

  await db.schema
    .createTable('process_stars')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('process_stars_pk', ['cid', 'process_id', 'uid'])
    .addForeignKeyConstraint('process_stars_process', ['cid', 'process_id'], 'processes', ['cid', '_id'], (fk) => fk.onDelete('cascade'))
    .execute()
}
