/**
 * The unread badge: wall2.unread and wall2.seen. Counts are kept per person, workspace and type in
 * wall_unread, changed in the transaction of what they count (a post published to the person, an
 * activity created or updated in a workflow they see, by someone else), so reading them is one
 * indexed read of at most three rows per workspace, whatever the size of the feed.
 *
 * Both act on the caller's own workspaces (several at once), so they need a session, not a role.
 */
import type { DbHandle, UnreadType } from '../../db/schema'
import { RpcError } from '../../errors'
import { operation } from '../../rpc/operation'
import { dict } from '../../safe-keys'

const TYPES: UnreadType[] = ['user', 'activity.created', 'activity.updated']

/** The workspaces named (each one of the caller's, else 404 naming it), or all of the caller's. */
async function workspacesOf(db: DbHandle, uid: string, given: string[] | undefined, argument: number, path: string): Promise<string[]> {
  const mine = (await db.selectFrom('workspace_members').select('cid').where('uid', '=', uid).execute()).map((m) => m.cid)
  if (!given?.length) return mine
  const set = new Set(mine)
  given.forEach((cid, i) => {
    if (!set.has(cid)) throw new RpcError(404, `workspace ${cid} not found`, { argument, path: `${path}/${i}`, workspaceId: cid })
  })
  return [...new Set(given)]
}

/** `[{workspaceIds?, types?}?]` → `{[workspaceId]: {user?, 'activity.created'?, 'activity.updated'?}}` (the types asked, default all). */
export const unread = operation({
  name: 'wall2.unread',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, options: { workspaceIds?: string[]; types?: UnreadType[] } = {}) {
    const uid = ctx.session.uid
    const cids = await workspacesOf(ctx.db, uid, options.workspaceIds, 0, '/workspaceIds')
    const types = options.types?.length ? [...new Set(options.types)] : TYPES
    const result = dict<Partial<Record<UnreadType, number>>>()
    for (const cid of cids) result[cid] = Object.fromEntries(types.map((t) => [t, 0]))
    if (!cids.length) return result
    const rows = await ctx.db
      .selectFrom('wall_unread')
      .select(['cid', 'type', 'count'])
      .where('uid', '=', uid)
      .where('cid', 'in', cids)
      .where('type', 'in', types)
      .execute()
    for (const r of rows) result[r.cid][r.type] = r.count
    return result
  },
})

/** `[{networks?}?]`: marks the walls of those workspaces (default all the caller's) seen now; every unread count there goes to 0. */
export const seen = operation({
  name: 'wall2.seen',
  access: 'signedIn',
  async run(ctx, options: { networks?: string[] } = {}) {
    const uid = ctx.session.uid
    const cids = await workspacesOf(ctx.db, uid, options.networks, 0, '/networks')
    const now = Date.now()
    if (cids.length) {
      await ctx.db
        .insertInto('wall_seen')
        .values(cids.map((cid) => ({ cid, uid, seen: now })))
        .onConflict((oc) => oc.columns(['cid', 'uid']).doUpdateSet({ seen: now }))
        .execute()
      await ctx.db.updateTable('wall_unread').set({ count: 0 }).where('uid', '=', uid).where('cid', 'in', cids).execute()
      ctx.publish(`user:${uid}`, 'wall2.seen', { uid, networks: cids, seen: now })
    }
    return { seen: now, networks: cids }
  },
})
