/** Wall posts on the wire (schemas/records/wall-post.json). */
import type { PostRow } from '../db/wall'
import type { Location, WallPost } from '../../schemas/types.generated'

/** An author as a post or comment shows them. */
export type WallPerson = WallPost['author']

/** A post for one viewer: `liked` and `followed` are theirs, `recipients` those they may see. */
export type WallPostRecord = WallPost

/** What a post's record shows beyond its row, for the viewer. */
export interface PostFacts {
  author: WallPerson
  recipients: string[]
  liked: boolean
  followed: boolean
}

/** A stored time (bigint, read as a number or string) as ms, or null. */
export const time = (ms: number | null) => (ms === null ? null : Number(ms))

export function wallPostRecord(p: PostRow, facts: PostFacts): WallPostRecord {
  return {
    _id: p._id,
    cid: p.cid,
    uid: p.uid,
    author: facts.author,
    subject: p.subject,
    text: p.text,
    files: p.files,
    loc: (p.loc as Location | null) ?? null,
    recipients: facts.recipients,
    announcement: p.to_all,
    allowReply: p.allow_reply,
    state: p.state,
    scheduleTime: time(p.schedule_time),
    published: time(p.published),
    pinned: p.pinned,
    likes: p.like_count,
    liked: facts.liked,
    comments: p.comment_count,
    followed: facts.followed,
    created: Number(p.created),
    updated: time(p.updated),
  }
}
