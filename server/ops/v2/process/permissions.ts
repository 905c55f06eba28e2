/**
 * Permissions of a workflow's members: v2.process.permissions.grant, deny, for administrators of the
 * workflow. The target is a user or a team (user_<id>, team_<id>, or a bare id: a team of the
 * workspace if there is one with that id, else a user). What each permission allows:
 * server/policies/processes.ts.
 *
 * Signal on workspace:<cid>: `process.updated {_id, changed: ['members']}`.
 */
import { resolveMemberId } from '../../../domain/process-members'
import type { ProcessPermission } from '../../../db/schema'
import { loadProcessAccess, requireAdminister } from '../../../policies/processes'
import { operation } from '../../../rpc/operation'
import { processViewers, publishToViewers } from '../../../domain/process-signals'

const TARGET = { argument: 1, name: 'targetId', kinds: ['user', 'team'], bare: true }

/** Lists the target as a member if it was not, and adds the permission (none given: only lists it). True. */
export const grant = operation({
  name: 'v2.process.permissions.grant',
  access: 'signedIn',
  async run(ctx, processId: string, targetId: string, permission?: ProcessPermission) {
    const { process, access } = await loadProcessAccess(ctx.db, ctx.session.uid, processId)
    requireAdminister(access, 'change permissions')
    const viewersBefore = await processViewers(ctx.db, process)
    const id = await resolveMemberId(ctx.db, process.cid, targetId, TARGET)
    const entry = await ctx.db
      .selectFrom('process_members')
      .select('permissions')
      .where('cid', '=', process.cid)
      .where('process_id', '=', process._id)
      .where('member_id', '=', id)
      .executeTakeFirst()
    const permissions = new Set(entry?.permissions ?? [])
    if (permission) permissions.add(permission)
    if (entry) {
      await ctx.db
        .updateTable('process_members')
        .set({ permissions: JSON.stringify([...permissions]) })
        .where('cid', '=', process.cid)
        .where('process_id', '=', process._id)
        .where('member_id', '=', id)
        .execute()
    } else {
      await ctx.db
        .insertInto('process_members')
        .values({ cid: process.cid, process_id: process._id, member_id: id, permissions: JSON.stringify([...permissions]), created: Date.now() })
        .execute()
    }
    await publishToViewers(ctx, process.cid, process._id, 'process.updated', { _id: process._id, changed: ['members'] }, viewersBefore)
    return true
  },
})

/**
 * Takes the permission away (none given: every permission); the target stays listed. True when
 * something was taken away, false when the target did not hold it.
 */
export const deny = operation({
  name: 'v2.process.permissions.deny',
  access: 'signedIn',
  async run(ctx, processId: string, targetId: string, permission?: ProcessPermission) {
    const { process, access } = await loadProcessAccess(ctx.db, ctx.session.uid, processId)
    requireAdminister(access, 'change permissions')
    const viewersBefore = await processViewers(ctx.db, process)
    const id = await resolveMemberId(ctx.db, process.cid, targetId, TARGET)
    const entry = await ctx.db
      .selectFrom('process_members')
      .select('permissions')
      .where('cid', '=', process.cid)
      .where('process_id', '=', process._id)
      .where('member_id', '=', id)
      .executeTakeFirst()
    if (!entry) return false
    const next = permission ? entry.permissions.filter((p) => p !== permission) : []
    if (next.length === entry.permissions.length) return false
    await ctx.db
      .updateTable('process_members')
      .set({ permissions: JSON.stringify(next) })
      .where('cid', '=', process.cid)
      .where('process_id', '=', process._id)
      .where('member_id', '=', id)
      .execute()
    await publishToViewers(ctx, process.cid, process._id, 'process.updated', { _id: process._id, changed: ['members'] }, viewersBefore)
    return true
  },
})
