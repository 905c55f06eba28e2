/**
 * Added operations: v3.activity.get [activityId], v3.activity.list [{processId, phaseId?, search?,
 * sort?, order?, limit?, after?}] and the soft v3.activity.remove [activityIds[]].
 * Removed activities are not read by get or list (removed.* lists them).
 */
import { lockBeforeWrite } from '../../../domain/functions/recompute'
import { allKeys, recomputeAfter } from '../../../domain/functions/after-write'
import { sql } from 'kysely'
import { adjustPhaseCounts, recordHistory } from '../../../domain/activities/events'
import { activityRecords, loadActivitiesFor } from '../../../domain/activities/read'
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

const SORT = {
  created: sql`a.created`,
  updated: sql`coalesce(a.updated, a.created)`,
  name: sql`lower(a.name)`,
}

/**
 * A page of the workflow's active activities: `{activities: Activity[], next: cursor | null}`.
 * Sorted by created (default), updated or name (case-insensitive), then _id; limit 50 by default, at
 * most 500; `after` is the `next` of the previous page (400 when it is not one).
 */
export const list = operation({
  name: 'v3.activity.list',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, query) {
    const { process } = await loadProcessAccess(ctx.db, ctx.session, query.processId)
    const sort = query.sort ?? 'created'
    const desc = query.order === 'desc'
    const limit = query.limit ?? 50
    let q = ctx.db
      .selectFrom('activities as a')
      .selectAll('a')
      .select(sql<string | number>`${SORT[sort]}`.as('sort_key'))
      .where('a.cid', '=', process.cid)
      .where('a.process_id', '=', process._id)
      .where('a.removed', '=', false)
    if (query.phaseId) q = q.where('a.current_phase', '=', query.phaseId)
    if (query.search?.trim()) q = q.where('a.name', 'ilike', `%${query.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    if (query.after) {
      let key: [string | number, string]
      try {
        key = JSON.parse(Buffer.from(query.after, 'base64url').toString())
        if (!Array.isArray(key) || key.length !== 2 || typeof key[1] !== 'string' || typeof key[0] !== (sort === 'name' ? 'string' : 'number'))
          throw new Error()
      } catch {
        throw ctx.invalid(0, '/after', 'is not a cursor of this list')
      }
      q = desc ? q.where(sql<boolean>`(${SORT[sort]}, a._id) < (${key[0]}, ${key[1]})`) : q.where(sql<boolean>`(${SORT[sort]}, a._id) > (${key[0]}, ${key[1]})`)
    }
    const rows = await q
      .orderBy(sql`${SORT[sort]}`, desc ? 'desc' : 'asc')
      .orderBy('a._id', desc ? 'desc' : 'asc')
      .limit(limit + 1)
      .execute()
    const more = rows.length > limit
    const page = rows.slice(0, limit)
    const last = page[page.length - 1]
    const next = more && last ? Buffer.from(JSON.stringify([sort === 'name' ? last.sort_key : Number(last.sort_key), last._id])).toString('base64url') : null
    const activities = await activityRecords(
      ctx.db,
      process.cid,
      page.map(({ sort_key, ...row }) => row),
      () => fieldsOrderOf(process.info),
    )
    return { activities, next }
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
      for (let i = 0; i < ids.length; i += 5000) {
        const updated = await ctx.db
          .updateTable('activities')
          .set({ removed: true, removed_on: now, removed_by: ctx.session.uid })
          .where('cid', '=', cid)
          .where('_id', 'in', ids.slice(i, i + 5000))
          .where('removed', '=', false)
          .executeTakeFirst()
        if (Number(updated.numUpdatedRows) !== Math.min(5000, ids.length - i)) throw refused('an activity was removed meanwhile; try again')
      }
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
