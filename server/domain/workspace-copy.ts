/**
 * Filling a workspace from another: its settings (not allowPublicCopy) and copies of chosen
 * workflows through copyProcesses (new ids, references remapped). Used by v2.network.copy,
 * v2.network.publicCopy and registration with `copyNetworkId`.
 */
import { loadProcessesOf } from '../db/processes'
import type { DbHandle } from '../db/schema'
import { notFound } from '../errors'
import type { Context } from '../context'
import { copyProcesses, describeProcesses } from './copy-processes'

/** Settings a copy does not take over: the copy is not itself publicly copyable until its owner says so. */
const SETTINGS_NOT_COPIED = ['allowPublicCopy']

export interface SourceWorkspace {
  _id: string
  name: string
  settings: Record<string, unknown>
  restricted: boolean
}

export async function sourceWorkspace(db: DbHandle, cid: string): Promise<SourceWorkspace> {
  const ws = await db.selectFrom('workspaces').select(['_id', 'name', 'settings', 'restricted']).where('_id', '=', cid).executeTakeFirst()
  if (!ws) throw notFound('workspace')
  return ws
}

/** A workspace anyone may copy (allowPublicCopy, not restricted), or 404: such a workspace is not public. */
export async function publicSource(db: DbHandle, cid: string): Promise<SourceWorkspace> {
  const source = await sourceWorkspace(db, cid)
  if (source.settings.allowPublicCopy !== true || source.restricted) throw notFound('workspace')
  return source
}

/** The workflows of a public copy: those listing the whole workspace (network_<cid>); the others stay private. */
export async function openProcessIds(db: DbHandle, sourceCid: string): Promise<string[]> {
  const open = await db
    .selectFrom('process_members')
    .select('process_id')
    .where('cid', '=', sourceCid)
    .where('member_id', '=', `network_${sourceCid}`)
    .execute()
  const openIds = new Set(open.map((r) => r.process_id))
  return (await loadProcessesOf(db, sourceCid)).filter((p) => openIds.has(p._id)).map((p) => p._id)
}

/** Gives workspace `cid` (owned by `uid`) the settings of `source` and copies of its workflows `processIds`. */
export async function fillWorkspaceFrom(ctx: Context, cid: string, uid: string, source: SourceWorkspace, processIds: string[], withMembers: boolean) {
  const settings = { ...source.settings }
  for (const k of SETTINGS_NOT_COPIED) delete settings[k]
  await ctx.db
    .updateTable('workspaces')
    .set({ settings: JSON.stringify(settings) })
    .where('_id', '=', cid)
    .execute()
  const schemas = await describeProcesses(ctx.db, source._id, processIds, { withMembers })
  const { processIds: copies } = await copyProcesses(ctx, { cid, uid, sourceCid: source._id }, schemas)
  return copies
}
