/**
 * Data transfer jobs (v3.user.data.export / import): one row per background job, its progress
 * and its outcome. An export's archive is a file of its owner (the `files` table), removed with
 * the job row once `expires` has passed.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('transfer_jobs')
    .addColumn('_id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('export', 'import')`))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('running', 'finished', 'failed')`))
    .addColumn('progress', 'jsonb', (c) => c.notNull())
    .addColumn('options', 'jsonb', (c) => c.notNull())
    .addColumn('file_id', 'text')
    .addColumn('result', 'jsonb')
    .addColumn('error', 'text')
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint', (c) => c.notNull())
    .addColumn('expires', 'bigint')
    .execute()
  await db.schema.createIndex('transfer_jobs_uid').on('transfer_jobs').columns(['uid', 'created']).execute()
}
