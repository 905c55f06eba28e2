/** Operations beyond the interface: signing in and out (see "Added operations" in docs/reference/operations.md). */
import { verifyPassword } from '../auth/passwords'
import { createSession, endSession, resolveKey, signalWorkspaces } from '../auth/sessions'
import { verifyIdToken } from '../auth/sso'
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
 * [idToken]: signs in an account that was registered through single sign-on (it has no password)
 * with a fresh ID token of a configured provider (server/auth/sso.ts); returns the session key as
 * login does. An account with a password signs in with it: a provider does not take over accounts
 * it did not make (401, as for an address with no account).
 */
export const loginSso = operation({
  name: 'loginSso',
  access: 'public',
  async run(ctx, idToken: string) {
    const identity = await verifyIdToken(ctx.config, idToken)
    const user = await findUserByEmail(ctx.db, identity.email)
    if (!user || user.password_hash !== '') throw new RpcError(401, 'no account registered through single sign-on has this address')
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
