/**
 * A workspace's invites, as its managers handle them: send, list, edit, remove, resend.
 * Members of the workspace hear `network.invite.sent | updated | removed | resent` (and
 * `accepted`, `declined` from v2.user.invite.*); the signals carry ids only, never the key.
 */
import { findInviteByEmail, listWorkspaceInvites, memberByEmail, type InviteRow } from '../../../db/invites'
import { audit } from '../../../domain/audit'
import { checkInviteTargets, checkMayInvite, findInvite, inviteState, inviteWorkspace, queueInviteMail } from '../../../domain/invites'
import { inviteEntry } from '../../../presenters/invite'
import { enforceQuota } from '../../../policies/quota'
import { loadActivities } from '../../../domain/activities/access'
import { conflict, refused, RpcError } from '../../../errors'
import { newId, newSecret } from '../../../ids'
import type { MemberContext } from '../../../context'
import { operation } from '../../../rpc/operation'

/** 404 naming the argument unless each id is the discussion of an activity of `cid` the inviter may read. */
async function checkVisibleDiscussions(ctx: MemberContext, cid: string, discussionIds: string[]) {
  for (const [i, discussionId] of discussionIds.entries()) {
    const activity = await ctx.db.selectFrom('activities').select('_id').where('cid', '=', cid).where('discussion_id', '=', discussionId).executeTakeFirst()
    const visible = activity && (await loadActivities(ctx.db, ctx.session, [activity._id]).catch(() => null))
    if (!visible) throw new RpcError(404, `discussionIds/${i} names no discussion of this workspace you may see`, { argument: 0, path: `/discussionIds/${i}` })
  }
}

/** Returns the invite as v2.network.invite.list lists it (with its key). */
export const send = operation({
  name: 'v2.network.invite.send',
  access: 'member',
  capability: 'members.invite',
  workspace: (_caller, invite) => invite.cid,
  rule: 'an inviter invites users and guests only; only an owner invites an owner',
  async run(ctx, invite) {
    const { cid, member } = ctx
    const role = invite.role ?? 'user'
    checkMayInvite(member, role, invite.customRole)
    const teams = [...new Set(invite.teams ?? [])]
    await checkInviteTargets(ctx, cid, 0, teams, invite.customRole)
    const email = invite.email.trim()
    if (await memberByEmail(ctx.db, cid, email)) throw conflict('this person is already a member of the workspace', { field: 'email' })
    if (await findInviteByEmail(ctx.db, cid, email)) {
      throw conflict('an invite to this e-mail is pending in the workspace: resend or remove it', { field: 'email' })
    }
    await enforceQuota(ctx.db, cid, 'users')
    const discussionIds = [...new Set(invite.discussionIds ?? [])]
    await checkVisibleDiscussions(ctx, cid, discussionIds)

    const row: InviteRow = {
      cid,
      _id: newId(),
      invite_key: newSecret(),
      email,
      name: invite.name ?? null,
      title: invite.title ?? null,
      notes: invite.notes ?? null,
      role,
      custom_role: invite.customRole ?? null,
      teams,
      discussion_ids: discussionIds,
      brand_id: invite.brandId ?? null,
      invited_by: ctx.session.uid,
      created: Date.now(),
      updated: null,
    }
    await ctx.db
      .insertInto('invites')
      .values({ ...row, teams: JSON.stringify(row.teams), discussion_ids: JSON.stringify(row.discussion_ids) })
      .execute()
    await audit(ctx, { cid, kind: 'invite.create', targetId: row._id, after: inviteState(row) })
    await queueInviteMail(ctx, row)
    ctx.publish(`workspace:${cid}`, 'network.invite.sent', { cid, _id: row._id })
    return inviteEntry(row)
  },
})

export const list = operation({
  name: 'v2.network.invite.list',
  access: 'member',
  capability: 'invites.manage',
  workspace: (_caller, networkId) => networkId,
  readOnly: true,
  async run(ctx) {
    const rows = await listWorkspaceInvites(ctx.db, ctx.cid)
    return rows.map(inviteEntry)
  },
})

/** Only teams, title and notes change; role, customRole and discussionIds are refused (422). */
export const edit = operation({
  name: 'v2.network.invite.edit',
  access: 'member',
  capability: 'invites.manage',
  workspace: inviteWorkspace,
  async run(ctx, inviteKey, update) {
    const row = await findInvite(ctx, inviteKey)
    const fixed = (['role', 'customRole', 'discussionIds'] as const).filter((k) => update[k] !== undefined)
    if (fixed.length) {
      throw refused(`only teams, title and notes of an invite can be changed, not ${fixed.join(', ')}: remove the invite and send a new one`, {
        fields: fixed,
      })
    }
    const teams = update.teams && [...new Set(update.teams)]
    if (teams) await checkInviteTargets(ctx, row.cid, 1, teams, null)

    const edited = await ctx.db
      .updateTable('invites')
      .set({
        ...(update.title !== undefined && { title: update.title }),
        ...(update.notes !== undefined && { notes: update.notes }),
        ...(teams && { teams: JSON.stringify(teams) }),
        updated: Date.now(),
      })
      .where('cid', '=', row.cid)
      .where('_id', '=', row._id)
      .returningAll()
      .executeTakeFirstOrThrow()
    await audit(ctx, { cid: row.cid, kind: 'invite.update', targetId: row._id, before: inviteState(row), after: inviteState(edited) })
    const changed = (['teams', 'title', 'notes'] as const).filter((k) => update[k] !== undefined)
    ctx.publish(`workspace:${row.cid}`, 'network.invite.updated', { cid: row.cid, _id: row._id, changed })
    return true
  },
})

export const remove = operation({
  name: 'v2.network.invite.remove',
  access: 'member',
  capability: 'invites.manage',
  workspace: inviteWorkspace,
  async run(ctx, inviteKey) {
    const row = await findInvite(ctx, inviteKey)
    await ctx.db.deleteFrom('invites').where('cid', '=', row.cid).where('_id', '=', row._id).execute()
    await audit(ctx, { cid: row.cid, kind: 'invite.revoke', targetId: row._id, before: inviteState(row) })
    ctx.publish(`workspace:${row.cid}`, 'network.invite.removed', { cid: row.cid, _id: row._id })
    return true
  },
})

/** Mails the same key again; the optional second argument replaces the invite's brandId. */
export const resend = operation({
  name: 'v2.network.invite.resend',
  access: 'member',
  capability: 'invites.manage',
  workspace: inviteWorkspace,
  async run(ctx, inviteKey, brandId) {
    const row = await findInvite(ctx, inviteKey)
    const updated = Date.now()
    await ctx.db
      .updateTable('invites')
      .set({ updated, ...(brandId !== undefined && { brand_id: brandId }) })
      .where('cid', '=', row.cid)
      .where('_id', '=', row._id)
      .execute()
    const resent = { ...row, updated, brand_id: brandId ?? row.brand_id }
    await audit(ctx, { cid: row.cid, kind: 'invite.resend', targetId: row._id, before: inviteState(row), after: inviteState(resent) })
    await queueInviteMail(ctx, resent)
    ctx.publish(`workspace:${row.cid}`, 'network.invite.resent', { cid: row.cid, _id: row._id })
    return true
  },
})
