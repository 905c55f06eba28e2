/**
 * Activities: the records that move through a workflow's phases. Each has a discussion whose
 * members are its followers; field values are kept by field id; links between activities
 * (activitylink fields) are indexed both ways; every change is recorded in the history; the number
 * of active activities per phase is kept up to date so counts do not grow with the table.
 * Every table leads its primary key with `cid`.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activities')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('_id', 'text', (c) => c.notNull())
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull()) // creator
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('team_id', 'text')
    .addColumn('account_id', 'text')
    .addColumn('current_phase', 'text', (c) => c.notNull())
    .addColumn('complete_phases', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // field id -> value, as validated per field type
    .addColumn('fields', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('files', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('location', 'jsonb')
    .addColumn('sequence', 'bigint')
    .addColumn('priority', 'integer')
    .addColumn('discussion_id', 'text', (c) => c.notNull())
    // {uid, since} or null: who holds the ball (active responsibility)
    .addColumn('ball_holder', 'jsonb')
    .addColumn('removed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('removed_on', 'bigint')
    .addColumn('removed_by', 'text')
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint')
    .addPrimaryKeyConstraint('activities_pk', ['cid', '_id'])
    .addForeignKeyConstraint('activities_process', ['cid', 'process_id'], 'processes', ['cid', '_id'], (fk) => fk.onDelete('cascade'))
    .execute()
  await sql`create index activities_by_phase on activities (cid, process_id, current_phase, created) where not removed`.execute(db)
  await sql`create index activities_removed on activities (cid, process_id, current_phase, removed_on) where removed`.execute(db)
  await sql`create unique index activities_discussion on activities (cid, discussion_id)`.execute(db)

  // The followers of an activity are the members of its discussion.
  await db.schema
    .createTable('discussion_members')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('discussion_id', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('discussion_members_pk', ['cid', 'discussion_id', 'uid'])
    .execute()
  await db.schema.createIndex('discussion_members_by_user').on('discussion_members').columns(['cid', 'uid']).execute()

  // activitylink values, both ways: from an activity's field to the activities it names.
  await db.schema
    .createTable('activity_links')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('from_id', 'text', (c) => c.notNull())
    .addColumn('field_id', 'text', (c) => c.notNull())
    .addColumn('to_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('activity_links_pk', ['cid', 'from_id', 'field_id', 'to_id'])
    .execute()
  await db.schema.createIndex('activity_links_to').on('activity_links').columns(['cid', 'to_id']).execute()

  // Active (not removed) activities per workflow and phase, kept in the same transaction as each change.
  await db.schema
    .createTable('activity_phase_counts')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('phase_id', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('activity_phase_counts_pk', ['cid', 'process_id', 'phase_id'])
    .execute()

  // Every change: who, when, what (created, updated, phase, ball, removed, recovered) and from what to what.
  await db.schema
    .createTable('activity_history')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('_id', 'text', (c) => c.notNull())
    .addColumn('activity_id', 'text', (c) => c.notNull())
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // e.g. {fields: {fieldId: {from, to}}, name: {from, to}, phase: {from, to}, ball: {from, to}}
    .addColumn('changes', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addPrimaryKeyConstraint('activity_history_pk', ['cid', '_id'])
    .execute()
  await db.schema.createIndex('activity_history_by_activity').on('activity_history').columns(['cid', 'activity_id', 'at']).execute()
  await db.schema.createIndex('activity_history_by_process').on('activity_history').columns(['cid', 'process_id', 'at']).execute()
}
