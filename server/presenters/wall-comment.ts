/** Wall comments on the wire (schemas/records/wall-comment.json). */
import type { CommentRow } from '../db/wall'
import { time, type WallPerson } from './wall-post'

export interface WallCommentRecord {
  _id: string
  cid: string
  postId: string
  uid: string
  author: WallPerson
  text: string
  loc: unknown
  tagged: string[]
  tags: string[]
  files: string[]
  created: number
  updated: number | null
}

export function wallCommentRecord(c: CommentRow, author: WallPerson): WallCommentRecord {
  return {
    _id: c._id,
    cid: c.cid,
    postId: c.post_id,
    uid: c.uid,
    author,
    text: c.text,
    loc: c.loc ?? null,
    tagged: c.tagged,
    tags: c.tags,
    files: c.files,
    created: Number(c.created),
    updated: time(c.updated),
  }
}
