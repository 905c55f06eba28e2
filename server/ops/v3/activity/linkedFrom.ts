/**
 * v3.activity.linkedFrom.next, overview, refresh, search: the active activities that link TO an
 * activity (through activitylink fields), in the workflows the caller sees, grouped by workflow and
 * phase. The target must be an activity the caller sees (404 otherwise).
 *
 * The map answers are `{processId: {_id, name, phases: {phaseId: {_id, name, count, activities:
 * [entry]}}}}`; an entry is `{_id, name, index, currentPhase, primaryNumericField?, primaryDateField?}`
 * (docs/reference/interface.md "Linked activity entry"); `count` is the number of linking activities of the phase
 * matching the filters, `index` the entry's position among them (creation order, from 0).
 */
import { loadActivities, visibleProcesses } from '../../../domain/activities/access'
import {
  indexOfLinking,
  LINKED_DEFAULT_LIMIT,
  linkedOfProcess,
  linkingProcessIds,
  mayLinkProcessIds,
  type WorkflowGroup,
} from '../../../domain/activities/links'
import { RpcError } from '../../../errors'
import type { SignedInContext } from '../../../context'
import { operation } from '../../../rpc/operation'

interface MapOptions {
  limit: number
  phaseIds?: string[]
  activityIds?: string[]
  search?: string
  includeEmptyWorkflows?: boolean
}

async function linkedMap(ctx: SignedInContext, activityId: string, o: MapOptions): Promise<Record<string, WorkflowGroup>> {
  const [{ activity }] = await loadActivities(ctx.db, ctx.session, [activityId])
  const ids = await linkingProcessIds(ctx.db, activity.cid, activity._id)
  const empty = o.includeEmptyWorkflows ? await mayLinkProcessIds(ctx.db, activity.cid, activity.process_id) : []
  const visible = await visibleProcesses(ctx.db, ctx.session, [...new Set([...ids, ...empty])])
  const out: Record<string, WorkflowGroup> = {}
  for (const [id, { process }] of [...visible].sort((a, b) => a[1].process.created - b[1].process.created || (a[0] < b[0] ? -1 : 1))) {
    const group = ids.includes(id)
      ? await linkedOfProcess(ctx.db, process, activity._id, { limit: o.limit, phaseIds: o.phaseIds, activityIds: o.activityIds, search: o.search })
      : { _id: id, name: process.name, phases: {} }
    if (Object.keys(group.phases).length || o.includeEmptyWorkflows) out[id] = group
  }
  return out
}

/**
 * [activityId, afterActivityId, {activityLimit? (default 50)}?]: the next linking activities after
 * `afterActivityId` in its workflow and phase. 404 when `afterActivityId` does not link to the activity.
 */
export const next = operation({
  name: 'v3.activity.linkedFrom.next',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, activityId, afterActivityId, options = {}) {
    const [{ activity }] = await loadActivities(ctx.db, ctx.session, [activityId])
    const at = await indexOfLinking(ctx.db, activity.cid, activity._id, afterActivityId)
    const visible = at ? await visibleProcesses(ctx.db, ctx.session, [at.processId]) : new Map()
    if (!at || !visible.has(at.processId)) {
      throw new RpcError(404, 'activity not found', { argument: 1, name: 'afterActivityId' })
    }
    const group = await linkedOfProcess(ctx.db, visible.get(at.processId)!.process, activity._id, {
      limit: options.activityLimit ?? LINKED_DEFAULT_LIMIT,
      phaseIds: [at.phaseId],
      afterIndex: at.index,
    })
    return group.phases[at.phaseId]?.activities ?? []
  },
})

/** [activityId, {activityLimit? (per phase, default 50), includeEmptyWorkflows? (default false), phaseIds?}?] */
export const overview = operation({
  name: 'v3.activity.linkedFrom.overview',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, activityId, options = {}) {
    return linkedMap(ctx, activityId, {
      limit: options.activityLimit ?? LINKED_DEFAULT_LIMIT,
      includeEmptyWorkflows: options.includeEmptyWorkflows === true,
      phaseIds: options.phaseIds,
    })
  },
})

/** [activityId, phaseId, {activityIds?, searchString?}?]: one phase again (the first 50 matching). */
export const refresh = operation({
  name: 'v3.activity.linkedFrom.refresh',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, activityId, phaseId, options = {}) {
    return linkedMap(ctx, activityId, { limit: LINKED_DEFAULT_LIMIT, phaseIds: [phaseId], activityIds: options.activityIds, search: options.searchString })
  },
})

/** [activityId, searchString, {activityLimit? (per phase, default 50)}?]: linking activities whose name contains the string. */
export const search = operation({
  name: 'v3.activity.linkedFrom.search',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, activityId, searchString, options = {}) {
    return linkedMap(ctx, activityId, { limit: options.activityLimit ?? LINKED_DEFAULT_LIMIT, search: searchString })
  },
})
