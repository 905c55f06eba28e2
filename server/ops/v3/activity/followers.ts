/**
 * v3.activity.followers.remove and .eligible: taking a follower off an activity, and who may follow
 * it (or be passed its ball). Adding is updateMany's `followerIds`. Who may follow: ../../../domain/activities/followers.ts.
 */
import { loadActivities, requireEdit } from '../../../domain/activities/access'
import { removeFollower } from '../../../domain/activities/followers'
import { processViewers } from '../../../policies/processes'
import { operation } from '../../../rpc/operation'

/**
 * [activityId, userId] -> {_id, followers}: `userId` no longer follows the activity. Anyone who sees
 * the activity may stop following it themselves; taking someone else off needs edit permission on
 * it (as adding them does). 422 for the ball holder; someone who does not follow it: no change.
 */
export const remove = operation({
  name: 'v3.activity.followers.remove',
  access: 'signedIn',
  async run(ctx, activityId, userId) {
    const [v] = await loadActivities(ctx.db, ctx.session, [activityId], { lock: true })
    if (userId !== ctx.session.uid) requireEdit(v, 'remove followers of')
    return { _id: activityId, followers: await removeFollower(ctx, v.activity, v.process, userId) }
  },
})

/** [activityId] -> userId[]: the members who may see the activity, so may follow it and hold its ball. */
export const eligible = operation({
  name: 'v3.activity.followers.eligible',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, activityId) {
    const [v] = await loadActivities(ctx.db, ctx.session, [activityId])
    return processViewers(ctx.db, v.process)
  },
})
