/**
 * Wall posts and comments as the wire shows them (schemas/records/wall-post.json and
 * wall-comment.json), for one viewer: recipients as the viewer may see them, whether the viewer
 * liked and follows each post. A page is built with a fixed number of statements whatever its size.
 */
import { createHash } from 'node:crypto'
import type { DbHandle } from '../../db/schema'
import type { CommentRow, PostRow } from '../../db/wall'
import { recipientsSeenBy } from './recipients'

type Person = { _id: string; firstname: string; lastname: string }

async function people(db: DbHandle, uids: string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(uids)]
  if (!unique.length) return new Map()
  const rows = await db.selectFrom('users').select(['_id', 'firstname', 'lastname']).where('_id', 'in', unique).execute()
  return new Map(rows.map((r) => [r._id, r]))
}

const personOf = (found: Map<string, Person>, uid: string): Person => found.get(uid) ?? { _id: uid, firstname: '', lastname: '' }

async function mine(db: DbHandle, table: 'wall_likes' | 'wall_followers', viewer: string, posts: PostRow[]): Promise<Set<string>> {
  if (!posts.length) return new Set()
  const rows = await db
    .selectFrom(table)
    .select('post_id')
    .where('cid', 'in', [...new Set(posts.map((p) => p.cid))])
    .where(
      'post_id',
      'in',
      posts.map((p) => p._id),
    )
    .where('uid', '=', viewer)
    .execute()
  return new Set(rows.map((r) => r.post_id))
}

export async function postRecords(db: DbHandle, viewer: string, posts: PostRow[]) {
  const [authors, liked, followed, recipients] = await Promise.all([
    people(
      db,
      posts.map((p) => p.uid),
    ),
    mine(db, 'wall_likes', viewer, posts),
    mine(db, 'wall_followers', viewer, posts),
    recipientsSeenBy(db, viewer, posts),
  ])
  return posts.map((p, i) => ({
    _id: p._id,
    cid: p.cid,
    uid: p.uid,
    author: personOf(authors, p.uid),
    subject: p.subject,
    text: p.text,
    files: p.files,
    loc: p.loc ?? null,
    recipients: recipients[i],
    announcement: p.to_all,
    allowReply: p.allow_reply,
    state: p.state,
    scheduleTime: p.schedule_time === null ? null : Number(p.schedule_time),
    published: p.published === null ? null : Number(p.published),
    pinned: p.pinned,
    likes: p.like_count,
    liked: liked.has(p._id),
    comments: p.comment_count,
    followed: followed.has(p._id),
    created: Number(p.created),
    updated: p.updated === null ? null : Number(p.updated),
  }))
}

export type PostRecord = Awaited<ReturnType<typeof postRecords>>[number]

export async function postRecord(db: DbHandle, viewer: string, post: PostRow): Promise<PostRecord> {
  return (await postRecords(db, viewer, [post]))[0]
}

export async function commentRecords(db: DbHandle, comments: CommentRow[]) {
  const authors = await people(
    db,
    comments.map((c) => c.uid),
  )
  return comments.map((c) => ({
    _id: c._id,
    cid: c.cid,
    postId: c.post_id,
    uid: c.uid,
    author: personOf(authors, c.uid),
    text: c.text,
    loc: c.loc ?? null,
    tagged: c.tagged,
    tags: c.tags,
    files: c.files,
    created: Number(c.created),
    updated: c.updated === null ? null : Number(c.updated),
  }))
}

/**
 * The hash of a page of wall2.load_posts: the first 31 bits of the SHA-256 of the page as it would
 * be sent, so any change a client could show (text, counts, pins, its own likes and follows, names,
 * recipients) changes it. A non-negative integer, exact in every JSON number implementation.
 */
export function pageHash(page: PostRecord[]): number {
  return createHash('sha256').update(JSON.stringify(page)).digest().readUInt32BE(0) >>> 1
}
