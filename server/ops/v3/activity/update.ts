/**
 * v3.activity.updateMany [updates: [{_id, name?, fields?, phaseId?, teamId?, priority?, followerIds?,
 * fileIds?, location?}], options? {ignoreRequired?}] -> the number of activities changed.
 *
 * All or nothing, in one transaction. Each activity needs edit permission (activityAccess: 403 for
 * one the caller sees but may not edit, 404 for one they may not see or that is removed); what an
 * update changes, records and signals: server/domain/activities/update.ts.
 */
import { loadActivities } from '../../../domain/activities/access'
import { invalidActivityOf } from '../../../domain/activities/checks'
import { updateActivities } from '../../../domain/activities/update'
import { operation } from '../../../rpc/operation'

export const updateMany = operation({
  name: 'v3.activity.updateMany',
  access: 'signedIn',
  async run(ctx, updates, options = {}) {
    if (!updates.length) return 0
    const invalid = invalidActivityOf(ctx, 0, true)
    const seen = new Set<string>()
    for (const [index, u] of updates.entries()) {
      if (seen.has(u._id)) throw invalid(index, '/_id', 'repeats an activity')
      seen.add(u._id)
    }
    const ids = updates.map((u) => u._id)
    const loaded = await loadActivities(ctx.db, ctx.session, ids, { lock: true, needEdit: true, argument: 0 })
    return updateActivities(ctx, loaded, updates, options)
  },
})
