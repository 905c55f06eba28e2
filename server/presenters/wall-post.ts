/** Wall posts on the wire (schemas/records/wall-post.json). */
import type { PostRow } from '../db/wall'
import type { WallPostState } from '../db/schema'

/** An author as a post or comment shows them. */
export interface WallPerson {
  _id: string
  firstname: string
  lastname: string
}

/** A post for one viewer: `liked` and `followed` are theirs, `recipients` those they may see. */
export interface WallPostRecord {
  _id: string
  cid: string
  uid: string
  author: WallPerson
  subject: string
  text: string
  files: string[]
  loc: unknown
  recipients: string[]
  announcement: boolean
  allowReply: boolean
  state: WallPostState
  scheduleTime: number | null
  published: number | null
  pinned: boolean
  likes: number
  liked: boolean
  comments: number
  followed: boolean
  created: number
  updated: number | null
  /** In a page of wall2.load_posts: the hash of the page. */
  hash?: number
}

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
    loc: p.loc ?? null,
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
