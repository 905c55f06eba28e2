/** The public form on the wire (schemas/records/public-form.json). */
import type { PublicForm } from '../../schemas/types.generated'
import { loadPublicForm } from '../db/public-forms'

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
