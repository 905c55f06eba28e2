/**
 * Indexes for v3.activity.list at millions of activities (docs/guides/activities.md, docs/benchmarks/):
 *  - one b-tree per sort order, (cid, process_id, current_phase, <sort key>, _id) over active
 *    activities: a page by phase reads its rows in order from the cursor on, and _id breaks ties so
 *    the keyset `(key, _id) > (cursor)` is one index range;
 *  - a trigram GIN on the name (pg_trgm), for a name search that matches few activities;
 *  - a GIN (jsonb_path_ops) on the field values, for a field filter (`fields @> {id: value}`) that
 *    matches few.
 * A search or filter that matches many is answered by walking the sort index and skipping rows that
 * do not match (server/domain/activities/list.ts, listPage).
 * New GIN entries wait in a pending list that every search reads through until it is merged; 256 kB
 * instead of the default 4 MB keeps that read short (PGlite runs no autovacuum to merge it).
 * pg_trgm is a trusted extension: on PostgreSQL 13+ the database's owner may create it.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db)
  await sql`drop index if exists activities_by_phase`.execute(db)
  await sql`create index activities_by_phase on activities (cid, process_id, current_phase, created, _id) where not removed`.execute(db)
  await sql`create index activities_by_phase_updated on activities (cid, process_id, current_phase, (coalesce(updated, created)), _id) where not removed`.execute(
    db,
  )
  await sql`create index activities_by_phase_name on activities (cid, process_id, current_phase, lower(name), _id) where not removed`.execute(db)
  await sql`create index activities_name_trgm on activities using gin (name gin_trgm_ops) with (gin_pending_list_limit = 256) where not removed`.execute(db)
  await sql`create index activities_fields on activities using gin (fields jsonb_path_ops) with (gin_pending_list_limit = 256) where not removed`.execute(db)
}
