/** Operations beyond the interface: the session's current workspace. */
import { actsIn } from '../../policies/principal'
import { currentWorkspaceId } from '../../auth/sessions'
import { loadProfile, loadSettings } from '../../db/users'
import { requireMember } from '../../policies/workspace'
import { operation } from '../../rpc/operation'

export const get = operation({
  name: 'v3.session.get',
  access: 'signedIn',
  readOnly: true,
  async run(ctx) {
    const [user, cid, settings] = await Promise.all([
      loadProfile(ctx.db, ctx.session.uid),
      currentWorkspaceId(ctx.db, ctx.session),
      loadSettings(ctx.db, ctx.session.uid),
    ])
    // features: what this server offers beyond the interface's core (aiAssist: a model is configured for function assist).
    // language: the one the person chose for their interface (v3.user.profile.update), or null.
    const language = typeof settings.language === 'string' ? settings.language : null
    return { uid: ctx.session.uid, cid, user, language, features: { aiAssist: ctx.config.ai !== null } }
  },
})

export const switchWorkspace = operation({
  name: 'v3.session.switchWorkspace',
  access: 'signedIn',
  async run(ctx, workspaceId) {
    await requireMember(ctx.db, workspaceId, ctx.session)
    await ctx.db.updateTable('sessions').set({ cid: workspaceId }).where('key_hash', '=', ctx.session.id).execute()
    return { cid: workspaceId }
  },
})

/** The workspaces the caller belongs to, by name, with the caller's role in each. */
export const workspaces = operation({
  name: 'v3.session.workspaces',
  access: 'signedIn',
  readOnly: true,
  async run(ctx) {
    const rows = await ctx.db
      .selectFrom('workspace_members as m')
      .innerJoin('workspaces as w', 'w._id', 'm.cid')
      .select(['w._id', 'w.name', 'm.role'])
      .where('m.uid', '=', ctx.session.uid)
      .orderBy('w.name')
      .orderBy('w._id')
      .limit(10000)
      .execute()
    // An API key sees only its own workspace.
    return rows.filter((w) => actsIn(ctx.session, w._id))
  },
})
