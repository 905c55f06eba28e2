/**
 * Reading the activity history (recorded by ./events.ts), within workflows the caller was found to
 * see (./access.ts).
 */
import type { DbHandle } from '../../db/schema'

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
