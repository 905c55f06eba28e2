/**
 * A workspace's members: their role and flags (company.set_user_data), leaving and removal.
 *
 * The role is one value per member (the `role` column: owner, admin, user or guest); the sections
 * owner, admin and guest of company.set_user_data set it ("true": that role; "false": back to user
 * when the member had that role, otherwise nothing changes). inviter and feedAdmin are flags beside
 * the role. Making or unmaking an owner needs members.setOwner, and the last owner can be neither
 * demoted, removed nor leave (422). Nobody changes or removes a member who holds capabilities the
 * caller does not, nor gives a member capabilities the caller does not hold (403).
 */
import type { Role, DbHandle } from '../../db/schema'
import { memberWorkspaceIds } from '../../db/workspaces'
import { audit } from '../../domain/audit'
import { removeMember } from '../../domain/members'
import { forbidden, notFound, notFoundAt, refused } from '../../errors'
import { type Capability, customRoleCapabilities, describeMember, findMember, type Member, requireCapability, roleCapabilities } from '../../policies/roles'
import type { Context } from '../../context'
import { operation } from '../../rpc/operation'

type Section = 'owner' | 'admin' | 'guest' | 'inviter' | 'feedAdmin' | 'title' | 'customRole'

interface MemberState {
  role: Role
  inviter: boolean
  feedAdmin: boolean
  title: string | null
  customRole: string | null
}

export const setUserData = operation({
  name: 'company.set_user_data',
  access: 'member',
  capability: 'members.manage',
  workspace: (_caller, data) => data.workspaceId,
  rule: 'making or unmaking an owner: owners only; never the last owner; never a member holding, nor to give, capabilities the caller lacks',
  async run(ctx, data) {
    const { cid, member: caller } = ctx
    const target = await findMember(ctx.db, cid, data.uid)
    if (!target) throw notFound('member')

    const before = stateOf(target)
    const after = applySection(before, data.section, data.value)
    const changed = (Object.keys(after) as (keyof MemberState)[]).filter((k) => after[k] !== before[k])
    if (!changed.length) return true

    if ((before.role === 'owner') !== (after.role === 'owner')) {
      requireCapability(caller, 'members.setOwner', 'making or unmaking owners')
    }
    const granted = roleCapabilities(after.role, after.inviter)
    if (after.customRole) {
      const role = await ctx.db.selectFrom('custom_roles').select('_id').where('cid', '=', cid).where('_id', '=', after.customRole).executeTakeFirst()
      if (!role) throw notFoundAt('custom role', 0, '/value')
      for (const c of await customRoleCapabilities(ctx.db, cid, after.customRole)) granted.add(c)
    }
    requireOutranks(caller, target.capabilities, 'change')
    requireOutranks(caller, granted, 'grant')
    if (before.role === 'owner' && after.role !== 'owner') await keepAnOwner(ctx.db, cid, target.uid)

    // Only the columns that change are written: a concurrent change of another section is kept.
    const column = { role: 'role', inviter: 'inviter', feedAdmin: 'feed_admin', title: 'title', customRole: 'custom_role' } as const
    await ctx.db
      .updateTable('workspace_members')
      .set(Object.fromEntries(changed.map((k) => [column[k], after[k]])))
      .where('cid', '=', cid)
      .where('uid', '=', target.uid)
      .execute()
    await audit(ctx, { cid, kind: 'member.update', targetId: target.uid, before, after })

    // The workspace hears who changed and what; the member hears their whole new standing.
    ctx.publish(`workspace:${cid}`, 'network.member.updated', { cid, uid: target.uid, section: data.section, changed })
    if (data.section !== 'title') {
      const now = (await findMember(ctx.db, cid, target.uid))!
      ctx.publish(`user:${target.uid}`, 'network.role.changed', { ...describeMember(now), section: data.section, changed })
    }
    return true
  },
})

