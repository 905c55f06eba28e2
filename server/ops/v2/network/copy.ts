/**
 * Workspace-level copies: v2.network.copy (by its owner), v2.network.publicCopy (by anyone, when the
 * workspace allows it) and v2.network.workflowTemplate (its workflows as a template document).
 * Every workflow is created through server/domain/copy-processes.ts: new ids for every process,
 * field and phase, references between the copied workflows remapped, references to people and
 * teams of the source workspace dropped.
 */
import { loadProcessesOf } from '../../../db/processes'
import { createWorkspace } from '../../../db/workspaces'
import { workspaceTemplate } from '../../../domain/copy-processes'
import { fillWorkspaceFrom, openProcessIds, publicSource, type SourceWorkspace, sourceWorkspace } from '../../../domain/workspace-copy'
import { forbidden, refused } from '../../../errors'
import { loadMember } from '../../../policies/roles'
import type { SignedInContext } from '../../../context'
import { operation } from '../../../rpc/operation'

/** A new workspace owned by the caller, with copies of the given workflows of `source`. */
async function copyWorkspace(ctx: SignedInContext, source: SourceWorkspace, name: string, processIds: string[], withMembers: boolean) {
  const created = await createWorkspace(ctx.db, name.slice(0, 200), ctx.session.uid)
  const copies = await fillWorkspaceFrom(ctx, created._id, ctx.session.uid, source, processIds, withMembers)
  ctx.control({ kind: 'membership', uid: ctx.session.uid, cid: created._id, member: true })
  return { cid: created._id, name: created.name, sourceId: source._id, processIds: copies }
}

/**
 * [ws, name?]: a new workspace owned by the caller (named `name`, default "<name> (copy)") with a
 * copy of every workflow and dataset of `ws` and its settings (not allowPublicCopy). Only an owner
 * of `ws` (403 for other members, 404 for non-members), and only when `ws` is not restricted (422).
 * Members, teams, activities and the license are not copied. Returns `{cid, name, sourceId, processIds}`.
 */
export const copy = operation({
  name: 'v2.network.copy',
  access: 'signedIn',
  async run(ctx, workspaceId, name) {
    const member = await loadMember(ctx.db, workspaceId, ctx.session)
    if (member.role !== 'owner') throw forbidden('only an owner of the workspace may copy it', { needs: 'owner' })
    const source = await sourceWorkspace(ctx.db, workspaceId)
    if (source.restricted) throw refused('this workspace is restricted and may not be copied', { reason: 'restricted' })
    const processes = await loadProcessesOf(ctx.db, workspaceId)
    return copyWorkspace(
      ctx,
      source,
      name?.trim() || `${source.name} (copy)`,
      processes.map((p) => p._id),
      true,
    )
  },
})

/**
 * [{copyNetworkId}]: any signed-in user copies a workspace whose settings have allowPublicCopy true
 * and which is not restricted (404 otherwise: such a workspace is not public). The copy is a new
 * workspace owned by the caller, named like the source, with the workflows that list the whole
 * workspace (network_<cid>): workflows restricted to some teams or people stay private. Returns what
 * v2.network.copy returns.
 */
export const publicCopy = operation({
  name: 'v2.network.publicCopy',
  access: 'signedIn',
  // A key acts in its own workspace only: it does not make new ones.
  apiKeys: false,
  async run(ctx, options) {
    const source = await publicSource(ctx.db, options.copyNetworkId)
    return copyWorkspace(ctx, source, source.name, await openProcessIds(ctx.db, source._id), false)
  },
})

/**
 * [ws]: the workflows of `ws` the caller can see, as a template document
 * `{_id: ws, title, description, schemas}` (the shape of templates/*.json, installable by the copy
 * path): ids are the real ones; member entries are reduced to the workspace-wide one (`network`),
 * personInCharge and preselectedTeam are left out, so the document names no person or team.
 * Any member (workspace.read).
 */
export const workflowTemplate = operation({
  name: 'v2.network.workflowTemplate',
  access: 'member',
  capability: 'workspace.read',
  workspace: (_caller, workspaceId) => workspaceId,
  readOnly: true,
  async run(ctx) {
    return workspaceTemplate(ctx.db, ctx.cid, ctx.member)
  },
})
