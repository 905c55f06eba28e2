/**
 * What the records of posts and comments (server/presenters/wall-post.ts) need from the database, for
 * one viewer: authors, recipients as the viewer may see them, whether the viewer liked and follows
 * each post. A page is built with a fixed number of statements whatever its size.
 */
import { createHash } from 'node:crypto'
import type { DbHandle } from '../../db/schema'
import type { CommentRow, PostRow } from '../../db/wall'
import { wallCommentRecord, type WallCommentRecord } from '../../presenters/wall-comment'
import { wallPostRecord, type WallPerson, type WallPostRecord } from '../../presenters/wall-post'
import { recipientsSeenBy } from './recipients'

type Person = WallPerson

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

export async function postRecords(db: DbHandle, viewer: string, posts: PostRow[]): Promise<WallPostRecord[]> {
  const [authors, liked, followed, recipients] = await Promise.all([
    people(
      db,
      posts.map((p) => p.uid),
    ),
    mine(db, 'wall_likes', viewer, posts),
    mine(db, 'wall_followers', viewer, posts),
    recipientsSeenBy(db, viewer, posts),
  ])
  return posts.map((p, i) =>
    wallPostRecord(p, { author: personOf(authors, p.uid), recipients: recipients[i], liked: liked.has(p._id), followed: followed.has(p._id) }),
  )
}

export async function postRecord(db: DbHandle, viewer: string, post: PostRow): Promise<WallPostRecord> {
  return (await postRecords(db, viewer, [post]))[0]
}

export async function commentRecords(db: DbHandle, comments: CommentRow[]): Promise<WallCommentRecord[]> {
  const authors = await people(
    db,
    comments.map((c) => c.uid),
  )
  return comments.map((c) => wallCommentRecord(c, personOf(authors, c.uid)))
}

/**
 * The hash of a page of wall2.load_posts: the first 31 bits of the SHA-256 of the page as it would
 * be sent, so any change a client could show (text, counts, pins, its own likes and follows, names,
 * recipients) changes it. A non-negative integer, exact in every JSON number implementation.
 */
export function pageHash(page: WallPostRecord[]): number {
  return createHash('sha256').update(JSON.stringify(page)).digest().readUInt32BE(0) >>> 1
}
