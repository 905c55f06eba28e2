import { createWorkspace, loadWorkspace, lockWorkspace } from '../../db/workspaces'
import { requireFresh } from '../../domain/preconditions'
import { changeWorkspaceSettings } from '../../domain/workspace-settings'
import { queuedFunctionWork } from '../../domain/function-values'
import { FEATURES, loadLicense, quotaUsage, requireFeature } from '../../policies/quota'
import { allowedOperations, describeMember } from '../../policies/roles'
import { workspaceObject } from '../../presenters/workspace'
import { operation } from '../../rpc/operation'

const workspaceRecord = (loaded: Awaited<ReturnType<typeof loadWorkspace>>) => loaded && workspaceObject(loaded.workspace, loaded.members, loaded.fields)

/** Creates a workspace owned by the caller; the argument is its name. Returns the workspace object. */
export const create = operation({
  name: 'v2.network.create',
  access: 'signedIn',
  // A key acts in its own workspace only: it does not make new ones.
  apiKeys: false,
  async run(ctx, name) {
    const created = await createWorkspace(ctx.db, name?.trim() || 'New workspace', ctx.session.uid)
    ctx.control({ kind: 'membership', uid: ctx.session.uid, cid: created._id, member: true })
    return workspaceRecord(await loadWorkspace(ctx.db, created._id))
  },
})

export const get = operation({
  name: 'v2.network.get',
  access: 'member',
  capability: 'workspace.read',
  workspace: (_caller, networkId) => networkId,
  // The caller's membership is read with the workspace: one statement.
  admitsInRun: true,
  readOnly: true,
  async run(ctx) {
    const loaded = await loadWorkspace(ctx.db, ctx.cid, ctx.session.uid)
    ctx.admit(loaded?.viewer ?? null)
    return workspaceRecord(loaded)
  },
})

/**
 * Owner or admin. Settings other than the name are kept in `settings`. `expect` holds the name,
 * `updated` and settings as read (v2.network.get), by the names the update gives them: 409 when one no
 * longer holds (domain/preconditions.ts); the row is locked for the comparison.
 */
export const update = operation({
  name: 'v2.network.update',
  access: 'member',
  capability: 'workspace.update',
  workspace: (_caller, workspaceId) => workspaceId ?? undefined,
  async run(ctx, _workspaceId, update) {
    const { cid } = ctx
    const { expect, name, ...settings } = update
    await requireFresh(
      expect,
      async () => {
        const { settings, name, updated } = workspaceObject(await lockWorkspace(ctx.db, cid), [], [])
        return { ...settings, name, updated }
      },
      { workspaceId: cid },
    )
    await changeWorkspaceSettings(ctx, cid, name, settings)
    ctx.publish(`workspace:${cid}`, 'network.updated', { _id: cid, changed: Object.keys(update).filter((k) => k !== 'expect') })
    return true
  },
})

/**
 * What restricts the caller in the current workspace: their role and capabilities, the operations
 * of the role table they may not call, whether the workspace may be copied, the license's switches
 * and every quota's limit with what is used.
 */
export const restrictions = operation({
  name: 'v2.network.restrictions',
  access: 'member',
  capability: 'workspace.read',
  readOnly: true,
  async run(ctx) {
    const { cid, member } = ctx
    const ws = await ctx.db.selectFrom('workspaces').select('restricted').where('_id', '=', cid).executeTakeFirstOrThrow()
    const license = await loadLicense(ctx.db, cid)
    const allowed = new Set(allowedOperations(ctx.roleTable, member.capabilities))
    return {
      cid,
      restricted: ws.restricted,
      member: describeMember(member),
      deniedOperations: [...ctx.roleTable.keys()].filter((op) => !allowed.has(op)).sort(),
      license: {
        type: license.type ?? null,
        ...Object.fromEntries(FEATURES.map((f) => [f, license[f] !== false])),
      },
      quotas: await quotaUsage(ctx.db, cid),
    }
  },
})

/**
 * Workspace admins and owners: switches the fast function evaluator (settings.fastFunctions).
 * Switching it on needs a license with functionFields (422 otherwise).
 */
export const setFastFunctions = operation({
  name: 'v2.network.fastFunctions.set',
  access: 'member',
  capability: 'workspace.admin',
  workspace: (_caller, workspaceId) => workspaceId,
  async run(ctx, workspaceId, enabled) {
    if (enabled) await requireFeature(ctx.db, workspaceId, 'functionFields')
    await changeWorkspaceSettings(ctx, workspaceId, undefined, { fastFunctions: enabled })
    ctx.functions.setFast(workspaceId, enabled) // this process at once; the others when their drain hears of it
    queuedFunctionWork(ctx, true)
    ctx.publish(`workspace:${workspaceId}`, 'network.updated', { _id: workspaceId, changed: ['fastFunctions'] })
    return true
  },
})
