/**
 * Calendars of a workspace and their events. A calendar's subscribe code (GET /ical/:code) is kept
 * only as its sha256; rotating it replaces the hash, so the old code finds nothing.
 *
 * Also users' profile images (v3.user.profileImage.set, GET /profileimage/:size/:id): one uploaded
 * image file per user.
 *
 * Also insights (v3.insight.*, GET /public/insight/:key/:type?): a named table over a workflow's
 * activities; the public key is kept only as its sha256.
 */
import { type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendars')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('color', 'text')
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('subscribe_hash', 'text')
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint')
    .addPrimaryKeyConstraint('calendars_pk', ['cid', '_id'])
    .addForeignKeyConstraint('calendars_workspace', ['cid'], 'workspaces', ['_id'], (fk) => fk.onDelete('cascade'))
    .execute()
  // Looked up by the code's hash alone (no session, so no workspace to bound the query).
  await db.schema.createIndex('calendars_subscribe_hash').on('calendars').column('subscribe_hash').unique().execute()

  await db.schema
    .createTable('calendar_events')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('_id', 'text', (c) => c.notNull())
    .addColumn('calendar_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('location', 'text')
    .addColumn('all_day', 'boolean', (c) => c.notNull().defaultTo(false))
    // As given, normalized: YYYY-MM-DD for all-day events, an ISO instant (UTC) for timed ones.
    .addColumn('start', 'text', (c) => c.notNull())
    .addColumn('end', 'text')
    // Milliseconds for ordering and range queries (all-day: UTC midnight; end exclusive).
    .addColumn('start_ms', 'bigint', (c) => c.notNull())
    .addColumn('end_ms', 'bigint', (c) => c.notNull())
    .addColumn('timezone', 'text')
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint')
    .addPrimaryKeyConstraint('calendar_events_pk', ['cid', '_id'])
    .addForeignKeyConstraint('calendar_events_calendar', ['cid', 'calendar_id'], 'calendars', ['cid', '_id'], (fk) => fk.onDelete('cascade'))
    .execute()
  await db.schema.createIndex('calendar_events_calendar_start').on('calendar_events').columns(['cid', 'calendar_id', 'start_ms']).execute()

  await db.schema
    .createTable('profile_images')
    .addColumn('uid', 'text', (c) => c.primaryKey().references('users._id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('updated', 'bigint', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('insights')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('_id', 'text', (c) => c.notNull())
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('fields', 'jsonb', (c) => c.notNull())
    .addColumn('filters', 'jsonb', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('public_hash', 'text')
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint')
    .addPrimaryKeyConstraint('insights_pk', ['cid', '_id'])
    .addForeignKeyConstraint('insights_process', ['cid', 'process_id'], 'processes', ['cid', '_id'], (fk) => fk.onDelete('cascade'))
    .execute()
  await db.schema.createIndex('insights_public_hash').on('insights').column('public_hash').unique().execute()
  await db.schema.createIndex('insights_id').on('insights').column('_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('insights').execute()
  await db.schema.dropTable('profile_images').execute()
  await db.schema.dropTable('calendar_events').execute()
  await db.schema.dropTable('calendars').execute()
}
