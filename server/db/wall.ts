/**
 * Queries of the wall (migration 040). Who sees a post is written once, as `postVisibleTo`:
 *
 *   its author always (drafts and scheduled posts are the author's alone); once published, the
 *   people of its audience (resolved when it was published) and, for a post to the whole workspace,
 *   every member of the workspace.
 *
 * Operations also check membership (dispatch), so someone who left a workspace sees nothing of it.
 */
import { sql, type Selectable } from 'kysely'
import type { DbHandle, UnreadType, WallCommentsTable, WallPostsTable } from './schema'

export type PostRow = Selectable<WallPostsTable>
export type CommentRow = Selectable<WallCommentsTable>

/**
 * True when `uid` may see the post aliased `p`. The `offset 0` in each EXISTS keeps PostgreSQL from
 * planning it as a "hashed SubPlan" (a hash of every audience row of the person, built before the
 * first post is read): a feed page reads its few posts down the index and probes each one instead,
 * so its cost does not grow with the size of the wall (scripts/bench/wall.ts).
 */
export const postVisibleTo = (uid: string) => sql<boolean>`(
  p.uid = ${uid}
  or (p.state = 'published' and (
    (p.to_all and exists (select 1 from workspace_members wm where wm.cid = p.cid and wm.uid = ${uid} offset 0))
    or exists (select 1 from wall_audience wa where wa.cid = p.cid and wa.post_id = p._id and wa.uid = ${uid} offset 0)
  ))
)`

/** The post when it exists and `uid` may see it, else undefined. `lock` takes its row lock. */
export async function findVisiblePost(db: DbHandle, postId: string, uid: string, lock = false): Promise<PostRow | undefined> {
  let query = db.selectFrom('wall_posts as p').selectAll('p').where('p._id', '=', postId).where(postVisibleTo(uid))
  if (lock) query = query.forUpdate()
  return query.executeTakeFirst()
}

export async function findComment(db: DbHandle, cid: string, postId: string, commentId: string): Promise<CommentRow | undefined> {
  return db.selectFrom('wall_comments').selectAll().where('cid', '=', cid).where('post_id', '=', postId).where('_id', '=', commentId).executeTakeFirst()
}

export async function audienceOf(db: DbHandle, cid: string, postId: string): Promise<string[]> {
  const rows = await db.selectFrom('wall_audience').select('uid').where('cid', '=', cid).where('post_id', '=', postId).execute()
  return rows.map((r) => r.uid)
}

/**
 * Adds `by` to the unread count of `type` of each of `uids` in `cid`: one statement, so concurrent
 * changes add up (each upsert locks its counter row).
 */
export async function addUnread(db: DbHandle, cid: string, uids: string[], type: UnreadType, by = 1): Promise<void> {
  if (!uids.length || by === 0) return
  await sql`
    insert into wall_unread (cid, uid, type, count)
    select ${cid}, u, ${type}, ${by} from unnest(${uids}::text[]) as u
    on conflict (cid, uid, type) do update set count = wall_unread.count + excluded.count`.execute(db)
}

/**
 * Takes one off the `user` count of those of `uids` in the post's audience who had not marked the
 * wall seen since they got it (those who had were already at zero for it). Call before their
 * audience rows go.
 */
export async function unreadPostGone(db: DbHandle, post: PostRow, uids: string[]): Promise<void> {
  if (!uids.length) return
  await sql`
    update wall_unread u set count = greatest(u.count - 1, 0)
    from wall_audience a
    where a.cid = ${post.cid} and a.post_id = ${post._id} and a.uid = any(${uids}::text[])
      and u.cid = a.cid and u.uid = a.uid and u.type = 'user'
      and not exists (select 1 from wall_seen s where s.cid = a.cid and s.uid = a.uid and s.seen >= a.added)`.execute(db)
}

/** Adds the people to a post's audience (those already in it are left as they are); returns those added. */
export async function insertAudience(db: DbHandle, cid: string, postId: string, uids: string[], now = Date.now()): Promise<string[]> {
  const added: string[] = []
  for (let i = 0; i < uids.length; i += 5000) {
    const batch = uids.slice(i, i + 5000).map((uid) => ({ cid, post_id: postId, uid, added: now }))
    const rows = await db
      .insertInto('wall_audience')
      .values(batch)
      .onConflict((oc) => oc.doNothing())
      .returning('uid')
      .execute()
    added.push(...rows.map((r) => r.uid))
  }
  return added
}

/** Follows a post (idempotent). */
export async function follow(db: DbHandle, cid: string, postId: string, uid: string): Promise<void> {
  await db
    .insertInto('wall_followers')
    .values({ cid, post_id: postId, uid })
    .onConflict((oc) => oc.doNothing())
    .execute()
}
