/** Invites on the wire (schemas/records/invite.json): as managers list them, and as the invited person sees them. */
import type { InviteRecord } from '../../schemas/types.generated'
import type { InviteRow } from '../db/invites'
import type { UsersTable } from '../db/schema'

/** An invite as the workspace's managers see it (v2.network.invite.send and .list). */
export function inviteEntry(row: InviteRow) {
  return {
    _id: row._id,
    invite_key: row.invite_key,
    invited_by: row.invited_by,
    cid: row.cid,
    email: row.email,
    name: row.name,
    title: row.title,
    notes: row.notes,
    role: row.role,
    customRole: row.custom_role,
    teams: row.teams,
    discussionIds: row.discussion_ids,
    brandId: row.brand_id,
    created: row.created,
    ...(row.updated !== null && { updated: row.updated }),
  }
}

/**
 * The invite record of the interface, as the invited person sees it (company.check_invite,
 * v2.user.invite.list): no managers' notes; `user` is the inviter (only the id once their account
 * is gone), `network` the workspace.
 */
export function inviteRecord(
  row: InviteRow,
  inviter: Pick<UsersTable, '_id' | 'firstname' | 'lastname'> | undefined,
  workspaceName: string | null,
): InviteRecord {
  return {
    _id: row._id,
    invite_key: row.invite_key,
    invited_by: row.invited_by,
    cid: row.cid,
    email: row.email,
    name: row.name,
    title: row.title,
    role: row.role,
    created: row.created,
    user: inviter ? { _id: inviter._id, firstname: inviter.firstname, lastname: inviter.lastname } : { _id: row.invited_by },
    network: { _id: row.cid, name: workspaceName },
  }
}
