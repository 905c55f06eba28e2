/** Registration shared by v2.user.register and v3.user.register: a user and a workspace they own. */
import { checkPasswordRules, hashPassword } from '../auth/passwords'
import { findUserByEmail, insertUser, setDefaultWorkspace } from '../db/users'
import { createWorkspace } from '../db/workspaces'
import { conflict, refused } from '../errors'
import type { Context } from '../rpc/operation'

export interface NewUser {
  email: string
  firstname: string
  lastname: string
  password: string
}

export interface RegisterOptions {
  copyNetworkId?: string
  [key: string]: unknown
}

export async function registerUser(ctx: Context, user: NewUser, options: RegisterOptions = {}, settings: Record<string, unknown> = {}) {
  checkPasswordRules(user.password, user.email, 0)
  if (options.copyNetworkId) {
    throw refused('copying a workspace at registration is not available yet: register, then use v2.network.copy', {
      option: 'copyNetworkId',
    })
  }
  if (await findUserByEmail(ctx.db, user.email)) throw conflict('an account with this email exists', { field: 'email' })
  const passwordHash = await hashPassword(user.password)
  const uid = await insertUser(ctx.db, { ...user, passwordHash, settings })
  const workspace = await createWorkspace(ctx.db, `${user.firstname}'s workspace`, uid)
  await setDefaultWorkspace(ctx.db, uid, workspace._id)
  return { uid, cid: workspace._id }
}
