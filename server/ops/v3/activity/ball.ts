/**
 * v3.activity.ball.take, pass, clear, candidates, list: who holds an activity's ball, per the
 * interface's state table (server/domain/activities/ball.ts). Moves need edit permission on the
 * activity (activityAccess); reads need only to see it. Removed activities are 404.
 */
import { followersOf, holderOf, moveBall } from '../../../domain/activities/ball'
import { sql } from 'kysely'
import { loadActivities, requireEdit, visibleProcesses } from '../../../domain/activities/access'
import { refused } from '../../../errors'
import { requireSeeing } from '../../../domain/activities/followers'
import { operation } from '../../../rpc/operation'

const BALL_LIST_MAX = 10000

/** [activityId]: the caller holds the ball. Returns `{_id, ballHolder: {uid, since}}`. */
export const take = operation({
  name: 'v3.activity.ball.take',
  access: 'signedIn',
  async run(ctx, activityId) {
    const [v] = await loadActivities(ctx.db, ctx.session, [activityId], { lock: true })
    requireEdit(v, 'take the ball of')
    return { _id: activityId, ballHolder: await moveBall(ctx, v.activity, ctx.session.uid) }
  },
})

/** [activityId, userId]: the follower `userId` holds the ball (422 when they do not follow it or may not see it). */
export const pass = operation({
  name: 'v3.activity.ball.pass',
  access: 'signedIn',
  async run(ctx, activityId, userId) {
    const [v] = await loadActivities(ctx.db, ctx.session, [activityId], { lock: true })
    requireEdit(v, 'pass the ball of')
    const followers = await followersOf(ctx.db, v.activity.cid, v.activity.discussion_id)
    if (!followers.includes(userId))
      throw refused('the ball can only be passed to a follower of the activity', { argument: 1, name: 'userId', reason: 'not a follower' })
    // A follower who has since lost sight of the workflow (a permission taken away) is not passed it.
    await requireSeeing(ctx, v.process, [userId], { argument: 1, name: 'userId' })
    return { _id: activityId, ballHolder: await moveBall(ctx, v.activity, userId) }
  },
})

/** [activityId]: nobody holds the ball. 422 when nobody holds it already (no such move). */
export const clear = operation({
  name: 'v3.activity.ball.clear',
  access: 'signedIn',
  async run(ctx, activityId) {
    const [v] = await loadActivities(ctx.db, ctx.session, [activityId], { lock: true })
    requireEdit(v, 'clear the ball of')
    if (!holderOf(v.activity)) throw refused('nobody holds the ball of this activity', { reason: 'no holder' })
    return { _id: activityId, ballHolder: await moveBall(ctx, v.activity, null) }
  },
})

/** [activityId]: the followers (discussion members), any of whom may be passed the ball. */
export const candidates = operation({
  name: 'v3.activity.ball.candidates',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, activityId) {
    const [v] = await loadActivities(ctx.db, ctx.session, [activityId])
    return followersOf(ctx.db, v.activity.cid, v.activity.discussion_id)
  },
})

/**
 * [`*` | discussionId[]]: `{activityId, discussionId, processId, ballHolder: {uid, since}}` for each
 * active activity with a holder that the caller sees, in all the caller's workspaces (`*`) or among
 * the given discussions (unknown or foreign ids silently dropped); oldest ball first, at most 10,000.
 */
export const list = operation({
  name: 'v3.activity.ball.list',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, discussionIds) {
    if (discussionIds !== '*' && !discussionIds.length) return []
    const visible = await visibleProcesses(ctx.db, ctx.session, '*')
    if (!visible.size) return []
    const cids = [...new Set([...visible.values()].map((v) => v.process.cid))]
    let q = ctx.db
      .selectFrom('activities')
      .select(['_id', 'discussion_id', 'process_id', 'ball_holder'])
      .where('cid', 'in', cids)
      .where('process_id', 'in', [...visible.keys()])
      .where('removed', '=', false)
      .where('ball_holder', 'is not', null)
    if (discussionIds !== '*') q = q.where('discussion_id', 'in', [...new Set(discussionIds)])
    const rows = await q
      .orderBy(sql`(ball_holder->>'since')::bigint`)
      .orderBy('_id')
      .limit(BALL_LIST_MAX)
      .execute()
    return rows.map((r) => ({ activityId: r._id, discussionId: r.discussion_id, processId: r.process_id, ballHolder: holderOf(r)! }))
  },
})
