/**
 * The ball (active responsibility) of an activity: `activities.ball_holder` is {uid, since} or null.
 * Moves, per the interface's state table:
 *   any holder or none --take--> the caller; any holder or none --pass(userId)--> userId (a follower);
 *   any holder --clear--> none (clear with no holder is not a move of the table: 422).
 * Every move records history `ball {ball: {from, to}}` and signals `v3.activity.ball {_id, processId, from, to}`.
 */
import type { DbHandle } from '../../db/schema'
import type { Context } from '../../context'
import { recordHistory } from './events'
import { tellViewers } from '../process-signals'
import type { ActivityRow } from '../../db/activities'

export type BallHolder = { uid: string; since: number } | null

export const holderOf = (a: Pick<ActivityRow, 'ball_holder'>): BallHolder => {
  const h = a.ball_holder as unknown
  if (!h) return null
  const v = (typeof h === 'string' ? JSON.parse(h) : h) as { uid: string; since: number | string }
  return { uid: v.uid, since: Number(v.since) }
}

/** The followers of an activity: the members of its discussion, oldest first. */
export async function followersOf(db: DbHandle, cid: string, discussionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('discussion_members')
    .select('uid')
    .where('cid', '=', cid)
    .where('discussion_id', '=', discussionId)
    .orderBy('created')
    .orderBy('uid')
    .execute()
  return rows.map((r) => r.uid)
}

/** Moves the ball to `to` (null: nobody). No change, no history, no signal. Returns the new holder. */
export async function moveBall(ctx: Context, a: ActivityRow, to: string | null): Promise<BallHolder> {
  const current = holderOf(a)
  const from = current?.uid ?? null
  if (from === to) return current
  const holder: BallHolder = to === null ? null : { uid: to, since: Date.now() }
  await ctx.db
    .updateTable('activities')
    .set({ ball_holder: holder === null ? null : JSON.stringify(holder) })
    .where('cid', '=', a.cid)
    .where('_id', '=', a._id)
    .execute()
  await recordHistory(ctx, [{ cid: a.cid, activityId: a._id, processId: a.process_id, kind: 'ball', changes: { ball: { from, to } } }])
  await tellViewers(ctx, { cid: a.cid, _id: a.process_id }, { sig: 'v3.activity.ball', meta: { _id: a._id, processId: a.process_id, from, to } })
  return holder
}
