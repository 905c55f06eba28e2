/**
 * v3.user.password.set [{currentPassword, password}] (added): the caller changes their password.
 * The current one must be given (401 at /currentPassword otherwise, counted as a guess like a wrong
 * login); the new one follows the registration rules (400 at /password). Every other session of the
 * account ends (its sockets close): whoever knew the old password is signed out; this one stays.
 * An account made through single sign-on has no password to change (422).
 */
import { checkPasswordRules, hashPassword, verifyPassword } from '../../../auth/passwords'
import { notFound, refused, RpcError } from '../../../errors'
import { invalidOf } from '../../../context'
import { operation } from '../../../rpc/operation'

export const set = operation({
  name: 'v3.user.password.set',
  access: 'signedIn',
  apiKeys: false,
  guessing: { kind: 'key', failsWith: 401 },
  async run(ctx, change) {
    const uid = ctx.session.uid
    const user = await ctx.db.selectFrom('users').select(['email', 'password_hash']).where('_id', '=', uid).forUpdate().executeTakeFirst()
    if (!user) throw notFound('user')
    if (user.password_hash === '') throw refused('this account signs in through single sign-on and has no password', { reason: 'noPassword' })
    if (!(await verifyPassword(user.password_hash, change.currentPassword))) {
      throw new RpcError(401, 'this is not your current password', { argument: 0, path: '/currentPassword' })
    }
    checkPasswordRules(change.password, user.email, invalidOf(ctx, 0))
    await ctx.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(change.password), updated: Date.now() })
      .where('_id', '=', uid)
      .execute()
    const others = await ctx.db.deleteFrom('sessions').where('uid', '=', uid).where('key_hash', '!=', ctx.session.id).returning('key_hash').execute()
    for (const s of others) ctx.control({ kind: 'sessionEnded', sessionId: s.key_hash })
    return true
  },
})
