/** Operations beyond the interface: signing in and out (see "Added operations" in docs/reference/operations.md). */
import { verifyPassword } from '../auth/passwords'
import { createSession, endSession, resolveKey, signalWorkspaces } from '../auth/sessions'
import { verifyIdToken } from '../auth/sso'
import { accountOfIdentity } from '../auth/sso-accounts'
import { findUserByEmail } from '../db/users'
import { memberWorkspaceIds } from '../db/workspaces'
import { RpcError } from '../errors'
import { operation } from '../rpc/operation'

export const login = operation({
  name: 'login',
  access: 'public',
  // Wrong passwords are counted per account and per client address, and slowed down (server/auth/limits.ts).
  guessing: { kind: 'login', failsWith: 401, account: (email: string) => `account:${email.trim().toLowerCase()}` },
  async run(ctx, email, password) {
    const user = await findUserByEmail(ctx.db, email)
    if (!(await verifyPassword(user?.password_hash ?? null, password)) || !user) {
      throw new RpcError(401, 'wrong email or password')
    }
    const { key, session } = await createSession(ctx.db, user._id, user.default_cid)
    ctx.transport.signIn(session, key, await memberWorkspaceIds(ctx.db, user._id))
    return key
  },
})

/**
 * [idToken]: signs in an account made through single sign-on with a fresh ID token of a configured
 * provider (server/auth/sso.ts); returns the session key as login does. The account is the one bound
 * to the token's identity (issuer and subject), never one found by e-mail alone: a provider does not
 * sign in to an account another provider or a password made (401, reason notBound; none at all:
 * noAccount). See server/auth/sso-accounts.ts.
 */
export const loginSso = operation({
  name: 'loginSso',
  access: 'public',
  async run(ctx, idToken: string) {
    const identity = await verifyIdToken(ctx.config, idToken)
    const user = await accountOfIdentity(ctx.db, ctx.config, identity)
    const { key, session } = await createSession(ctx.db, user._id, user.default_cid)
    ctx.transport.signIn(session, key, await memberWorkspaceIds(ctx.db, user._id))
    return key
  },
})

export const auth = operation({
  name: 'auth',
  access: 'public',
  async run(ctx, key) {
    const session = await resolveKey(ctx.db, key, ctx.config.sessionIdleSeconds, ctx.transport.address)
    if (!session) throw new RpcError(401, 'the key is unknown, expired or revoked')
    ctx.transport.signIn(session, key, await signalWorkspaces(ctx.db, session))
    return { uid: session.uid }
  },
})

export const logout = operation({
  name: 'logout',
  access: 'signedIn',
  async run(ctx) {
    await endSession(ctx, ctx.session.id)
    ctx.transport.signOut()
    return true
  },
})
