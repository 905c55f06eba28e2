/**
 * v3.activity.timeline2 and extractHistory: reading the activity history (every change, recorded by
 * server/domain/activities/events.ts). Only history of workflows the caller sees.
 *
 * Entries: `{_id, activityId, processId, uid (who), at (ms), kind: created|updated|phase|ball|removed|recovered,
 * changes: {fields?: {fieldId: {from, to}}, name?: {from, to}, phase?: {from, to}, ball?: {from, to}, ...}}`.
 */
import { loadActivities, visibleProcesses, workspacesOf } from '../../../domain/activities/access'
import { activityHistory, timeline, TIMELINE_DEFAULT_LIMIT } from '../../../domain/activities/history-read'
import { RpcError } from '../../../errors'
import { operation } from '../../../rpc/operation'

/**
 * [{activityId?, processId?, workspaceId?, after?, before?, limit? (default 50, max 500)}]: history
 * entries newest first, with `after < at < before` (ms). With activityId: that activity (removed ones
 * too; 404 unless the caller sees it); with processId: that workflow (404 unless seen); with
 * workspaceId: every workflow of that workspace the caller sees (404 unless a member); with none:
 * every workflow the caller sees in all their workspaces. Page back with `before` = the last `at`.
 */
export const timeline2 = operation({
  name: 'v3.activity.timeline2',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, options) {
    const uid = ctx.session.uid
    const limit = options.limit ?? TIMELINE_DEFAULT_LIMIT
    if (options.activityId) {
      const [{ activity }] = await loadActivities(ctx.db, ctx.session, [options.activityId], { removed: 'any' }).catch(() => {
        throw new RpcError(404, 'activity not found', { argument: 0, name: 'options', path: '/activityId' })
      })
      if (options.processId && options.processId !== activity.process_id) return []
      return timeline(ctx.db, { cids: [activity.cid], processIds: [activity.process_id], activityId: activity._id }, { ...options, limit })
    }
    if (options.processId) {
      const visible = await visibleProcesses(ctx.db, ctx.session, [options.processId])
      const p = visible.get(options.processId)
      if (!p) throw new RpcError(404, 'process not found', { argument: 0, name: 'options', path: '/processId' })
      return timeline(ctx.db, { cids: [p.process.cid], processIds: [p.process._id] }, { ...options, limit })
    }
    const roles = await workspacesOf(ctx.db, ctx.session)
    if (options.workspaceId && !roles.has(options.workspaceId))
      throw new RpcError(404, 'workspace not found', { argument: 0, name: 'options', path: '/workspaceId' })
    const visible = [...(await visibleProcesses(ctx.db, ctx.session, '*')).values()].filter(
      (v) => !options.workspaceId || v.process.cid === options.workspaceId,
    )
    return timeline(ctx.db, { cids: [...new Set(visible.map((v) => v.process.cid))], processIds: visible.map((v) => v.process._id) }, { ...options, limit })
  },
})

/** [{activityId}]: the whole history of one activity (removed ones too), oldest first, at most 10,000 entries. */
export const extractHistory = operation({
  name: 'v3.activity.extractHistory',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, options) {
    const [{ activity }] = await loadActivities(ctx.db, ctx.session, [options.activityId], { removed: 'any' })
    return activityHistory(ctx.db, activity.cid, activity._id)
  },
})
