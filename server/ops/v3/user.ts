import { registerUser, type NewUser, type RegisterOptions } from '../../domain/register'
import { createHash, timingSafeEqual } from 'node:crypto'
import { verifyPassword } from '../../auth/passwords'
import { providerForUsername, verifyIdToken } from '../../auth/sso'
import { accountOfIdentity } from '../../auth/sso-accounts'
import { removeAccount } from '../../domain/account'
import { audit } from '../../domain/audit'
import { forbidden, notFound, RpcError } from '../../errors'
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
  proofOfWork: 'beyondRate',
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
        const role = await ctx.db
          .selectFrom('custom_roles')
          .select(['_id', 'name'])
          .where('cid', '=', cid)
          .where('_id', '=', member.customRole)
          .executeTakeFirst()
        entry.customRoleName = role?.name ?? null
      }
    }
    if (query.items) {
      entry.items = Object.fromEntries(Object.entries(query.items).map(([kind, ids]) => [kind, Object.fromEntries((ids ?? []).map((id) => [id, null]))]))
    }
    return { [uid]: entry }
  },
})

/**
 * [{password} | {idToken}]: removes the caller's account once they confirm it is them — the password
 * entered again, or for an account registered through single sign-on (it has no password) a fresh ID
 * token of the identity it is bound to (server/auth/sso-accounts.ts). The GDPR path: server/domain/account.ts. Returns
 * true; the caller's sockets are closed.
 */
export const remove = operation({
  name: 'v3.user.remove',
  access: 'signedIn',
  apiKeys: false,
  // Wrong passwords count toward the address's guessing limit.
  guessing: { kind: 'key', failsWith: 401 },
  async run(ctx, confirmation: { password?: string; idToken?: string }) {
    const user = await ctx.db.selectFrom('users').select('password_hash').where('_id', '=', ctx.session.uid).forUpdate().executeTakeFirst()
    if (!user) throw notFound('user')
    if (confirmation.password !== undefined) {
      if (!(await verifyPassword(user.password_hash || null, confirmation.password))) throw new RpcError(401, 'wrong password')
    } else {
      if (user.password_hash !== '') throw ctx.invalid(0, '/idToken', 'this account has a password: confirm with {password}')
      const identity = await verifyIdToken(ctx.config, confirmation.idToken!)
      const account = await accountOfIdentity(ctx.db, ctx.config, identity)
      if (account._id !== ctx.session.uid) throw new RpcError(401, 'the identity token is for another account')
    }
    await removeAccount(ctx, ctx.session.uid)
    ctx.transport.signOut()
    return true
  },
})

/**
 * [{uid, isBot, secret?}]: flags an account as a bot (false clears). With `secret`, only the shared
 * service secret (BOT_SECRET) authorises the call: a wrong one is 403 and nothing else is tried.
 * Without it, only the users listed in BOT_ADMIN_UIDS may. Registration never sets the flag.
 */
export const setBot = operation({
  name: 'v3.user.setBot',
  access: 'signedIn',
  apiKeys: false,
  async run(ctx, bot: { uid: string; isBot: boolean; secret?: string }) {
    if (bot.secret !== undefined) {
      if (!ctx.config.botSecret || !sameSecret(bot.secret, ctx.config.botSecret)) throw forbidden('the service secret is wrong')
    } else if (!ctx.config.botAdminUids.includes(ctx.session.uid)) {
      throw forbidden('only a bot administrator (BOT_ADMIN_UIDS) or the service secret may flag bots')
    }
    const user = await ctx.db.selectFrom('users').select('is_bot').where('_id', '=', bot.uid).where('removed', 'is', null).forUpdate().executeTakeFirst()
    if (!user) throw notFound('user')
    await ctx.db.updateTable('users').set({ is_bot: bot.isBot, updated: Date.now() }).where('_id', '=', bot.uid).execute()
    const workspaces = await ctx.db.selectFrom('workspace_members').select('cid').where('uid', '=', bot.uid).execute()
    for (const { cid } of workspaces)
      await audit(ctx, { cid, kind: 'user.bot', targetId: bot.uid, before: { isBot: user.is_bot }, after: { isBot: bot.isBot } })
    ctx.publish(`user:${bot.uid}`, 'user.bot', { uid: bot.uid, isBot: bot.isBot })
    return { uid: bot.uid, isBot: bot.isBot }
  },
})

/** Constant-time comparison of two secrets (of any lengths). */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}

/**
 * [username]: which configured identity provider a username (an e-mail address) signs in with, by
 * its domain: {tenantId?, clientId} (clientId is the provider's audience), or {} when none.
 */
export const idpUser = operation({
  name: 'v3.user.idpUser',
  access: 'public',
  readOnly: true,
  async run(ctx, username: string) {
    const provider = providerForUsername(ctx.config, username)
    if (!provider) return {}
    return { ...(provider.tenantId && { tenantId: provider.tenantId }), clientId: provider.audience }
  },
})
