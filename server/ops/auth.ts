/** Operations beyond the interface: signing in and out (see "Added operations" in the README). */
import { verifyPassword } from '../auth/passwords'
import { createSession, endSession, resolveSessionKey } from '../auth/sessions'
import { findUserByEmail } from '../db/users'
import { memberWorkspaceIds } from '../db/workspaces'
import { RpcError } from '../errors'
import { operation } from '../rpc/operation'

export const login = operation({
  name: 'login',
  access: 'public',
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

export const auth = operation({
  name: 'auth',
  access: 'public',
  async run(ctx, key) {
    const session = await resolveSessionKey(ctx.db, key, ctx.config.sessionIdleSeconds)
    if (!session) throw new RpcError(401, 'the key is unknown, expired or revoked')
    ctx.transport.signIn(session, key, await memberWorkspaceIds(ctx.db, session.uid))
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
