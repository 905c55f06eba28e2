/**
 * Permissions of a workflow's members: v2.process.permissions.grant, deny, for administrators of the
 * workflow. The target is a user or a team (user_<id>, team_<id>, or a bare id: a team of the
 * workspace if there is one with that id, else a user), or the whole workspace (network_<cid>: what
 * every member but guests may do). What each permission allows:
 * server/policies/processes.ts.
 *
 * Signal to the workflow's viewers (before and after): `process.updated {_id, changed: ['members']}`.
 */
import type { ProcessPermission } from '../../../db/schema'
import { resolveMemberId } from '../../../domain/process-members'
import { processViewers, loadProcessAccess, requireAdminister } from '../../../policies/processes'
import { tellViewers } from '../../../domain/process-signals'
import { audit } from '../../../domain/audit'
import type { SignedInContext } from '../../../context'
import { operation } from '../../../rpc/operation'
import type { ProcessRow } from '../../../db/processes'

const TARGET = { argument: 1, kinds: ['user', 'team', 'network'], bare: true }

/** The workflow (administered by the caller), its member id for the target, that entry's permissions (null when not listed). */
async function loadTarget(ctx: SignedInContext, processId: string, targetId: string) {
  const { process, access } = await loadProcessAccess(ctx.db, ctx.session, processId, { lock: true })
  requireAdminister(access, 'change permissions')
  const memberId = await resolveMemberId(ctx, process.cid, targetId, TARGET)
  const entry = await ctx.db
    .selectFrom('process_members')
    .select('permissions')
    .where('cid', '=', process.cid)
    .where('process_id', '=', process._id)
    .where('member_id', '=', memberId)
    .executeTakeFirst()
  return { process, memberId, permissions: entry?.permissions ?? null, viewersBefore: await processViewers(ctx.db, process) }
}

/** Writes the entry's permissions (listing the target when it was not) and tells the viewers. */
async function savePermissions(
  ctx: SignedInContext,
  process: ProcessRow,
  memberId: string,
  change: { before: ProcessPermission[] | null; after: ProcessPermission[] },
  viewersBefore: string[],
) {
  const permissions = change.after
  const json = JSON.stringify(permissions)
  await ctx.db
    .insertInto('process_members')
    .values({ cid: process.cid, process_id: process._id, member_id: memberId, permissions: json, created: Date.now() })
    .onConflict((oc) => oc.columns(['cid', 'process_id', 'member_id']).doUpdateSet({ permissions: json }))
    .execute()
  const entry = (list: ProcessPermission[] | null) => list && { member: memberId, permissions: list }
  await audit(ctx, { cid: process.cid, kind: 'workflow.permissions', targetId: process._id, before: entry(change.before), after: entry(change.after) })
  await tellViewers(ctx, process, { sig: 'process.updated', meta: { _id: process._id, changed: ['members'] } }, viewersBefore)
}

/** Lists the target as a member if it was not, and adds the permission (none given: only lists it). True. */
export const grant = operation({
  name: 'v2.process.permissions.grant',
  access: 'signedIn',
  async run(ctx, processId, targetId, permission) {
    const { process, memberId, permissions, viewersBefore } = await loadTarget(ctx, processId, targetId)
    const next = new Set(permissions ?? [])
    if (permission) next.add(permission)
    await savePermissions(ctx, process, memberId, { before: permissions, after: [...next] }, viewersBefore)
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
  async run(ctx, processId, targetId, permission) {
    const { process, memberId, permissions, viewersBefore } = await loadTarget(ctx, processId, targetId)
    if (!permissions) return false
    const next = permission ? permissions.filter((p) => p !== permission) : []
    if (next.length === permissions.length) return false
    await savePermissions(ctx, process, memberId, { before: permissions, after: next }, viewersBefore)
    return true
  },
})
