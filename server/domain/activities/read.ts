/**
 * The Activity record (docs/interface.md "Activity") and the loading of activities for a caller under
 * THE rule of server/policies/processes.ts: an activity is seen by whoever sees its workflow, edited
 * per `activityAccess`; anything the caller may not see is 404, never 403.
 */
import { type Principal } from '../../policies/principal'
import type { DbHandle } from '../../db/schema'
import { forbidden, RpcError } from '../../errors'
import { loadFunctionStates, type FieldStates } from '../../db/function-state'
import { activityAccess, loadProcessAccess, type ProcessAccess } from '../../policies/processes'
import type { ProcessRow } from '../../db/processes'
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

export interface Loaded {
  row: ActivityRow
  process: ProcessRow
  access: ProcessAccess
  edit: boolean
}

/**
 * The given activities (not removed) with the caller's access to each: 404 naming the first that
 * does not exist, is removed, or is in a workflow the caller may not see; 403 for the first the
 * caller sees but may not edit when `needEdit`. Returned in the order of `ids`.
 *
 * With `needEdit` the caller is about to change them: their rows are locked for the rest of the
 * transaction (in id order, so two calls locking overlapping sets cannot deadlock), and what is
 * read is what the change starts from.
 */
export async function loadActivitiesFor(db: DbHandle, caller: Principal, ids: string[], needEdit: boolean, argument = 0): Promise<Loaded[]> {
  const unique = [...new Set(ids)].sort()
  let query = db
    .selectFrom('activities as a')
    .innerJoin('workspace_members as m', (j) => j.onRef('m.cid', '=', 'a.cid').on('m.uid', '=', caller.uid))
    .selectAll('a')
    .where('a._id', '=', anyOf(unique))
    .where('a.removed', '=', false)
  if (needEdit) query = query.orderBy('a._id').forUpdate('a')
  const rows = await query.execute()
  const byId = new Map(rows.map((r) => [r._id, r]))
  const processes = new Map<string, { process: ProcessRow; access: ProcessAccess } | null>()
  const out: Loaded[] = []
  for (const [index, id] of ids.entries()) {
    const row = byId.get(id)
    const missing = () => new RpcError(404, 'activity not found', { argument, index })
    if (!row) throw missing()
    if (!processes.has(row.process_id)) {
      processes.set(row.process_id, await loadProcessAccess(db, caller, row.process_id).catch(() => null))
    }
    const pa = processes.get(row.process_id)
    if (!pa) throw missing()
    const { edit } = activityAccess(pa.access, { owners: [row.uid], team: row.team_id })
    if (needEdit && !edit) throw forbidden('you may not edit this activity', { argument, index, _id: id })
    out.push({ row, process: pa.process, access: pa.access, edit })
  }
  return out
}
