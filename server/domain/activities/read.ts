/**
 * The Activity record (docs/reference/interface.md "Activity") of activities already loaded for a caller
 * (./access.ts): each with its followers and the state of its function values.
 */
import type { DbHandle } from '../../db/schema'
import { loadFunctionStates } from '../../db/function-state'
import type { ActivityRow } from '../../db/activities'
import { activityRecord } from '../../presenters/activity'
import { anyOf } from '../../db/rows'

/** Followers (discussion members) of each discussion, in order of joining. */
export async function followersOf(db: DbHandle, cid: string, discussionIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(discussionIds.map((id) => [id, []]))
  if (!discussionIds.length) return result
  const rows = await db
    .selectFrom('discussion_members')
    .select(['discussion_id', 'uid'])
    .where('cid', '=', cid)
    .where('discussion_id', '=', anyOf(discussionIds))
    .orderBy('created')
    .orderBy('uid')
    .execute()
  for (const r of rows) result.get(r.discussion_id)?.push(r.uid)
  return result
}

/** Records of rows of one workspace, with their followers. */
export async function activityRecords(db: DbHandle, cid: string, rows: ActivityRow[], fieldsOrder: (processId: string) => string[] = () => []) {
  const [followers, states] = await Promise.all([
    followersOf(
      db,
      cid,
      rows.map((r) => r.discussion_id),
    ),
    loadFunctionStates(
      db,
      cid,
      rows.map((r) => r._id),
    ),
  ])
  return rows.map((r) => activityRecord(r, followers.get(r.discussion_id) ?? [], fieldsOrder(r.process_id), states.get(r._id)))
}
