/**
 * Reading activities as a given caller, and reading their history.
 *
 * Visibility is THE rule of server/policies/processes.ts: whoever sees a workflow reads all its
 * activities; editing follows activityAccess. A caller who may not see an activity learns nothing of
 * it (404). The loaders here are shared by the removal, ball, link and history operations.
 */
import { actsIn, type Principal } from '../../policies/principal'
import type { Role, DbHandle } from '../../db/schema'
import { forbidden, notFound } from '../../errors'
import { accessToAll, activityAccess, loadProcessAccess, type ProcessAccess } from '../../policies/processes'
import type { ProcessRow } from '../../db/processes'
import type { ActivityRow } from '../../db/activities'

/** Who owns an activity for the `own` permission: its creator. */
export const ownersOf = (a: Pick<ActivityRow, 'uid'>) => [a.uid]

export interface VisibleActivity {
  activity: ActivityRow
  process: ProcessRow
  access: ProcessAccess
  edit: boolean
}

/**
 * One activity the caller may read (404 otherwise, also for one of another workspace).
 * `removed`: false (default) only active activities, true only removed ones, 'any' both.
 */
export async function loadVisibleActivity(
  db: DbHandle,
  caller: Principal,
  activityId: string,
  removed: boolean | 'any' = false,
  options: { lock?: boolean } = {},
): Promise<VisibleActivity> {
  let q = db
    .selectFrom('activities as a')
    .innerJoin('workspace_members as m', (j) => j.onRef('m.cid', '=', 'a.cid').on('m.uid', '=', caller.uid))
    .selectAll('a')
    .where('a._id', '=', activityId)
  if (removed !== 'any') q = q.where('a.removed', '=', removed)
  // `lock`: the caller is about to change the activity from what is read here.
  if (options.lock) q = q.forUpdate('a')
  const activity = await q.executeTakeFirst()
  if (!activity) throw notFound('activity')
  const { process, access } = await loadProcessAccess(db, caller, activity.process_id).catch(() => {
    throw notFound('activity')
  })
  const { edit } = activityAccess(access, { owners: ownersOf(activity), team: activity.team_id })
  return { activity, process, access, edit }
}

/** 403 unless the caller may edit the activity. */
export function requireEdit(v: VisibleActivity, what: string) {
  if (!v.edit) throw forbidden(`you may not ${what} this activity`, { needs: 'edit' })
}

/** The caller's workspaces and role in each. */
export async function workspacesOf(db: DbHandle, caller: Principal): Promise<Map<string, Role>> {
  const rows = await db.selectFrom('workspace_members').select(['cid', 'role']).where('uid', '=', caller.uid).execute()
  return new Map(rows.filter((r) => actsIn(caller, r.cid)).map((r) => [r.cid, r.role]))
}

/**
 * Of the given workflow ids (any workspace), those the caller sees, with the caller's access.
 * Unknown ids and workflows of other workspaces are left out.
 */
export async function visibleProcesses(
  db: DbHandle,
  caller: Principal,
  processIds: string[] | '*',
): Promise<Map<string, { process: ProcessRow; access: ProcessAccess }>> {
  const out = new Map<string, { process: ProcessRow; access: ProcessAccess }>()
  if (processIds !== '*' && !processIds.length) return out
  const { uid } = caller
  const roles = await workspacesOf(db, caller)
  if (!roles.size) return out
  let q = db
    .selectFrom('processes')
    .selectAll()
    .where('cid', 'in', [...roles.keys()])
  if (processIds !== '*') q = q.where('_id', 'in', [...new Set(processIds)])
  const processes = await q.execute()
  const byCid = new Map<string, ProcessRow[]>()
  for (const p of processes) byCid.set(p.cid, [...(byCid.get(p.cid) ?? []), p])
  for (const [cid, list] of byCid) {
    const access = await accessToAll(db, cid, { uid, role: roles.get(cid)! }, list)
    for (const p of list) {
      const a = access.get(p._id)
      if (a?.see) out.set(p._id, { process: p, access: a })
    }
  }
  return out
}

/** A history entry as the reads return it. */
export interface HistoryRecord {
  _id: string
  activityId: string
  processId: string
  uid: string
  at: number
  kind: string
  changes: Record<string, unknown>
}

const toRecord = (r: {
  _id: string
  activity_id: string
  process_id: string
  uid: string
  at: number | string
  kind: string
  changes: unknown
}): HistoryRecord => ({
  _id: r._id,
  activityId: r.activity_id,
  processId: r.process_id,
  uid: r.uid,
  at: Number(r.at),
  kind: r.kind,
  changes: (typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes) as Record<string, unknown>,
})

export const TIMELINE_DEFAULT_LIMIT = 50
export const TIMELINE_MAX_LIMIT = 500
export const EXTRACT_MAX = 10000

/** Newest first, within the given workflows (and activity), `after < at < before`. */
export async function timeline(
  db: DbHandle,
  scope: { cids: string[]; processIds: string[]; activityId?: string },
  options: { after?: number; before?: number; limit: number },
): Promise<HistoryRecord[]> {
  if (!scope.processIds.length || !scope.cids.length) return []
  let q = db.selectFrom('activity_history').selectAll().where('cid', 'in', scope.cids).where('process_id', 'in', scope.processIds)
  if (scope.activityId) q = q.where('activity_id', '=', scope.activityId)
  if (options.after !== undefined) q = q.where('at', '>', options.after)
  if (options.before !== undefined) q = q.where('at', '<', options.before)
  const rows = await q.orderBy('at', 'desc').orderBy('_id', 'desc').limit(options.limit).execute()
  return rows.map(toRecord)
}

/** The whole history of one activity, oldest first (at most EXTRACT_MAX entries). */
export async function activityHistory(db: DbHandle, cid: string, activityId: string): Promise<HistoryRecord[]> {
  const rows = await db
    .selectFrom('activity_history')
    .selectAll()
    .where('cid', '=', cid)
    .where('activity_id', '=', activityId)
    .orderBy('at', 'asc')
    .orderBy('_id', 'asc')
    .limit(EXTRACT_MAX)
    .execute()
  return rows.map(toRecord)
}
