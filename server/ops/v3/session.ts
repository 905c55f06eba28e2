/** Operations beyond the interface: the session's current workspace. */
import { currentWorkspaceId } from '../../auth/sessions'
import { loadProfile } from '../../db/users'
import { requireMember } from '../../policies/workspace'
import { operation } from '../../rpc/operation'

export const get = operation({
  name: 'v3.session.get',
  access: 'signedIn',
  readOnly: true,
  async run(ctx) {
    const [user, cid] = await Promise.all([loadProfile(ctx.db, ctx.session.uid), currentWorkspaceId(ctx.db, ctx.session)])
    return { uid: ctx.session.uid, cid, user }
  },
})

export const switchWorkspace = operation({
  name: 'v3.session.switchWorkspace',
  access: 'signedIn',
  async run(ctx, cid: string) {
    await requireMember(ctx.db, cid, ctx.session)
    await ctx.db.updateTable('sessions').set({ cid }).where('key_hash', '=', ctx.session.id).execute()
    return { cid }
  },
})
