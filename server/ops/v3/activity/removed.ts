/**
 * v3.activity.removed.more, overview, recover: soft-removed activities of the workflows the caller
 * sees (server/policies/processes.ts), and bringing them back exactly as they were.
 */
import { lockBeforeWrite } from '../../../functions'
import { allKeys, recomputeAfter } from '../../../domain/function-values'
import { sql } from 'kysely'
import { adjustPhaseCounts, recordHistory } from '../../../domain/activities/events'
import { ownersOf, visibleProcesses, workspacesOf } from '../../../domain/activities/access'
import { REMOVED_DEFAULT_LIMIT, removedByPhase, removedOfPhase } from '../../../domain/activities/removed'
import { forbidden, notFound, RpcError } from '../../../errors'
import { activityAccess } from '../../../policies/processes'
import { operation } from '../../../rpc/operation'
import { tellViewers } from '../../../domain/process-signals'

/**
 * [phaseId, {limit? (default 50), skip?, search?}?]: removed activities of that phase, most recently
 * removed first, in every workflow of the caller's workspaces that has the phase and that the caller
 * sees. 404 when no such workflow has the phase.
 */
export const more = operation({
  name: 'v3.activity.removed.more',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, phaseId, options = {}) {
    const roles = await workspacesOf(ctx.db, ctx.session)
    if (!roles.size) throw notFound('phase')
    const withPhase = await ctx.db
      .selectFrom('processes')
      .select('_id')
      .where('cid', 'in', [...roles.keys()])
      .where(sql<boolean>`jsonb_exists(coalesce(info->'phases', '{}'::jsonb), ${phaseId})`)
      .execute()
    const visible = await visibleProcesses(
      ctx.db,
      ctx.session,
      withPhase.map((p) => p._id),
    )
    if (!visible.size) throw notFound('phase')
    return removedOfPhase(ctx.db, [...visible.keys()], phaseId, {
      limit: options.limit ?? REMOVED_DEFAULT_LIMIT,
      skip: options.skip ?? 0,
      search: options.search,
    })
  },
})

/**
 * [processId[], {limit? (per phase, default 50), search?}?]: map processId -> map phaseId -> removed
 * entries. 404 (naming the argument) when any id is not a workflow the caller sees.
 */
export const overview = operation({
  name: 'v3.activity.removed.overview',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, processIds, options = {}) {
    const visible = await visibleProcesses(ctx.db, ctx.session, processIds)
    const missing = processIds.filter((id) => !visible.has(id))
    if (missing.length) {
      throw new RpcError(404, 'process not found', { argument: 0, name: 'processIds', missing })
    }
    const out: Record<string, Record<string, unknown>> = {}
    for (const [id, { process }] of visible) {
      out[id] = await removedByPhase(ctx.db, process.cid, id, { limit: options.limit ?? REMOVED_DEFAULT_LIMIT, search: options.search })
    }
    return out
  },
})

/**
 * [activityId[]]: brings removed activities back to active, exactly as they were (only the removal
 * marks are cleared), counts them in their phase again, records `recovered` in their history and
 * signals `v3.activity.recovered {processId, ids}` per workflow. Returns the recovered ids, in the
 * order given. Ids that are not removed activities the caller sees are left out; 403 (nothing
 * recovered) when the caller sees one but may not edit it.
 */
export const recover = operation({
  name: 'v3.activity.removed.recover',
  access: 'signedIn',
  async run(ctx, activityIds) {
    const ids = [...new Set(activityIds)]
    if (!ids.length) return []
    const roles = await workspacesOf(ctx.db, ctx.session)
    if (!roles.size) return []
    const rows = await ctx.db
      .selectFrom('activities')
      .selectAll()
      .where('cid', 'in', [...roles.keys()])
      .where('_id', 'in', ids)
      .where('removed', '=', true)
      .orderBy('_id') // rows locked in id order, as everywhere: no deadlock between overlapping calls
      .forUpdate()
      .execute()
    const visible = await visibleProcesses(ctx.db, ctx.session, [...new Set(rows.map((r) => r.process_id))])
    const mine = rows.filter((r) => visible.has(r.process_id))
    for (const r of mine) {
      const { edit } = activityAccess(visible.get(r.process_id)!.access, { owners: ownersOf(r), team: r.team_id })
      if (!edit) throw forbidden('you may not recover this activity', { needs: 'edit', activityId: r._id })
    }
    if (!mine.length) return []
    const byProcess = new Map<string, typeof mine>()
    for (const r of mine) byProcess.set(r.process_id, [...(byProcess.get(r.process_id) ?? []), r])
    for (const [processId, list] of [...byProcess].sort(([a], [b]) => a.localeCompare(b))) {
      const { cid } = list[0]
      await lockBeforeWrite(ctx.db, cid)
      await ctx.db
        .updateTable('activities')
        .set({ removed: false, removed_on: null, removed_by: null })
        .where('cid', '=', cid)
        .where(
          '_id',
          'in',
          list.map((r) => r._id),
        )
        .execute()
      const deltas = new Map<string, number>()
      for (const r of list) deltas.set(r.current_phase, (deltas.get(r.current_phase) ?? 0) + 1)
      await adjustPhaseCounts(ctx, cid, processId, deltas)
      await recordHistory(
        ctx,
        list.map((r) => ({
          cid,
          activityId: r._id,
          processId,
          kind: 'recovered' as const,
          changes: { removed: { from: true, to: false }, removedOn: r.removed_on === null ? null : Number(r.removed_on), removedBy: r.removed_by },
        })),
      )
      await tellViewers(ctx, visible.get(processId)!.process, { sig: 'v3.activity.recovered', meta: { processId, ids: list.map((r) => r._id) } })
      await recomputeAfter(
        ctx,
        cid,
        list.map((r) => ({ activityId: r._id, keys: allKeys(r.fields as Record<string, unknown>), all: true })),
      )
    }
    const recovered = new Set(mine.map((r) => r._id))
    return ids.filter((id) => recovered.has(id))
  },
})
