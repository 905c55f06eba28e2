/** The public form on the wire (schemas/records/public-form.json). */
import type { PublicForm } from '../../schemas/types.generated'
import { loadPublicForm } from '../db/public-forms'
import type { DbHandle } from '../db/schema'

export function publicFormRecord(row: NonNullable<Awaited<ReturnType<typeof loadPublicForm>>>): PublicForm {
  return {
    key: row.key,
    creator: row.creator,
    team_account: { team: row.team_id, account: row.account_id },
    followers: row.followers,
    active: row.active,
    enableMessaging: row.enable_messaging,
    allowRead: row.allow_read,
    theme: row.theme as PublicForm['theme'],
  }
}

/** `{publicForm}` for v2.process.get when the workflow has one, else nothing. */
export async function publicFormEntry(db: DbHandle, cid: string, processId: string): Promise<{ publicForm?: PublicForm }> {
  const row = await loadPublicForm(db, cid, processId)
  return row ? { publicForm: publicFormRecord(row) } : {}
}
