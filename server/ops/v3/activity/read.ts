/**
 * Added operations: v3.activity.get [activityId] and the soft v3.activity.remove [activityIds[]]
 * (v3.activity.list: list.ts). Removed activities are not read by get or list (removed.* lists them).
 */
import { lockBeforeWrite } from '../../../functions'
import { allKeys, recomputeAfter } from '../../../domain/function-values'
import { adjustPhaseCounts, recordHistory } from '../../../domain/activities/events'
import { loadActivities } from '../../../domain/activities/access'
import { recordWithParts } from '../../../domain/activities/read'
import { anyOf } from '../../../db/rows'
import { refused } from '../../../errors'
import { loadProcessAccess } from '../../../policies/processes'
import { operation } from '../../../rpc/operation'
import { tellViewers } from '../../../domain/process-signals'

const fieldsOrderOf = (info: Record<string, unknown>) => (info.fieldsOrder as string[] | undefined) ?? []

/** The Activity record; 404 when it does not exist, is removed, or its workflow is not visible to the caller. */
export const get = operation({
  name: 'v3.activity.get',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, activityId) {
    // One statement: the activity, its workflow, the caller's access and the record's parts.
    const [{ activity, process, parts }] = await loadActivities(ctx.db, ctx.session, [activityId], { argument: 0, withRecordParts: true })
    return recordWithParts(activity, parts!, fieldsOrderOf(process.info))
  },
})

/**
 * Soft removal: removed = true, removed_on, removed_by; the phase counts drop; history `removed`;
 * `v3.activity.removed {processId, ids}` per workflow. Needs edit permission on each (403); 404 for
 * one the caller may not see or that is already removed. All or nothing. Returns the removed ids.
 */
export const remove = operation({
  name: 'v3.activity.remove',
  access: 'signedIn',
  async run(ctx, activityIds) {
    if (!activityIds.length) return []
    const loaded = await loadActivities(ctx.db, ctx.session, activityIds, { lock: true, needEdit: true, argument: 0 })
    const now = Date.now()
    const byProcess = new Map<string, typeof loaded>()
    for (const l of loaded) byProcess.set(l.process._id, [...(byProcess.get(l.process._id) ?? []), l])
    // Workflows in id order, as the counts within one (adjustPhaseCounts): no deadlock between calls.
    for (const [processId, items] of [...byProcess].sort(([a], [b]) => a.localeCompare(b))) {
      const { process } = items[0]
      const { cid } = process
      await lockBeforeWrite(ctx.db, cid)
      const ids = items.map((l) => l.activity._id)
      const updated = await ctx.db
        .updateTable('activities')
        .set({ removed: true, removed_on: now, removed_by: ctx.session.uid })
        .where('cid', '=', cid)
        .where('_id', '=', anyOf(ids))
        .where('removed', '=', false)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== ids.length) throw refused('an activity was removed meanwhile; try again')
      const deltas = new Map<string, number>()
      for (const l of items) deltas.set(l.activity.current_phase, (deltas.get(l.activity.current_phase) ?? 0) - 1)
      await adjustPhaseCounts(ctx, cid, processId, deltas)
      await recordHistory(
        ctx,
        items.map((l) => ({ cid, activityId: l.activity._id, processId, kind: 'removed' as const, changes: { removed: { from: false, to: true } } })),
      )
      await tellViewers(ctx, process, { sig: 'v3.activity.removed', meta: { processId, ids } })
      await recomputeAfter(
        ctx,
        cid,
        items.map((l) => ({ activityId: l.activity._id, keys: allKeys(l.activity.fields as Record<string, unknown>) })),
      )
    }
    return loaded.map((l) => l.activity._id)
  },
})
