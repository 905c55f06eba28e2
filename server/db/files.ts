/** The `files` table: metadata of uploaded files (the bytes: server/storage/). */
import type { Selectable } from 'kysely'
import type { FilesTable, DbHandle } from './schema'

export type FileRow = Selectable<FilesTable>

export async function insertFile(db: DbHandle, row: FileRow): Promise<void> {
  await db.insertInto('files').values(row).execute()
}

/** A file by id (ids are unique across workspaces), or null. */
export async function findFile(db: DbHandle, fileId: string): Promise<FileRow | null> {
  return (await db.selectFrom('files').selectAll().where('_id', '=', fileId).executeTakeFirst()) ?? null
}

export async function findFiles(db: DbHandle, fileIds: string[]): Promise<FileRow[]> {
  if (!fileIds.length) return []
  return db.selectFrom('files').selectAll().where('_id', 'in', fileIds).execute()
}

export async function setFilePublic(db: DbHandle, fileId: string, isPublic: boolean): Promise<void> {
  await db.updateTable('files').set({ public: isPublic }).where('_id', '=', fileId).execute()
}

/** The metadata a client sees. */
export function describeFile(f: FileRow) {
  return {
    _id: f._id,
    cid: f.cid,
    uid: f.uid,
    name: f.name,
    size: Number(f.size),
    sha256: f.sha256,
    contentType: f.content_type,
    public: f.public,
    created: Number(f.created),
  }
}
