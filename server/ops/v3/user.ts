import { registerUser, type NewUser, type RegisterOptions } from '../../domain/register'
import { notFound } from '../../errors'
import { allowedOperations, describeMember, findMember, requireCapability } from '../../policies/roles'
import { operation } from '../../rpc/operation'

interface V3NewUser extends NewUser {
  acceptConditions?: boolean
  acceptMarketing?: boolean
  language?: string
  preferredDomain?: string
}

/** As v2.user.register; the extra fields of the operation index are kept in the user's settings. */
export const register = operation({
  name: 'v3.user.register',
  access: 'public',
  run(ctx, user: V3NewUser, options?: RegisterOptions) {
    const { acceptConditions, acceptMarketing, language, preferredDomain, ...account } = user
    const extra = { acceptConditions, acceptMarketing, language, preferredDomain }
    const settings = Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined))
    return registerUser(ctx, account, options, settings)
  },
})

/**
 * What a member may do in a workspace (default: the caller, in the current workspace):
 * `{[userId]: {cid, uid, role, inviter, feedAdmin, title, customRole, capabilities, owner, admin, guest}}`.
 * With details: also `operations` (the operations of the role table they may call) and the custom
 * role's name. Asking about another member needs members.manage (403 otherwise).
 * Per-item permissions (items) answer null for each id: workflows, calendars and insights are not
 * built yet, so no id names one of them.
 */
export const permissions = operation({
  name: 'v3.user.permissions',
  access: 'member',
  capability: 'workspace.read',
  workspace: (_caller, _userId, workspaceId) => workspaceId,
  rule: 'about another member: members.manage',
  readOnly: true,
  async run(ctx, userId, _workspaceId, query = {}) {
    const { cid } = ctx
    const uid = userId ?? ctx.session.uid
    const self = uid === ctx.session.uid
    if (!self) requireCapability(ctx.member, 'members.manage', 'asking about another member')
    const member = self ? ctx.member : await findMember(ctx.db, cid, uid)
    if (!member) throw notFound('member')
    const entry: Record<string, unknown> = {
      ...describeMember(member),
      owner: member.role === 'owner',
      admin: member.role === 'owner' || member.role === 'admin',
      guest: member.role === 'guest',
    }
    if (query.details) {
      entry.operations = allowedOperations(ctx.roleTable, member.capabilities)
      if (member.customRole) {
        const role = await ctx.db.selectFrom('custom_roles').select(['_id', 'name']).where('cid', '=', cid).where('_id', '=', member.customRole).executeTakeFirst()
        entry.customRoleName = role?.name ?? null
      }
    }
    if (query.items) {
      entry.items = Object.fromEntries(
        Object.entries(query.items).map(([kind, ids]) => [kind, Object.fromEntries((ids ?? []).map((id) => [id, null]))]),
      )
    }
    return { [uid]: entry }
  },
})
