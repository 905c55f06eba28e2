/**
 * Wall posts: wall2.new_post, edit_post, remove_post. Who sees a post: server/db/wall.ts;
 * recipients: server/domain/wall/recipients.ts; publishing: server/domain/wall/publish.ts.
 *
 * Signals (after commit, to the people who may see the post): `wall2.post.created|updated|removed`
 * `{cid, _id}`; people taken off a post's recipients hear `wall2.post.removed`.
 */
import { audienceOf, follow, unreadPostGone } from '../../db/wall'
import { forbidden, refused } from '../../errors'
import { newId } from '../../ids'
import { checkFiles, postWorkspaceAt, visiblePost } from '../../domain/wall/access'
import { deliverPost, publishPost, readdress, signalPost } from '../../domain/wall/publish'
import { postRecord } from '../../domain/wall/records'
import { checkRecipients } from '../../domain/wall/recipients'
import type { MemberContext } from '../../context'
import { operation } from '../../rpc/operation'

interface PostInput {
  subject: string
  text: string
  files?: string[]
  loc?: unknown
  networks?: string[]
}

interface PostOptions {
  allowReply?: boolean
  draft?: boolean
  scheduleTime?: number
}

interface PostChanges {
  text: string
  subject?: string
  files?: string[]
  allowReply?: boolean
  recipients?: string[]
  draft?: boolean
}

/** Subject and text: trimmed, never blank. */
function filled(ctx: MemberContext, argument: number, field: 'subject' | 'text', value: string): string {
  const trimmed = value.trim()
  if (!trimmed) throw ctx.invalid(argument, `/${field}`, 'must not be blank')
  return trimmed
}

/**
 * `[post {subject, text, files?, loc?, networks?}, recipients?, options? {allowReply?, draft?, scheduleTime?}]`.
 * The post belongs to `networks[0]`, else the workspace of a `network_<id>` recipient, else the
 * current workspace. Without `draft` or a future `scheduleTime` it is published at once. Returns the post.
 */
