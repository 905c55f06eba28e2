/**
 * Function fields: the state of each computed value that is not simply "up to date".
 * A row says the value of (activity, field) carries an error (the last good value is kept in the
 * activity's fields) and/or is dirty: an input changed and the value waits in the durable queue
 * that the drain evaluates after commit and at start. Rows are written in the same transaction as
 * the change that makes them, so a crash loses nothing; a value with no row is up to date.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('function_state')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('activity_id', 'text', (c) => c.notNull())
    // a field id, or 'name' for the workflow's name function
    .addColumn('field_key', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('dirty', 'boolean', (c) => c.notNull().defaultTo(false))
    // when it became dirty (the queue's order)
    .addColumn('since', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('function_state_pk', ['cid', 'activity_id', 'field_key'])
    .execute()
  await sql`create index function_state_dirty on function_state (cid, since) where dirty`.execute(db)
}
