/**
 * v3.user.profile.update [{firstname?, lastname?, language?}] (added): the caller's own name and the
 * language of their interface (kept in the user's settings as `language`, so it follows them to
 * every browser). Returns the profile as v2.user.profile shows it to its owner.
 *
 * Signal: `user.settings` `{uid, changed}` on user:<uid> (names changed too: the caller's other tabs
 * read the profile again).
 */
import { loadOwnExtras, loadProfile, mergeSettings } from '../../../db/users'
import { notFound } from '../../../errors'
import { operation } from '../../../rpc/operation'

export const update = operation({
  name: 'v3.user.profile.update',
  access: 'signedIn',
  async run(ctx, profile) {
    const uid = ctx.session.uid
    const firstname = profile.firstname?.trim()
    if (firstname === '') throw ctx.invalid(0, '/firstname', 'must not be blank')
    const names = {
      ...(firstname !== undefined && { firstname }),
      ...(profile.lastname !== undefined && { lastname: profile.lastname.trim() }),
    }
    if (Object.keys(names).length) {
      await ctx.db
        .updateTable('users')
        .set({ ...names, updated: Date.now() })
        .where('_id', '=', uid)
        .execute()
    }
    if (profile.language) await mergeSettings(ctx.db, uid, { language: profile.language })
    ctx.publish(`user:${uid}`, 'user.settings', { uid, changed: Object.keys(profile) })
    const user = await loadProfile(ctx.db, uid)
    if (!user) throw notFound('user')
    return { ...user, ...(await loadOwnExtras(ctx.db, uid)) }
  },
})