export const newPost = operation({
  name: 'wall2.new_post',
  access: 'member',
  capability: 'workspace.read',
  workspace: (_caller, post: PostInput, recipients?: string[]) =>
    post.networks?.[0] ?? recipients?.find((r) => r.startsWith('network_'))?.slice('network_'.length),
  rule: 'to the whole workspace (also: no recipients): feed.admin (owners, admins, feedAdmins)',
  async run(ctx, post: PostInput, recipients: string[] | undefined, options: PostOptions = {}) {
    if ((post.networks?.length ?? 0) > 1) throw ctx.invalid(0, '/networks', 'a post belongs to one workspace: name at most one')
    const subject = filled(ctx, 0, 'subject', post.subject)
    const text = filled(ctx, 0, 'text', post.text)
    if (options.draft && options.scheduleTime !== undefined) {
      throw ctx.invalid(2, '/scheduleTime', 'a draft is not scheduled: schedule the post, or publish the draft by editing it without draft')
    }
    const { list, toAll } = await checkRecipients(ctx, 1, recipients)
    const uid = ctx.session.uid
    const files = await checkFiles(ctx.db, ctx.session, ctx.cid, post.files, 0)
    const now = Date.now()
    const state = options.draft ? 'draft' : options.scheduleTime !== undefined && options.scheduleTime > now ? 'scheduled' : 'published'
    const row = await ctx.db
      .insertInto('wall_posts')
      .values({
        cid: ctx.cid,
        _id: newId(),
        uid,
        subject,
        text,
        files: JSON.stringify(files),
        loc: post.loc === undefined ? null : JSON.stringify(post.loc),
        recipients: JSON.stringify(list),
        to_all: toAll,
        allow_reply: options.allowReply ?? true,
        state,
        schedule_time: state === 'scheduled' ? options.scheduleTime! : null,
        published: state === 'published' ? now : null,
        created: now,
        updated: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await follow(ctx.db, ctx.cid, row._id, uid)
    if (state === 'published') await deliverPost(ctx.db, ctx, row)
    else await signalPost(ctx.db, ctx, row, 'wall2.post.created', { cid: row.cid, _id: row._id })
    // Every process's scheduler sleeps until the earliest post it knows of: tell them of this one.
    if (state === 'scheduled') ctx.later((services) => services.bus.emit([{ kind: 'wall', at: options.scheduleTime! }]))
    return postRecord(ctx.db, uid, row)
  },
})

/**
 * `[postId, {text, subject?, files?, allowReply?, recipients? (user or team), draft?}]`, by its author.
 * A draft edited without `draft: true` is published. New recipients replace the old (not on a post to
 * the whole workspace: 422); those added see it from now on, those taken off lose it. Returns the post.
 */
export const editPost = operation({
  name: 'wall2.edit_post',
  access: 'member',
  capability: 'workspace.read',
  workspace: postWorkspaceAt(0),
  rule: 'its author',
  async run(ctx, postId: string, post: PostChanges) {
    const current = await visiblePost(ctx, postId, true)
    const uid = ctx.session.uid
    if (current.uid !== uid) throw forbidden('only its author edits a post')
    if (post.draft && current.state !== 'draft') throw refused('only a draft stays a draft: this post is already scheduled or published')
    const text = filled(ctx, 1, 'text', post.text)
    const subject = post.subject === undefined ? current.subject : filled(ctx, 1, 'subject', post.subject)
    const files = post.files === undefined ? current.files : await checkFiles(ctx.db, ctx.session, ctx.cid, post.files, 1)
    let recipients = current.recipients
    if (post.recipients !== undefined) {
      if (current.to_all) throw refused('a post to the whole workspace keeps its recipients')
      if (!post.recipients.length) throw ctx.invalid(1, '/recipients', 'must name at least one user or team')
      recipients = (await checkRecipients(ctx, 1, post.recipients, false, '/recipients')).list
    }
    let row = await ctx.db
      .updateTable('wall_posts')
      .set({
        text,
        subject,
        files: JSON.stringify(files),
        recipients: JSON.stringify(recipients),
        allow_reply: post.allowReply ?? current.allow_reply,
        updated: Date.now(),
      })
      .where('cid', '=', current.cid)
      .where('_id', '=', current._id)
      .returningAll()
      .executeTakeFirstOrThrow()

    if (current.state === 'draft' && !post.draft) {
      row = await publishPost(ctx.db, ctx, row)
    } else {
      if (current.state === 'published' && !current.to_all && post.recipients !== undefined) await readdress(ctx.db, ctx, row)
      await signalPost(ctx.db, ctx, row, 'wall2.post.updated', { cid: row.cid, _id: current._id })
    }
    return postRecord(ctx.db, uid, row)
  },
})

/** `[postId]`: the post, its comments, likes and follows go; unread counts that held it go down. Returns true. */
export const removePost = operation({
  name: 'wall2.remove_post',
  access: 'member',
  capability: 'workspace.read',
  workspace: postWorkspaceAt(0),
  rule: 'its author; feed.admin removes any post they can see',
  async run(ctx, postId: string) {
    const post = await visiblePost(ctx, postId, true)
    if (post.uid !== ctx.session.uid && !ctx.member.capabilities.has('feed.admin')) {
      throw forbidden('only its author, owners, admins and feed admins remove a post', { capability: 'feed.admin' })
    }
    const audience = await audienceOf(ctx.db, post.cid, post._id)
    // Signal first: the audience rows go with the post.
    await signalPost(ctx.db, ctx, post, 'wall2.post.removed', { cid: post.cid, _id: post._id })
    await unreadPostGone(ctx.db, post, audience)
    await ctx.db.deleteFrom('wall_posts').where('cid', '=', post.cid).where('_id', '=', post._id).execute()
    return true
  },
})
