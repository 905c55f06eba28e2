/**
 * Changing a workspace's name and settings (company.set_general_options, v2.network.update,
 * v2.network.fastFunctions.set): merged key by key, and recorded in the audit trail with the
 * values the keys given had before. The row is locked while it is read, so `before` is what the
 * change replaced even when other changes run at the same time.
 */
import { updateWorkspaceSettings } from '../db/workspaces'
import { notFound } from '../errors'
import { own } from '../safe-keys'
import type { Context } from '../context'
import { audit } from './audit'

export async function changeWorkspaceSettings(ctx: Context, cid: string, name: string | undefined, settings: Record<string, unknown>) {
  const ws = await ctx.db.selectFrom('workspaces').select(['name', 'settings']).where('_id', '=', cid).forNoKeyUpdate().executeTakeFirst()
  if (!ws) throw notFound('workspace')
  await updateWorkspaceSettings(ctx.db, cid, name, settings)
  const keys = Object.keys(settings)
  const before = { ...(name !== undefined && { name: ws.name }), ...Object.fromEntries(keys.map((k) => [k, own(ws.settings ?? {}, k) ?? null])) }
  const after = { ...(name !== undefined && { name }), ...settings }
  await audit(ctx, { cid, kind: 'workspace.update', targetId: cid, before, after })
}
