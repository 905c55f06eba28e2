/**
 * Invites to a workspace. An invite carries a key of 192 random bits (newSecret); the key is
 * single use: accepting, declining or removing the invite deletes its row, so the key never works
 * again. Pending invites count toward the workspace's `users` quota.
 */
import { customRoleExists, deleteInvite, findInviteByKey, markEmailVerified, unknownTeamIds, userBrief, workspaceName, type InviteRow } from '../db/invites'
import type { Role } from '../db/schema'
import { membership } from '../db/workspaces'
import { forbidden, notFound, notFoundAt, RpcError } from '../errors'
import { inviteMail } from '../mail/messages'
import type { Member } from '../policies/roles'
import type { Caller, Context } from '../context'
import { addMember } from './members'
import { audit } from './audit'

/** An invite as the audit trail records it: what it offers, never its key. */
export function inviteState(row: InviteRow) {
  return {
    email: row.email,
    name: row.name,
    role: row.role,
    customRole: row.custom_role,
    teams: row.teams,
    title: row.title,
    notes: row.notes,
    discussionIds: row.discussion_ids,
    brandId: row.brand_id,
  }
}

/**
 * What an inviting member may offer. Owners and admins (holders of invites.manage) may invite any
 * role and custom role, except that only an owner makes owners; a member who only has the inviter
 * flag invites users and guests, without a custom role.
 */
export function checkMayInvite(member: Member, role: Role, customRole: string | null | undefined) {
  if (role === 'owner' && member.role !== 'owner') {
    throw forbidden('only an owner may invite an owner', { role })
  }
  if (!member.capabilities.has('invites.manage')) {
    if (role !== 'user' && role !== 'guest') throw forbidden('an inviter may invite users and guests only', { role })
    if (customRole) throw forbidden('an inviter may not give a custom role', { field: 'customRole' })
  }
}

/** Teams and custom role named by an invite (argument `argument`) must be the workspace's own: 404 naming the path otherwise. */
export async function checkInviteTargets(ctx: Context, cid: string, argument: number, teams: string[] | undefined, customRole: string | null | undefined) {
  const unknown = await unknownTeamIds(ctx.db, cid, teams ?? [])
  if (unknown.length) throw notFoundAt('team', argument, `/teams/${teams!.indexOf(unknown[0])}`, { teams: unknown })
  if (customRole && !(await customRoleExists(ctx.db, cid, customRole))) throw notFoundAt('custom role', argument, '/customRole')
}

/**
 * The workspace of the invite a key names: the operations that manage an invite (edit, remove,
 * resend) act there. A caller who is not a member of that workspace is told the invite is not
 * found, like a wrong key.
 */
export async function inviteWorkspace({ db, session }: Caller, inviteKey: string): Promise<string> {
  const row = await findInviteByKey(db, inviteKey)
  if (!row || !(await membership(db, row.cid, session.uid))) throw notFound('invite')
  return row.cid
}

export async function findInvite(ctx: Context, key: string) {
  const row = await findInviteByKey(ctx.db, key)
  if (!row) throw notFound('invite')
  return row
}

/** Queues the invitation mail (sent after commit). */
export async function queueInviteMail(ctx: Context, row: InviteRow) {
  const [inviter, name] = await Promise.all([userBrief(ctx.db, row.invited_by), workspaceName(ctx.db, row.cid)])
  const inviterName = inviter ? `${inviter.firstname} ${inviter.lastname}`.trim() : 'A colleague'
  ctx.mail.send(
    inviteMail({
      to: row.email,
      inviteeName: row.name,
      inviterName,
      workspaceName: name ?? 'a workspace',
      role: row.role,
      key: row.invite_key,
      link: ctx.mail.link(`/invite/${encodeURIComponent(row.invite_key)}`),
    }),
  )
}

/**
 * Uses the invite: its row goes (the key never works again) and `uid` joins the workspace with the
 * invited role, title, custom role and teams. `emailProven` marks the user's e-mail verified: the
 * key reached them at that address.
 */
export async function joinFromInvite(ctx: Context, row: InviteRow, uid: string, emailProven: boolean) {
  if (!(await deleteInvite(ctx.db, row.cid, row._id))) throw notFound('invite') // used by a concurrent call
  const customRole = row.custom_role && (await customRoleExists(ctx.db, row.cid, row.custom_role)) ? row.custom_role : null
  await addMember(ctx, { cid: row.cid, uid, role: row.role, title: row.title, customRole, teamIds: row.teams })
  if (emailProven) await markEmailVerified(ctx.db, uid, Date.now())
  const joined = { uid, role: row.role, title: row.title, customRole, teams: row.teams }
  await audit(ctx, { cid: row.cid, kind: 'invite.accept', targetId: row._id, before: inviteState(row), after: joined })
  ctx.publish(`workspace:${row.cid}`, 'network.invite.accepted', { cid: row.cid, _id: row._id, uid })
}
