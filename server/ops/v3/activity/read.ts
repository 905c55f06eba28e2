/**
 * Added operations: v3.activity.get [activityId] and the soft v3.activity.remove [activityIds[]]
 * (v3.activity.list: list.ts). Removed activities are not read by get or list (removed.* lists them).
 */
import { lockBeforeWrite } from '../../../functions'
import { allKeys, recomputeAfter } from '../../../domain/function-values'
import { adjustPhaseCounts, recordHistory } from '../../../domain/activities/events'
import { activityRecords, loadActivitiesFor } from '../../../domain/activities/read'
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
    const [{ row, process }] = await loadActivitiesFor(ctx.db, ctx.session, [activityId], false)
    const [record] = await activityRecords(ctx.db, process.cid, [row], () => fieldsOrderOf(process.info))
    return record
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
    const loaded = await loadActivitiesFor(ctx.db, ctx.session, activityIds, true)
    const now = Date.now()
    const byProcess = new Map<string, typeof loaded>()
    for (const l of loaded) byProcess.set(l.row.process_id, [...(byProcess.get(l.row.process_id) ?? []), l])
    // Workflows in id order, as the counts within one (adjustPhaseCounts): no deadlock between calls.
    for (const [processId, items] of [...byProcess].sort(([a], [b]) => a.localeCompare(b))) {
      const cid = items[0].row.cid
      await lockBeforeWrite(ctx.db, cid)
      const ids = items.map((l) => l.row._id)
      const updated = await ctx.db
        .updateTable('activities')
        .set({ removed: true, removed_on: now, removed_by: ctx.session.uid })
        .where('cid', '=', cid)
        .where('_id', '=', anyOf(ids))
        .where('removed', '=', false)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== ids.length) throw refused('an activity was removed meanwhile; try again')
      const deltas = new Map<string, number>()
      for (const l of items) deltas.set(l.row.current_phase, (deltas.get(l.row.current_phase) ?? 0) - 1)
      await adjustPhaseCounts(ctx, cid, processId, deltas)
      await recordHistory(
        ctx,
        items.map((l) => ({ cid, activityId: l.row._id, processId, kind: 'removed' as const, changes: { removed: { from: false, to: true } } })),
      )
      await tellViewers(ctx, { cid, _id: processId }, { sig: 'v3.activity.removed', meta: { processId, ids } })
      await recomputeAfter(
        ctx,
        cid,
        items.map((l) => ({ activityId: l.row._id, keys: allKeys(l.row.fields as Record<string, unknown>) })),
      )
    }
    return loaded.map((l) => l.row._id)
  },
})
