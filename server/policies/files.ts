/**
 * Who may read a file: its uploader, and whoever may see an activity (not removed) that lists the
 * file in its `files`; anyone else is told nothing (404). Every route and operation that hands out
 * a file's bytes or lets a record list a file asks here.
 */
import { sql } from 'kysely'
import { findFile, type FileRow } from '../db/files'
import type { DbHandle } from '../db/schema'
import { loadProcessAccess } from './processes'

/** The file when `uid` may read it, else null (the caller answers 404). */
export async function canReadFile(db: DbHandle, uid: string, fileId: string): Promise<FileRow | null> {
  const file = await findFile(db, fileId)
  if (!file) return null
  if (file.uid === uid) return file
  return (await attachedVisibly(db, uid, file)) ? file : null
}

/** Whether `uid` sees an activity of the file's workspace that lists the file. */
async function attachedVisibly(db: DbHandle, uid: string, file: FileRow): Promise<boolean> {
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
      const { access } = await loadProcessAccess(db, uid, process_id)
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
export async function firstUnattachableFile(db: DbHandle, uid: string, cid: string, fileIds: Iterable<string>): Promise<string | null> {
  for (const id of new Set(fileIds)) {
    const file = await canReadFile(db, uid, id)
    if (!file || file.cid !== cid) return id
  }
  return null
}
