/**
 * The current workspace's general options: {name, settings, description}. The settings are the
 * workspace settings (shared with v2.network.update: color, defaultView, isolatedTeams, ...); the
 * description is kept among them under `description` and given apart.
 */
import { changeWorkspaceSettings } from '../../domain/workspace-settings'
import { notFound } from '../../errors'
import { operation } from '../../rpc/operation'
import type { DbHandle } from '../../db/schema'

interface GeneralOptions {
  name?: string
  settings?: Record<string, unknown>
  description?: string
}

async function loadOptions(db: DbHandle, cid: string): Promise<GeneralOptions> {
  const ws = await db.selectFrom('workspaces').select(['name', 'settings']).where('_id', '=', cid).executeTakeFirst()
  if (!ws) throw notFound('workspace')
  const { description, ...settings } = ws.settings ?? {}
  return { name: ws.name, settings, ...(typeof description === 'string' && { description }) }
}

export const getGeneralOptions = operation({
  name: 'company.get_general_options',
  access: 'member',
  capability: 'workspace.read',
  readOnly: true,
  async run(ctx) {
    const { cid } = ctx
    return loadOptions(ctx.db, cid)
  },
})

/** Merges the given options (settings key by key) and returns them all; without options, changes nothing. */
export const setGeneralOptions = operation({
  name: 'company.set_general_options',
  access: 'member',
  capability: 'workspace.update',
  async run(ctx, options = {}) {
    const { cid } = ctx
    const settings = { ...options.settings, ...(options.description !== undefined && { description: options.description }) }
    const changed = [...(options.name !== undefined ? ['name'] : []), ...Object.keys(settings)]
    if (changed.length) {
      await changeWorkspaceSettings(ctx, cid, options.name, settings)
      ctx.publish(`workspace:${cid}`, 'network.updated', { _id: cid, changed })
    }
    return loadOptions(ctx.db, cid)
  },
})
