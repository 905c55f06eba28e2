/**
 * Who may read a file: its uploader, whoever may see an activity (not removed) that lists the file
 * in its `files`, and whoever may see a wall post that lists it on the post or on one of its
 * comments (server/db/wall.ts: postVisibleTo); anyone else is told nothing (404). Every route and operation that hands out
 * a file's bytes or lets a record list a file asks here.
 */
import { sql } from 'kysely'
import { findFile, type FileRow } from '../db/files'
import type { DbHandle } from '../db/schema'
import { postVisibleTo } from '../db/wall'
import { actsIn, type Principal } from './principal'
import { loadProcessAccess } from './processes'

/** The file when the caller may read it, else null (the caller answers 404). An API key reads only its workspace's files. */
export async function canReadFile(db: DbHandle, caller: Principal, fileId: string): Promise<FileRow | null> {
  const file = await findFile(db, fileId)
  if (!file || !actsIn(caller, file.cid)) return null
  if (file.uid === caller.uid) return file
  return (await onVisibleWallPost(db, caller.uid, file)) || (await attachedVisibly(db, caller, file)) ? file : null
}

/** Whether `uid` is a member of the file's workspace and sees a wall post listing it, on the post or a comment. */
async function onVisibleWallPost(db: DbHandle, uid: string, file: FileRow): Promise<boolean> {
  const listed = JSON.stringify([file._id])
  const found = await db
    .selectFrom('wall_posts as p')
    .select('p._id')
    .where('p.cid', '=', file.cid)
    .where(sql<boolean>`exists (select 1 from workspace_members fm where fm.cid = p.cid and fm.uid = ${uid})`)
    .where(postVisibleTo(uid))
    .where(
      sql<boolean>`(p.files @> ${listed}::jsonb or exists (select 1 from wall_comments c where c.cid = p.cid and c.post_id = p._id and c.files @> ${listed}::jsonb))`,
    )
    .limit(1)
    .executeTakeFirst()
  return !!found
}

/** Whether the caller sees an activity of the file's workspace that lists the file. */
async function attachedVisibly(db: DbHandle, caller: Principal, file: FileRow): Promise<boolean> {
  const rows = await db
    .selectFrom('activities')
    .select('process_id')
    .distinct()
    .where('cid', '=', file.cid)
    .where('removed', '=', false)
    .where(sql<boolean>`files @> ${JSON.stringify([file._id])}::jsonb`)
    .limit(50)
    .execute()
  for (const { process_id } of rows) {
    try {
      const { access } = await loadProcessAccess(db, caller, process_id)
      if (access.see) return true
    } catch {
      /* not visible: try the next workflow */
    }
  }
  return false
}

/**
 * Listing a file on an activity shares it with everyone who sees the activity, so an activity may
 * list only files of its own workspace that the caller may read. Returns the first id that is not
 * such a file, or null.
 */
export async function firstUnattachableFile(db: DbHandle, caller: Principal, cid: string, fileIds: Iterable<string>): Promise<string | null> {
  for (const id of new Set(fileIds)) {
    const file = await canReadFile(db, caller, id)
    if (!file || file.cid !== cid) return id
  }
  return null
}
