/**
 * Uploaded files: the bytes live in FILES_DIR (by id), the metadata here. `cid` is the uploader's
 * current workspace at upload and leads the primary key like every other table; ids are unique
 * across workspaces, so the routes look a file up by `_id` alone (index files_by_id).
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('_id', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    // sniffed from the bytes at upload, never taken from the client
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('public', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('files_pk', ['cid', '_id'])
    .execute()
  await sql`create unique index files_by_id on files (_id)`.execute(db)
  await sql`create index files_by_uploader on files (uid, created)`.execute(db)
  // which activities a file is attached to (activities.files is a jsonb array of file ids)
  await sql`create index activities_files on activities using gin (files jsonb_path_ops)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists activities_files`.execute(db)
  await db.schema.dropTable('files').execute()
}
