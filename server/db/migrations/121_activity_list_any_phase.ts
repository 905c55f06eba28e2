/**
 * Indexes for a v3.activity.list page without a phase (issue 27, point 2): the sort indexes of
 * 094_activity_list.ts begin with the phase, so a page of the whole workflow read every active
 * activity and sorted them. These are the same three sort orders, (cid, process_id, <sort key>, _id)
 * over active activities, so a page without a phase reads its rows in order from the cursor on, as a
 * page with one does (server/domain/activities/list.ts). The sort key expressions are those of 094.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index activities_by_created on activities (cid, process_id, created, _id) where not removed`.execute(db)
  await sql`create index activities_by_updated on activities (cid, process_id, (coalesce(updated, created)), _id) where not removed`.execute(db)
  await sql`create index activities_by_name on activities (cid, process_id, lower(name), _id) where not removed`.execute(db)
}
