/**
 * Invites as the invited person handles them. The key is the credential: it reached the invited
 * address by mail. accept and decline need no session at the door:
 * - accept with a session: the signed-in user joins. Without one it joins nobody: the workspace's
 *   managers can read every key (v2.network.invite.list), so a key alone must not put an existing
 *   account into a workspace without its owner's consent. It answers 401 (reason signInRequired)
 *   when an account has the invited address, 404 (reason noAccount: use register) when none has;
 * - decline: anyone holding the key declines; the invite is deleted.
 * Each use deletes the invite, so a key works once.
 */
import { checkPasswordRules, hashPassword } from '../../../auth/passwords'
import { listInvitesForEmail, markEmailVerified, userBrief, userForMail, workspaceName } from '../../../db/invites'
import { findUserByEmail, insertUser, setDefaultWorkspace } from '../../../db/users'
import { membership } from '../../../db/workspaces'
import { findInvite, joinFromInvite } from '../../../domain/invites'
import { inviteRecord } from '../../../presenters/invite'
import { conflict, notFound, refused, RpcError } from '../../../errors'
import { invalidOf } from '../../../context'
import { operation } from '../../../rpc/operation'

/**
 * The caller's pending invites, matched by their e-mail address. Because an account can be
 * registered with any address, the address must be verified first (422 otherwise).
 */
export const list = operation({
  name: 'v2.user.invite.list',
  access: 'signedIn',
  readOnly: true,
  async run(ctx) {
    const user = await userForMail(ctx.db, ctx.session.uid)
    if (!user) throw notFound('user')
    if (user.email_verified === null) {
      throw refused('verify your e-mail address first (v2.user.send_verification_email) to list the invites sent to it', {
        reason: 'emailNotVerified',
      })
    }
    const rows = await listInvitesForEmail(ctx.db, user.email)
    return Promise.all(
      rows.map(async (row) => {
        const [inviter, name] = await Promise.all([userBrief(ctx.db, row.invited_by), workspaceName(ctx.db, row.cid)])
        return inviteRecord(row, inviter, name)
      }),
    )
  },
})

/** Returns {uid, cid}: who joined which workspace. */
export const accept = operation({
  name: 'v2.user.invite.accept',
  access: 'public',
  // A key acts in its own workspace only: it does not join its owner to others.
  apiKeys: false,
  guessing: { kind: 'key', failsWith: 404 },
  async run(ctx, inviteKey) {
    const row = await findInvite(ctx, inviteKey)
    if (!ctx.session) {
      if (await findUserByEmail(ctx.db, row.email)) {
        throw new RpcError(401, 'sign in as the invited account, then accept the invite', { reason: 'signInRequired' })
      }
      throw new RpcError(404, 'no account has the invited e-mail address: create one with v2.user.invite.register', { reason: 'noAccount' })
    }
    const uid = ctx.session.uid
    if (await membership(ctx.db, row.cid, uid)) throw conflict('you are already a member of this workspace')
    const user = await userForMail(ctx.db, uid)
    await joinFromInvite(ctx, row, uid, user?.email.toLowerCase() === row.email.toLowerCase())
    return { uid, cid: row.cid }
  },
})

export const decline = operation({
  name: 'v2.user.invite.decline',
  access: 'public',
  guessing: { kind: 'key', failsWith: 404 },
  async run(ctx, inviteKey) {
    const row = await findInvite(ctx, inviteKey)
    await ctx.db.deleteFrom('invites').where('cid', '=', row.cid).where('_id', '=', row._id).execute()
    ctx.publish(`workspace:${row.cid}`, 'network.invite.declined', { cid: row.cid, _id: row._id })
    return true
  },
})

/**
 * Creates the account of the invited address (verified: the key came there by mail), makes the
 * workspace its default, and joins it with the invited role and teams. Returns {uid, cid}.
 */
export const register = operation({
  name: 'v2.user.invite.register',
  access: 'public',
  guessing: { kind: 'key', failsWith: 404 },
  async run(ctx, user, inviteKey) {
    if (!user) {
      throw ctx.invalid(0, '', 'is required to create an account; a user who has one signs in and calls v2.user.invite.accept')
    }
    const row = await findInvite(ctx, inviteKey)
    checkPasswordRules(user.password, row.email, invalidOf(ctx, 0))
    if (await findUserByEmail(ctx.db, row.email)) {
      throw conflict('an account with the invited e-mail exists: sign in and call v2.user.invite.accept', { field: 'email' })
    }
    const passwordHash = await hashPassword(user.password)
    const uid = await insertUser(ctx.db, { email: row.email, firstname: user.firstname, lastname: user.lastname, passwordHash })
    await setDefaultWorkspace(ctx.db, uid, row.cid)
    await markEmailVerified(ctx.db, uid, Date.now())
    await joinFromInvite(ctx, row, uid, false)
    return { uid, cid: row.cid }
  },
})
