/**
 * What people do to a post: wall2.like_post, pin_post, follow_post, unfollow_post. Each is
 * idempotent and safe with many connections: a like or follow is a row under a primary key
 * (insert ... on conflict do nothing / delete), and the like count moves only when such a row was
 * really added or removed, in an update that holds the post's row lock.
 *
 * Signals to the people who may see the post: `wall2.post.liked {cid, _id, likes}`,
 * `wall2.post.pinned {cid, _id, pinned}`. Following is the caller's own: no signal.
 */
import { sql } from 'kysely'
import { follow } from '../../db/wall'
import { postWorkspaceAt, visiblePost } from '../../domain/wall/access'
import { signalPost } from '../../domain/wall/publish'
import { operation } from '../../rpc/operation'

/** `[postId, 'like' | 'unlike']`: counted once per person. Returns true. */
export const likePost = operation({
  name: 'wall2.like_post',
  access: 'member',
  capability: 'workspace.read',
  workspace: postWorkspaceAt(0),
  async run(ctx, postId: string, action: 'like' | 'unlike') {
    const post = await visiblePost(ctx, postId)
    const key = { cid: post.cid, post_id: post._id, uid: ctx.session.uid }
    const changed =
      action === 'like'
        ? await ctx.db
            .insertInto('wall_likes')
            .values(key)
            .onConflict((oc) => oc.doNothing())
            .returning('uid')
            .executeTakeFirst()
        : await ctx.db
            .deleteFrom('wall_likes')
            .where('cid', '=', key.cid)
            .where('post_id', '=', key.post_id)
            .where('uid', '=', key.uid)
            .returning('uid')
            .executeTakeFirst()
    if (!changed) return true
    const row = await ctx.db
      .updateTable('wall_posts')
      .set({ like_count: sql`like_count + ${action === 'like' ? 1 : -1}` })
      .where('cid', '=', post.cid)
      .where('_id', '=', post._id)
      .returningAll()
      .executeTakeFirstOrThrow()
    await signalPost(ctx.db, ctx, row, 'wall2.post.liked', { cid: row.cid, _id: post._id, likes: row.like_count })
    return true
  },
})

/** `[postId, pin]`: pinned posts come first in wall2.load_posts. Returns true. */
export const pinPost = operation({
  name: 'wall2.pin_post',
  access: 'member',
  capability: 'feed.admin',
  workspace: postWorkspaceAt(0),
  rule: 'also members with the feedAdmin flag; posts they can see',
  async run(ctx, postId: string, pin: boolean) {
    const post = await visiblePost(ctx, postId, true)
    if (post.pinned === pin) return true
    const row = await ctx.db
      .updateTable('wall_posts')
      .set({ pinned: pin })
      .where('cid', '=', post.cid)
      .where('_id', '=', post._id)
      .returningAll()
      .executeTakeFirstOrThrow()
    await signalPost(ctx.db, ctx, row, 'wall2.post.pinned', { cid: row.cid, _id: post._id, pinned: pin })
    return true
  },
})

/** `[postId]`: the author and commenters follow a post already. Returns true. */
export const followPost = operation({
  name: 'wall2.follow_post',
  access: 'member',
  capability: 'workspace.read',
  workspace: postWorkspaceAt(0),
  async run(ctx, postId: string) {
    const post = await visiblePost(ctx, postId)
    await follow(ctx.db, post.cid, post._id, ctx.session.uid)
    return true
  },
})

/** `[postId]`. Returns true (also when the caller did not follow it). */
export const unfollowPost = operation({
  name: 'wall2.unfollow_post',
  access: 'member',
  capability: 'workspace.read',
  workspace: postWorkspaceAt(0),
  async run(ctx, postId: string) {
    const post = await visiblePost(ctx, postId)
    await ctx.db.deleteFrom('wall_followers').where('cid', '=', post.cid).where('post_id', '=', post._id).where('uid', '=', ctx.session.uid).execute()
    return true
  },
})
