/** Wall comments on the wire (schemas/records/wall-comment.json). */
import type { Location, WallComment } from '../../schemas/types.generated'
import type { CommentRow } from '../db/wall'
import { time, type WallPerson } from './wall-post'

export type WallCommentRecord = WallComment

export function wallCommentRecord(c: CommentRow, author: WallPerson): WallCommentRecord {
  return {
    _id: c._id,
    cid: c.cid,
    postId: c.post_id,
    uid: c.uid,
    author,
    text: c.text,
    loc: (c.loc as Location | null) ?? null,
    tagged: c.tagged,
    tags: c.tags,
    files: c.files,
    created: Number(c.created),
    updated: time(c.updated),
  }
}
