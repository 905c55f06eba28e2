/** Public forms of workflows (table public_forms): at most one per workflow, found by key. */
import type { PublicFormsTable, DbHandle } from './schema'
import type { ValueOrColumn } from './rows'

/** The workflow's public form: read alone (loadPublicForm) or inside a larger read (loadProcessParts). */
export const publicFormQuery = (db: DbHandle, cid: ValueOrColumn, processId: ValueOrColumn) =>
  db.selectFrom('public_forms').selectAll().where('cid', '=', cid).where('process_id', '=', processId)

export async function loadPublicForm(db: DbHandle, cid: string, processId: string) {
  return publicFormQuery(db, cid, processId).executeTakeFirst()
}

export async function publicFormByKey(db: DbHandle, key: string) {
  return db.selectFrom('public_forms').selectAll().where('key', '=', key).executeTakeFirst()
}
