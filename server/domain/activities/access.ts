/**
 * What a caller may see and edit of activities, under THE rule of server/policies/processes.ts: an
 * activity is seen by whoever sees its workflow, edited per `activityAccess`; anything the caller may
 * not see is 404, never 403. Every operation on given activities loads them with `loadActivities`.
 */
import { actsIn, type Principal } from '../../policies/principal'
import type { DbHandle, Role } from '../../db/schema'
import { forbidden, notFound, RpcError } from '../../errors'
import { sql } from 'kysely'
import { ACCESS_FACTS, accessToAll, activityAccess, loadProcessAccess, seenProcess, type ProcessAccess } from '../../policies/processes'
import type { ProcessRow } from '../../db/processes'
import type { ActivityRow } from '../../db/activities'
import { anyOf } from '../../db/rows'
import { runReusable } from '../../db/reusable'
import { recordParts, type RecordParts } from './read'

/** Who owns an activity for the `own` permission: its creator. */
export const ownersOf = (a: Pick<ActivityRow, 'uid'>) => [a.uid]

/** An activity as loaded for a caller: its workflow, the caller's access to that, and whether they may edit the activity. */
export interface LoadedActivity {
  activity: ActivityRow
  process: ProcessRow
  access: ProcessAccess
  edit: boolean
  /** Read with `withRecordParts`: what its record needs beside the row. */
  parts?: RecordParts
}

export interface LoadOptions {
  /** false (the default): active activities only; true: removed ones only; 'any': both. */
  removed?: boolean | 'any'
  /**
   * The caller is about to change them from what is read here: their rows are locked for the rest of
   * the transaction, in id order, so two calls locking overlapping sets cannot deadlock.
   */
  lock?: boolean
  /** 403 for the first the caller sees but may not edit. */
  needEdit?: boolean
  /** The argument holding the ids: the 404 and 403 name it and the id's index. Without it, a bare 404. */
  argument?: number
  /** A read (not `lock`): each activity's followers and function states in the same statement (`parts`). */
  withRecordParts?: boolean
}

/**
 * The given activities with the caller's access to each, in the order of `ids`: 404 for the first
 * that does not exist, is not in the `removed` state asked for, or is in a workflow the caller may not
 * see (another workspace included).
 */
export async function loadActivities(db: DbHandle, caller: Principal, ids: string[], options: LoadOptions = {}): Promise<LoadedActivity[]> {
  const { removed = false, lock = false, needEdit = false, argument, withRecordParts = false } = options
  // The caller's activities among the ids (the values come in as slots: server/db/reusable.ts).
  const mine = ({ uid, ids }: { uid: string; ids: string[] }) => {
    const query = db
      .selectFrom('activities as a')
      .innerJoin('workspace_members as m', (j) => j.onRef('m.cid', '=', 'a.cid').on('m.uid', '=', uid))
      .where('a._id', '=', anyOf(ids))
    return removed === 'any' ? query : query.where('a.removed', '=', removed)
  }
  const values = { uid: caller.uid, ids: [...new Set(ids)].sort() }
  const workflows = new Map<string, { process: ProcessRow; access: ProcessAccess } | null>()
  let rows: ActivityRow[]
  const parts = new Map<string, RecordParts>()
  if (lock) {
    // A write (often of many activities of one workflow): the activities locked and read, then each
    // workflow's access read once.
    rows = await runReusable(db, `loadActivities lock removed=${removed}`, values, (slots) => mine(slots).selectAll('a').orderBy('a._id').forUpdate('a'))
    for (const processId of new Set(rows.map((a) => a.process_id))) workflows.set(processId, await loadProcessAccess(db, caller, processId).catch(() => null))
  } else {
    // A read (of one activity, as every caller reads): the activities with their workflows and the
    // caller's access facts in one statement; the rule applied to them is loadProcessAccess's.
    const read = await runReusable(db, `loadActivities removed=${removed} parts=${withRecordParts}`, values, (slots) =>
      mine(slots)
        .innerJoin('processes as p', (j) => j.onRef('p.cid', '=', 'a.cid').onRef('p._id', '=', 'a.process_id'))
        .selectAll('a')
        .select(sql<ProcessRow>`to_jsonb(p)`.as('process'))
        .select(ACCESS_FACTS)
        .$if(withRecordParts, (q) => q.select(recordParts(db))),
    )
    rows = read.map(({ process, role, caller_teams, member_entries, followers, states, ...activity }) => {
      if (!workflows.has(process._id)) workflows.set(process._id, seenProcess(caller, { ...process, role, caller_teams, member_entries }))
      if (withRecordParts) parts.set(activity._id, { followers, states } as RecordParts)
      return activity
    })
  }
  const byId = new Map(rows.map((a) => [a._id, a]))
  const out: LoadedActivity[] = []
  for (const [index, id] of ids.entries()) {
    const missing = () => (argument === undefined ? notFound('activity') : new RpcError(404, 'activity not found', { argument, index }))
    const activity = byId.get(id)
    if (!activity) throw missing()
    const seen = workflows.get(activity.process_id)
    if (!seen) throw missing()
    const { edit } = activityAccess(seen.access, { owners: ownersOf(activity), team: activity.team_id })
    if (needEdit && !edit) throw forbidden('you may not edit this activity', { argument, index, _id: id })
    out.push({ activity, process: seen.process, access: seen.access, edit, parts: parts.get(id) })
  }
  return out
}

/** 403 unless the caller may edit the activity. */
export function requireEdit(loaded: LoadedActivity, what: string) {
  if (!loaded.edit) throw forbidden(`you may not ${what} this activity`, { needs: 'edit' })
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
