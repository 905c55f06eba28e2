/**
 * Reading the wall: wall2.load_posts (one post, or a page of the feed).
 *
 * A page is at most PAGE_SIZE posts, pinned first, then newest first (by the time they appeared;
 * the caller's own drafts and scheduled posts, when asked for, come before published ones), `skip`
 * posts in. `filter` picks kinds: `user` (posts to people and teams), `announcement` (posts to the
 * whole workspace) — the default is both — and the caller's own `draft` and `scheduled` posts.
 * The feed is the current workspace's, or those of `networks` (each one the caller is a member of,
 * else 404 naming it), or with `multi` every workspace of the caller (those of the caller's
 * `feedSelectedWorkspaces` setting, when it names any). Posts in the caller's `hiddenFeedPosts`
 * setting are left out of pages (not of a post asked for by id).
 *
 * `hash`: every post of a page carries `hash`, the hash of that page (server/domain/wall/records.ts).
 * Sending it back as `options.hash` answers `[]` when the page is still exactly the same, so a client
 * polling or re-opening the wall skips sending and rendering an unchanged page. `[]` is unambiguous:
 * a page that became empty has another hash unless the client's page was empty too.
 */
import { sql } from 'kysely'
import type { DbHandle } from '../../db/schema'
import { postVisibleTo } from '../../db/wall'
import { RpcError } from '../../errors'
import { postWorkspaceAt, visiblePost } from '../../domain/wall/access'
import { pageHash, postRecord, postRecords } from '../../domain/wall/records'
import type { Caller } from '../../context'
import { operation } from '../../rpc/operation'

const PAGE_SIZE = 20

type Kind = 'user' | 'announcement' | 'draft' | 'scheduled'

interface LoadOptions {
  filter?: Kind[]
  sorter?: 'time'
  multi?: boolean
  networks?: string[]
  skip?: number
  hash?: number
}

/** The caller's global settings about the feed (v2.user.settings.global.set). */
async function feedSettings(db: DbHandle, uid: string): Promise<{ hidden: string[]; selected: string[] }> {
  const row = await db.selectFrom('users').select('settings').where('_id', '=', uid).executeTakeFirst()
  const ids = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [])
  return { hidden: ids(row?.settings.hiddenFeedPosts), selected: ids(row?.settings.feedSelectedWorkspaces) }
}

/** The workspaces of a feed across workspaces: `networks` (each the caller's, else 404), or with `multi` the selected or all. */
async function feedWorkspaces(db: DbHandle, uid: string, options: LoadOptions, selected: string[]): Promise<string[]> {
  const memberships = (await db.selectFrom('workspace_members').select('cid').where('uid', '=', uid).execute()).map((m) => m.cid)
  if (options.multi) {
    const chosen = memberships.filter((c) => selected.includes(c))
    return chosen.length ? chosen : memberships
  }
  const mine = new Set(memberships)
  options.networks!.forEach((cid, i) => {
    if (!mine.has(cid)) throw new RpcError(404, `workspace ${cid} not found`, { argument: 1, path: `/networks/${i}`, workspaceId: cid })
  })
  return [...new Set(options.networks)]
}

const pickWorkspace = (caller: Caller, feedPostId?: string, options?: LoadOptions) =>
  feedPostId ? postWorkspaceAt(0)(caller, feedPostId) : options?.multi ? undefined : options?.networks?.[0]

/** `[postId?, {filter?, sorter?, multi?, networks?, skip?, hash?}?]`: one post, or a page of posts. */
export const loadPosts = operation({
  name: 'wall2.load_posts',
  access: 'member',
  capability: 'workspace.read',
  readOnly: true,
  workspace: pickWorkspace,
  rule: 'posts the caller may see (recipients, author; isolatedTeams for recipients shown)',
  async run(ctx, feedPostId: string | undefined, options: LoadOptions = {}) {
    const uid = ctx.session.uid
    if (feedPostId) return postRecord(ctx.db, uid, await visiblePost(ctx, feedPostId))

    const { hidden, selected } = await feedSettings(ctx.db, uid)
    const cids = options.multi || options.networks?.length ? await feedWorkspaces(ctx.db, uid, options, selected) : [ctx.cid]

    const kinds = new Set<Kind>(options.filter?.length ? options.filter : ['user', 'announcement'])
    const published = kinds.has('user') && kinds.has('announcement') ? sql`true` : kinds.has('announcement') ? sql`p.to_all` : sql`not p.to_all`
    const conditions = []
    if (kinds.has('user') || kinds.has('announcement')) conditions.push(sql`(p.state = 'published' and ${published} and ${postVisibleTo(uid)})`)
    if (kinds.has('draft')) conditions.push(sql`(p.state = 'draft' and p.uid = ${uid})`)
    if (kinds.has('scheduled')) conditions.push(sql`(p.state = 'scheduled' and p.uid = ${uid})`)

    const rows = await ctx.db
      .selectFrom('wall_posts as p')
      .selectAll('p')
      .where('p.cid', 'in', cids)
      .where(sql<boolean>`(${sql.join(conditions, sql` or `)})`)
      .$if(hidden.length > 0, (q) => q.where('p._id', 'not in', hidden))
      .orderBy('p.pinned', 'desc')
      .orderBy('p.published', 'desc')
      .orderBy('p._id', 'desc')
      .limit(PAGE_SIZE)
      .offset(options.skip ?? 0)
      .execute()
    const page = await postRecords(ctx.db, uid, rows)
    const hash = pageHash(page)
    if (options.hash === hash) return []
    return page.map((post) => ({ ...post, hash }))
  },
})
