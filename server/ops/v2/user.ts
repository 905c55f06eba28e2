import { loadProfile, loadSettings, mergeSettings, shareWorkspace } from '../../db/users'
import { registerUser, type NewUser, type RegisterOptions } from '../../domain/register'
import { notFound } from '../../errors'
import { operation } from '../../rpc/operation'

export const register = operation({
  name: 'v2.user.register',
  access: 'public',
  run: (ctx, user: NewUser, options?: RegisterOptions) => registerUser(ctx, user, options),
})

/** Yourself, or someone who shares a workspace with you; anyone else is "not found". */
export const profile = operation({
  name: 'v2.user.profile',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, userId: string) {
    const self = userId === ctx.session.uid
    if (!self && !(await shareWorkspace(ctx.db, ctx.session.uid, userId))) throw notFound('user')
    const user = await loadProfile(ctx.db, userId)
    if (!user) throw notFound('user')
    return self ? { ...user, settings: await loadSettings(ctx.db, userId) } : user
  },
})

export const setGlobalSettings = operation({
  name: 'v2.user.settings.global.set',
  access: 'signedIn',
  async run(ctx, settings: Record<string, unknown>) {
    await mergeSettings(ctx.db, ctx.session.uid, settings)
    ctx.publish(`user:${ctx.session.uid}`, 'user.settings', { uid: ctx.session.uid, changed: Object.keys(settings) })
    return true
  },
})
