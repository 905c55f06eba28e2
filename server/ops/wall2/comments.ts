/**
 * Comments on a post: wall2.save_comment, edit_comment, remove_comment, load_comments. Whoever sees
 * a published post may comment on it unless its author set `allowReply: false` (422); a commenter
 * follows the post. The post's comment count moves in the same transaction, under its row lock.
 *
 * Signals to the people who may see the post: `wall2.comment.created|updated|removed {cid, postId, _id}`.
 */
import { sql } from 'kysely'
import { findComment, follow, postVisibleTo, type PostRow } from '../../db/wall'
import { forbidden, notFound, refused, RpcError } from '../../errors'
import { newId } from '../../ids'
import { checkFiles, postWorkspaceAt, visiblePost } from '../../domain/wall/access'
import { signalPost } from '../../domain/wall/publish'
import { commentRecords } from '../../domain/wall/records'
import type { DbHandle } from '../../db/schema'
import type { MemberContext } from '../../context'
import { operation } from '../../rpc/operation'

/** The most comments load_comments returns: the latest ones, oldest first. */
const COMMENTS_PAGE = 500

interface CommentInput {
  text: string
  loc?: unknown
  tagged?: string[]
  tags?: string[]
  files?: string[]
}

async function moveCount(db: DbHandle, post: PostRow, by: 1 | -1) {
  await db
    .updateTable('wall_posts')
    .set({ comment_count: sql`comment_count + ${by}` })
    .where('cid', '=', post.cid)
    .where('_id', '=', post._id)
    .execute()
}

async function commentOf(ctx: MemberContext, post: PostRow, commentId: string) {
  const comment = await findComment(ctx.db, post.cid, post._id, commentId)
  if (!comment) throw notFound('comment')
  return comment
}

/** Tagged people must be members who may see the post (404 naming the first other). */
async function checkTagged(ctx: MemberContext, post: PostRow, tagged: string[] | undefined): Promise<string[]> {
  const list = [...new Set(tagged ?? [])]
  for (const uid of list) {
    const sees = await ctx.db
      .selectFrom('wall_posts as p')
      .select('p._id')
      .where('p.cid', '=', post.cid)
      .where('p._id', '=', post._id)
      .where(sql<boolean>`exists (select 1 from workspace_members m where m.cid = p.cid and m.uid = ${uid})`)
      .where(postVisibleTo(uid))
      .executeTakeFirst()
    if (!sees) throw new RpcError(404, `user ${uid} not found`, { argument: 0, path: `/tagged/${(tagged ?? []).indexOf(uid)}`, uid })
  }
  return list
}

/** `[{text, loc?, tagged?, tags?, files?}, postId]`. Returns the comment. */
export const saveComment = operation({
  name: 'wall2.save_comment',
  access: 'member',
  capability: 'workspace.read',
  workspace: postWorkspaceAt(1),
  rule: 'on a published post that allows replies',
  async run(ctx, comment: CommentInput, feedPostId: string) {
    const post = await visiblePost(ctx, feedPostId, true)
    if (post.state !== 'published') throw refused('a draft or scheduled post takes no comments until it is published')
    if (!post.allow_reply) throw refused('the author of this post does not allow replies')
    const text = comment.text.trim()
    if (!text) throw ctx.invalid(0, '/text', 'must not be blank')
    const uid = ctx.session.uid
    const tagged = await checkTagged(ctx, post, comment.tagged)
    const files = await checkFiles(ctx.db, ctx.session, post.cid, comment.files, 0)
    const row = await ctx.db
      .insertInto('wall_comments')
      .values({
        cid: post.cid,
        _id: newId(),
        post_id: post._id,
        uid,
        text,
        loc: comment.loc === undefined ? null : JSON.stringify(comment.loc),
        tagged: JSON.stringify(tagged),
        tags: JSON.stringify([...new Set(comment.tags ?? [])]),
        files: JSON.stringify(files),
        created: Date.now(),
        updated: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await moveCount(ctx.db, post, 1)
    await follow(ctx.db, post.cid, post._id, uid)
    await signalPost(ctx.db, ctx, post, 'wall2.comment.created', { cid: post.cid, postId: post._id, _id: row._id })
    return (await commentRecords(ctx.db, [row]))[0]
  },
})

/** `[postId, commentId, text]`, by the comment's author. Returns the comment. */
export const editComment = operation({
  name: 'wall2.edit_comment',
  access: 'member',
  capability: 'workspace.read',
  workspace: postWorkspaceAt(0),
  rule: "the comment's author",
  async run(ctx, feedPostId: string, feedCommentId: string, comment: string) {
    const post = await visiblePost(ctx, feedPostId)
    const stored = await commentOf(ctx, post, feedCommentId)
    if (stored.uid !== ctx.session.uid) throw forbidden('only its author edits a comment')
    const trimmed = comment.trim()
    if (!trimmed) throw ctx.invalid(2, '', 'must not be blank')
    const row = await ctx.db
      .updateTable('wall_comments')
      .set({ text: trimmed, updated: Date.now() })
      .where('cid', '=', post.cid)
      .where('_id', '=', stored._id)
      .returningAll()
      .executeTakeFirstOrThrow()
    await signalPost(ctx.db, ctx, post, 'wall2.comment.updated', { cid: post.cid, postId: post._id, _id: stored._id })
    return (await commentRecords(ctx.db, [row]))[0]
  },
})

/** `[commentId, postId]` (the interface's order). Returns true. */
export const removeComment = operation({
  name: 'wall2.remove_comment',
  access: 'member',
  capability: 'workspace.read',
  workspace: postWorkspaceAt(1),
  rule: "the comment's author, the post's author, feed.admin",
  async run(ctx, commentId: string, postId: string) {
    const post = await visiblePost(ctx, postId, true)
    const comment = await commentOf(ctx, post, commentId)
    const uid = ctx.session.uid
    if (comment.uid !== uid && post.uid !== uid && !ctx.member.capabilities.has('feed.admin')) {
      throw forbidden("only the comment's author, the post's author, owners, admins and feed admins remove a comment", { capability: 'feed.admin' })
    }
    await ctx.db.deleteFrom('wall_comments').where('cid', '=', post.cid).where('_id', '=', comment._id).execute()
    await moveCount(ctx.db, post, -1)
    await signalPost(ctx.db, ctx, post, 'wall2.comment.removed', { cid: post.cid, postId: post._id, _id: comment._id })
    return true
  },
})

/** `[postId, commentId?]`: one comment, or the latest COMMENTS_PAGE comments, oldest first. */
export const loadComments = operation({
  name: 'wall2.load_comments',
  access: 'member',
  capability: 'workspace.read',
  readOnly: true,
  workspace: postWorkspaceAt(0),
  async run(ctx, feedPostId: string, feedCommentId?: string) {
    const post = await visiblePost(ctx, feedPostId)
    if (feedCommentId) return (await commentRecords(ctx.db, [await commentOf(ctx, post, feedCommentId)]))[0]
    const rows = await ctx.db
      .selectFrom('wall_comments')
      .selectAll()
      .where('cid', '=', post.cid)
      .where('post_id', '=', post._id)
      .orderBy('created', 'desc')
      .orderBy('_id', 'desc')
      .limit(COMMENTS_PAGE)
      .execute()
    return commentRecords(ctx.db, rows.reverse())
  },
})
