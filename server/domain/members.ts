/**
 * Joining and leaving a workspace. Every path that adds or removes a member goes through here,
 * so the member's sockets (un)subscribe the workspace and the other members hear of it.
 */
import type { Role } from '../db/schema'
import type { Context } from '../context'

export interface NewMember {
  cid: string
  uid: string
  role: Role
  title?: string | null
  customRole?: string | null
  /** Teams of the workspace to join; unknown ids are ignored. */
  teamIds?: string[]
}

export async function addMember(ctx: Context, member: NewMember) {
  const { cid, uid, role } = member
  await ctx.db
    .insertInto('workspace_members')
    .values({
      cid,
      uid,
      role: role === 'inviter' ? 'user' : role,
      inviter: role === 'inviter',
      title: member.title ?? null,
      custom_role: member.customRole ?? null,
      created: Date.now(),
    })
    .onConflict((oc) => oc.columns(['cid', 'uid']).doNothing())
    .execute()
  if (member.teamIds?.length) {
    const teams = await ctx.db.selectFrom('teams').select('_id').where('cid', '=', cid).where('_id', 'in', member.teamIds).execute()
    if (teams.length) {
      await ctx.db
        .insertInto('team_members')
        .values(teams.map((t) => ({ cid, team_id: t._id, uid })))
        .onConflict((oc) => oc.doNothing())
        .execute()
    }
  }
  ctx.control({ kind: 'membership', uid, cid, member: true })
  ctx.publish(`workspace:${cid}`, 'network.member.added', { cid, uid })
}

/**
 * The member's work (activities, posts, files) stays; what describes them as a member (teams,
 * property values) goes. Their sockets stop hearing the workspace at once.
 */
export async function removeMember(ctx: Context, cid: string, uid: string) {
  await ctx.db.deleteFrom('team_members').where('cid', '=', cid).where('uid', '=', uid).execute()
  await ctx.db.deleteFrom('property_values').where('cid', '=', cid).where('uid', '=', uid).execute()
  await ctx.db.deleteFrom('workspace_members').where('cid', '=', cid).where('uid', '=', uid).execute()
  ctx.control({ kind: 'membership', uid, cid, member: false })
  ctx.publish(`workspace:${cid}`, 'network.member.removed', { cid, uid })
  ctx.publish(`user:${uid}`, 'network.member.removed', { cid, uid })
}
