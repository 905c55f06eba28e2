/**
 * A post appearing to its recipients, in the transaction that makes it appear (new_post, a draft
 * edited without `draft`, the scheduler): its audience is resolved and stored, their unread counts
 * go up, and — after commit — they hear `wall2.post.created` and those with `feedPostEmail` on get
 * a mail.
 *
 * Signals about a post reach exactly the people who may see it: the workspace topic for a post to
 * the whole workspace, else the user topics of its author and audience (a draft: its author only).
 */
import { sql } from 'kysely'
import type { DbHandle } from '../../db/schema'
import { addUnread, audienceOf, insertAudience, unreadPostGone, type PostRow } from '../../db/wall'
import { feedPostMail } from '../../mail/messages'
import type { SignalMeta, SignalName, SignalTopic } from '../../realtime/signals'
import type { Context } from '../../context'
import { resolveAudience } from './recipients'

/** What publishing needs besides the database: an operation's context, or the scheduler's. */
export type Outbox = Pick<Context, 'publish' | 'mail'>

type Topic = `user:${string}` | `workspace:${string}`
/** The wall's signals about a post (server/realtime/signals.ts). */
type PostSignal = Extract<SignalName, `wall2.post.${string}` | `wall2.comment.${string}`>

/** The topics that reach the people who may see the post (`audience`: its audience rows). */
export function postTopics(post: PostRow, audience: string[]): Topic[] {
  if (post.state !== 'published') return [`user:${post.uid}`]
  if (post.to_all) return [`workspace:${post.cid}`]
  return [...new Set([post.uid, ...audience])].map((uid) => `user:${uid}` as const)
}

/** Tells everyone who may see the post now. */
export async function signalPost<S extends PostSignal>(db: DbHandle, out: Outbox, post: PostRow, sig: S, meta: SignalMeta<S>) {
  const audience = post.state === 'published' && !post.to_all ? await audienceOf(db, post.cid, post._id) : []
  // Every wall signal is listed for workspace and user topics (POST_READERS in the catalogue).
  out.publish(postTopics(post, audience) as SignalTopic<S>[], sig, meta)
}

/** Publishes a draft or scheduled post now; returns the published row. */
export async function publishPost(db: DbHandle, out: Outbox, post: PostRow, now = Date.now()): Promise<PostRow> {
  const published = await db
    .updateTable('wall_posts')
    .set({ state: 'published', published: now, schedule_time: null })
    .where('cid', '=', post.cid)
    .where('_id', '=', post._id)
    .returningAll()
    .executeTakeFirstOrThrow()
  await deliverPost(db, out, published)
  return published
}

/** For a post just published: its audience, their unread counts, the signal and the mail. */
export async function deliverPost(db: DbHandle, out: Outbox, post: PostRow): Promise<void> {
  const audience = await resolveAudience(db, post.cid, post.uid, post.recipients, post.to_all)
  const added = await insertAudience(db, post.cid, post._id, audience, post.published ?? Date.now())
  await addUnread(db, post.cid, added, 'user')
  out.publish(postTopics(post, added), 'wall2.post.created', { cid: post.cid, _id: post._id })
  await mailAudience(db, out, post, added)
}

/**
 * After a published post's recipients changed: people taken off lose it (and the unread it held;
 * they hear `wall2.post.removed`), people added get it as if it had just been published to them.
 */
export async function readdress(db: DbHandle, out: Outbox, post: PostRow): Promise<void> {
  const before = await audienceOf(db, post.cid, post._id)
  const after = new Set(await resolveAudience(db, post.cid, post.uid, post.recipients, false))
  const gone = before.filter((uid) => !after.has(uid))
  if (gone.length) {
    await unreadPostGone(db, post, gone)
    await db.deleteFrom('wall_audience').where('cid', '=', post.cid).where('post_id', '=', post._id).where('uid', 'in', gone).execute()
    out.publish(
      gone.map((uid) => `user:${uid}` as const),
      'wall2.post.removed',
      { cid: post.cid, _id: post._id },
    )
  }
  const added = await insertAudience(db, post.cid, post._id, [...after])
  await addUnread(db, post.cid, added, 'user')
  await mailAudience(db, out, post, added)
}

/** Mails the people of `uids` who asked for it (`feedPostEmail` in their global settings). */
export async function mailAudience(db: DbHandle, out: Outbox, post: PostRow, uids: string[]): Promise<void> {
  if (!uids.length) return
  const readers = await db
    .selectFrom('users')
    .select(['email', 'firstname', 'lastname'])
    .where('_id', 'in', uids)
    .where(sql<boolean>`(settings -> 'feedPostEmail') = 'true'::jsonb`)
    .execute()
  if (!readers.length) return
  const [author, workspace] = await Promise.all([
    db.selectFrom('users').select(['firstname', 'lastname']).where('_id', '=', post.uid).executeTakeFirst(),
    db.selectFrom('workspaces').select('name').where('_id', '=', post.cid).executeTakeFirst(),
  ])
  const link = out.mail.link(`/feed/${post.cid}/${post._id}`)
  for (const r of readers) {
    out.mail.send(
      feedPostMail({
        to: r.email,
        name: `${r.firstname} ${r.lastname}`.trim(),
        authorName: author ? `${author.firstname} ${author.lastname}`.trim() : 'Someone',
        workspaceName: workspace?.name ?? 'your workspace',
        subject: post.subject,
        text: post.text,
        link,
      }),
    )
  }
}
