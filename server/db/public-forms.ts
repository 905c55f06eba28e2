/** Public forms of workflows (table public_forms): at most one per workflow, found by key. */
import type { PublicFormsTable, DbHandle } from './schema'



/** The public form record of the interface. */
export interface PublicFormRecord {
  key: string
  creator: string
  team_account: { team: string | null; account: string | null }
  followers: 'none' | 'creator' | 'team'
  active: boolean
  enableMessaging: boolean
  allowRead: boolean
  theme: Record<string, unknown>
}

export async function loadPublicForm(db: DbHandle, cid: string, processId: string) {
  return db.selectFrom('public_forms').selectAll().where('cid', '=', cid).where('process_id', '=', processId).executeTakeFirst()
}

export async function publicFormByKey(db: DbHandle, key: string) {
  return db.selectFrom('public_forms').selectAll().where('key', '=', key).executeTakeFirst()
}

export function publicFormRecord(row: NonNullable<Awaited<ReturnType<typeof loadPublicForm>>>): PublicFormRecord {
  return {
    key: row.key,
    creator: row.creator,
    team_account: { team: row.team_id, account: row.account_id },
    followers: row.followers,
    active: row.active,
    enableMessaging: row.enable_messaging,
    allowRead: row.allow_read,
    theme: row.theme,
  }
}

/** `{publicForm}` for v2.process.get when the workflow has one, else nothing. */
export async function publicFormEntry(db: DbHandle, cid: string, processId: string): Promise<{ publicForm?: PublicFormRecord }> {
  const row = await loadPublicForm(db, cid, processId)
  return row ? { publicForm: publicFormRecord(row) } : {}
}
