/**
 * Registration shared by v2.user.register and v3.user.register: a user and a workspace they own.
 * With `copyNetworkId` that workspace starts as a public copy of another (its settings and the
 * workflows open to all its members), as v2.network.publicCopy would make it; 404 when that
 * workspace may not be copied, and then nothing is created.
 */
import { checkPasswordRules, hashPassword } from '../auth/passwords'
import { findUserByEmail, insertUser, setDefaultWorkspace } from '../db/users'
import { createWorkspace } from '../db/workspaces'
import { conflict } from '../errors'
import { invalidOf, type Context } from '../context'
import { fillWorkspaceFrom, openProcessIds, publicSource } from './workspace-copy'

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
  checkPasswordRules(user.password, user.email, invalidOf(ctx, 0))
  const { password, ...person } = user
  return createAccount(ctx, { ...person, passwordHash: await hashPassword(password) }, options, settings)
}

/**
 * The account and its workspace, for every way of registering. `passwordHash` is empty for an
 * account made through single sign-on: no password signs it in.
 */
export async function createAccount(
  ctx: Context,
  user: Omit<NewUser, 'password'> & { passwordHash: string },
  options: RegisterOptions = {},
  settings: Record<string, unknown> = {},
) {
  const source = options.copyNetworkId ? await publicSource(ctx.db, options.copyNetworkId) : null
  if (await findUserByEmail(ctx.db, user.email)) throw conflict('an account with this email exists', { field: 'email' })
  const uid = await insertUser(ctx.db, { ...user, settings })
  const workspace = await createWorkspace(ctx.db, `${user.firstname}'s workspace`, uid)
  await setDefaultWorkspace(ctx.db, uid, workspace._id)
  if (source) await fillWorkspaceFrom(ctx, workspace._id, uid, source, await openProcessIds(ctx.db, source._id), false)
  return { uid, cid: workspace._id }
}
