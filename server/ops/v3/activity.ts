/**
 * Activities: v3.activity.create, createMany (server/domain/activities/create.ts). Beside them in
 * activity/: the added reads get and the soft remove (read.ts), list (list.ts), updateMany
 * (update.ts); count, phaseCount, buildPhaseCountCache and permissions (counts.ts).
 * Everything is checked under THE rule of server/policies/processes.ts: a caller who may not see a
 * workflow or activity gets 404.
 *
 * Signals after commit, to everyone who may see the workflow: `v3.activity.created {_id, processId}`
 * (createMany: one `{processId, ids}` per call), `updated {_id, processId, fields}`,
 * `phase {_id, processId, from, to}`, `removed {processId, ids}`.
 */
import { currentWorkspaceId } from '../../auth/sessions'
import { createActivities, publishCreated, publishCreatedMany } from '../../domain/activities/create'
import { forbidden, notFound } from '../../errors'
import { isObjectId } from '../../ids'
import { canCreateActivity, loadProcessAccess } from '../../policies/processes'
import type { SignedInContext } from '../../context'
import { operation } from '../../rpc/operation'

/** A workflow by id, or by its key in options.workspaceId (else the current workspace); 404 unless the caller sees it, 403 unless they may create in it. */
async function creatableProcess(ctx: SignedInContext, processIdOrKey: string, workspaceId?: string) {
  let processId = processIdOrKey
  if (!isObjectId(processIdOrKey)) {
    const cid = workspaceId ?? (await currentWorkspaceId(ctx.db, ctx.session))
    const row = cid ? await ctx.db.selectFrom('processes').select('_id').where('cid', '=', cid).where('key', '=', processIdOrKey).executeTakeFirst() : undefined
    if (!row) throw notFound('process')
    processId = row._id
  }
  // Locked: creation counts the workflow's activities (info.createdActivities) and then the
  // workspace's (quota); taking the workflow first keeps the lock order of process.set_info.
  const { process, access } = await loadProcessAccess(ctx.db, ctx.session, processId, { lock: true })
  if (workspaceId && process.cid !== workspaceId) throw notFound('process')
  if (!canCreateActivity(access)) throw forbidden('you may not create activities in this workflow', { needs: 'create' })
  return process
}

/** [processId, activity?, options?] -> the Activity record. */
export const create = operation({
  name: 'v3.activity.create',
  access: 'signedIn',
  async run(ctx, processId, activity, options = {}) {
    const process = await creatableProcess(ctx, processId)
    const created = await createActivities(ctx, process, [activity ?? {}], options, false)
    await publishCreated(ctx, process, created.ids[0])
    return created.records.map(([record]) => record)
  },
})

/** [processId or key, activities[], options?] -> the Activity records, all or none. */
export const createMany = operation({
  name: 'v3.activity.createMany',
  access: 'signedIn',
  async run(ctx, processId, activities, options = {}) {
    const process = await creatableProcess(ctx, processId, options.workspaceId)
    if (!activities.length) return []
    const created = await createActivities(ctx, process, activities, options, true)
    await publishCreatedMany(ctx, process, created.ids)
    return created.records
  },
})
