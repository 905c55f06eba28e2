import { currentWorkspaceId } from '../../auth/sessions'
import { createWorkspace, loadWorkspace, updateWorkspaceSettings } from '../../db/workspaces'
import { notFound } from '../../errors'
import { authorize } from '../../policies/roles'
import { operation } from '../../rpc/operation'

/** Creates a workspace owned by the caller; the argument is its name. Returns the workspace object. */
export const create = operation({
  name: 'v2.network.create',
  access: 'signedIn',
  async run(ctx, name?: string) {
    const created = await createWorkspace(ctx.db, name?.trim() || 'New workspace', ctx.session.uid)
    ctx.control({ kind: 'membership', uid: ctx.session.uid, cid: created._id, member: true })
    return loadWorkspace(ctx.db, created._id)
  },
})

export const get = operation({
  name: 'v2.network.get',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, networkId: string) {
    await authorize(ctx.db, networkId, ctx.session.uid, 'v2.network.get')
    return loadWorkspace(ctx.db, networkId)
  },
})

interface NetworkUpdate {
  name?: string
  [setting: string]: unknown
}

/** Owner or admin. Settings other than the name are kept in `settings`. */
export const update = operation({
  name: 'v2.network.update',
  access: 'signedIn',
  async run(ctx, networkId: string | undefined, changes: NetworkUpdate) {
    const cid = networkId ?? (await currentWorkspaceId(ctx.db, ctx.session))
    if (!cid) throw notFound('workspace')
    await authorize(ctx.db, cid, ctx.session.uid, 'v2.network.update')
    const { name, ...settings } = changes
    await updateWorkspaceSettings(ctx.db, cid, name, settings)
    ctx.publish(`workspace:${cid}`, 'network.updated', { _id: cid, changed: Object.keys(changes) })
    return true
  },
})