/** The caller leaves a workspace; the last owner cannot (422). Their data stays. */
export const leave = operation({
  name: 'company.leave',
  access: 'member',
  capability: 'workspace.read',
  workspace: (_caller, workspaceId) => workspaceId,
  rule: 'not the last owner',
  async run(ctx, workspaceId) {
    const { member } = ctx
    if (member.role === 'owner') await keepAnOwner(ctx.db, workspaceId, member.uid)
    await removeFromWorkspace(ctx, workspaceId, member.uid)
    await audit(ctx, { cid: workspaceId, kind: 'member.leave', targetId: member.uid, before: stateOf(member) })
    return true
  },
})

/** Removes a member from the caller's current workspace. Their data stays; their sockets stop hearing it at once. */
export const removeUser = operation({
  name: 'company.remove_user',
  access: 'member',
  capability: 'members.manage',
  rule: 'removing an owner: owners only; never the last owner; never a member holding capabilities the caller lacks',
  async run(ctx, userId) {
    const { cid, member: caller } = ctx
    const target = await findMember(ctx.db, cid, userId)
    if (!target) throw notFound('member')
    if (target.role === 'owner') requireCapability(caller, 'members.setOwner', 'removing an owner')
    requireOutranks(caller, target.capabilities, 'remove')
    if (target.role === 'owner') await keepAnOwner(ctx.db, cid, target.uid)
    await removeFromWorkspace(ctx, cid, target.uid)
    await audit(ctx, { cid, kind: 'member.remove', targetId: target.uid, before: stateOf(target) })
    return true
  },
})

function stateOf(m: Member): MemberState {
  return { role: m.role, inviter: m.inviter, feedAdmin: m.feedAdmin, title: m.title, customRole: m.customRole }
}

/** What a section and its value (already checked by the schema) make of the member. */
function applySection(state: MemberState, section: Section, value: string): MemberState {
  const on = value === 'true'
  switch (section) {
    case 'owner':
    case 'admin':
    case 'guest':
      if (on) return { ...state, role: section }
      return state.role === section ? { ...state, role: 'user' } : state
    case 'inviter':
      return { ...state, inviter: on }
    case 'feedAdmin':
      return { ...state, feedAdmin: on }
    case 'title':
      return { ...state, title: value.trim() || null }
    case 'customRole':
      return { ...state, customRole: value || null }
  }
}

/** 403 unless the caller holds every one of `capabilities`. */
function requireOutranks(caller: Member, capabilities: Set<Capability>, what: 'change' | 'grant' | 'remove') {
  const missing = [...capabilities].filter((c) => !caller.capabilities.has(c)).sort()
  if (!missing.length) return
  const msg = what === 'grant' ? 'you cannot give a member capabilities you do not hold' : `you cannot ${what} a member who holds capabilities you do not hold`
  throw forbidden(msg, { missing })
}

/**
 * 422 when `uid` is the workspace's only owner. The owners' rows are locked, so two owners
 * demoting each other at the same time cannot leave the workspace without one.
 */
async function keepAnOwner(db: DbHandle, cid: string, uid: string) {
  const owners = await db.selectFrom('workspace_members').select('uid').where('cid', '=', cid).where('role', '=', 'owner').forUpdate().execute()
  if (!owners.some((o) => o.uid !== uid)) {
    throw refused('the last owner of a workspace cannot be removed, demoted or leave', { reason: 'lastOwner' })
  }
}

/**
 * removeMember, then the sessions whose current workspace it was (and the user's default workspace)
 * move to another workspace of theirs, or to none.
 */
async function removeFromWorkspace(ctx: Context, cid: string, uid: string) {
  await removeMember(ctx, cid, uid)
  const remaining = await memberWorkspaceIds(ctx.db, uid)
  const user = await ctx.db.selectFrom('users').select('default_cid').where('_id', '=', uid).executeTakeFirst()
  const keepDefault = user?.default_cid && user.default_cid !== cid && remaining.includes(user.default_cid)
  const fallback = keepDefault ? user!.default_cid : (remaining[0] ?? null)
  if (user?.default_cid === cid) await ctx.db.updateTable('users').set({ default_cid: fallback }).where('_id', '=', uid).execute()
  await ctx.db.updateTable('sessions').set({ cid: fallback }).where('uid', '=', uid).where('cid', '=', cid).execute()
}
