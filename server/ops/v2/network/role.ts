/**
 * Operations beyond the interface: custom roles of the current workspace (see "Added operations"
 * in docs/reference/operations.md). A custom role is a name and a list of capabilities of server/policies/roles.ts,
 * stored in custom_roles.permissions as {capabilities}; a member given the role
 * (company.set_user_data section customRole) holds those capabilities besides their role's.
 * Nobody defines, changes or removes a role that grants capabilities they do not hold themselves.
 */
import { sql } from 'kysely'
import type { DbHandle } from '../../../db/schema'
import { audit } from '../../../domain/audit'
import { conflict, forbidden, notFound } from '../../../errors'
import { newId } from '../../../ids'
import { type Capability, customRoleCapabilities, describeMember, findMember, GRANTABLE_CAPABILITIES, type Member } from '../../../policies/roles'
import type { Context } from '../../../context'
import { operation } from '../../../rpc/operation'

export const create = operation({
  name: 'v2.network.role.create',
  access: 'member',
  capability: 'roles.manage',
  rule: 'grants only capabilities the caller holds',
  async run(ctx, role) {
    const { cid, member: caller } = ctx
    const capabilities = checkGrant(caller, role.capabilities)
    const name = role.name.trim()
    await requireUniqueName(ctx.db, cid, name)
    const record = { _id: newId(), name, capabilities, created: Date.now() }
    await ctx.db
      .insertInto('custom_roles')
      .values({ cid, _id: record._id, name, permissions: JSON.stringify({ capabilities }), created: record.created, updated: null })
      .execute()
    await audit(ctx, { cid, kind: 'role.create', targetId: record._id, after: { name, capabilities } })
    ctx.publish(`workspace:${cid}`, 'network.role.created', { cid, role: record })
    return record
  },
})

export const list = operation({
  name: 'v2.network.role.list',
  access: 'member',
  capability: 'workspace.read',
  readOnly: true,
  async run(ctx) {
    const { cid } = ctx
    const rows = await ctx.db
      .selectFrom('custom_roles as r')
      .leftJoin('workspace_members as m', (j) => j.onRef('m.cid', '=', 'r.cid').onRef('m.custom_role', '=', 'r._id'))
      .select(['r._id', 'r.name', 'r.permissions', 'r.created', 'r.updated', (eb) => eb.fn.count<number>('m.uid').as('members')])
      .where('r.cid', '=', cid)
      .groupBy(['r._id', 'r.name', 'r.permissions', 'r.created', 'r.updated'])
      .orderBy(sql`lower(r.name)`)
      .execute()
    return rows.map((r) => ({ ...present(r), members: Number(r.members) }))
  },
})

export const update = operation({
  name: 'v2.network.role.update',
  access: 'member',
  capability: 'roles.manage',
  rule: 'only roles granting, and to grant, capabilities the caller holds',
  async run(ctx, roleId, update) {
    const { cid, member: caller } = ctx
    const current = await loadRole(ctx.db, cid, roleId)
    checkGrant(caller, current.capabilities)
    const name = update.name?.trim() ?? current.name
    const capabilities = update.capabilities ? checkGrant(caller, update.capabilities) : current.capabilities
    if (name.toLowerCase() !== current.name.toLowerCase()) await requireUniqueName(ctx.db, cid, name)
    const updated = Date.now()
    await ctx.db
      .updateTable('custom_roles')
      .set({ name, permissions: JSON.stringify({ capabilities }), updated })
      .where('cid', '=', cid)
      .where('_id', '=', roleId)
      .execute()
    const role = { _id: roleId, name, capabilities, created: current.created, updated }
    await audit(ctx, {
      cid,
      kind: 'role.update',
      targetId: roleId,
      before: { name: current.name, capabilities: current.capabilities },
      after: { name, capabilities },
    })
    ctx.publish(`workspace:${cid}`, 'network.role.updated', { cid, role })
    if (update.capabilities && !sameSet(capabilities, current.capabilities)) await tellHolders(ctx, cid, await holders(ctx.db, cid, roleId))
    return role
  },
})

export const remove = operation({
  name: 'v2.network.role.remove',
  access: 'member',
  capability: 'roles.manage',
  rule: 'only roles granting capabilities the caller holds',
  async run(ctx, roleId) {
    const { cid, member: caller } = ctx
    const current = await loadRole(ctx.db, cid, roleId)
    checkGrant(caller, current.capabilities)
    const uids = await holders(ctx.db, cid, roleId)
    await ctx.db.updateTable('workspace_members').set({ custom_role: null }).where('cid', '=', cid).where('custom_role', '=', roleId).execute()
    await ctx.db.updateTable('invites').set({ custom_role: null }).where('cid', '=', cid).where('custom_role', '=', roleId).execute()
    await ctx.db.deleteFrom('custom_roles').where('cid', '=', cid).where('_id', '=', roleId).execute()
    await audit(ctx, { cid, kind: 'role.remove', targetId: roleId, before: { name: current.name, capabilities: current.capabilities, holders: uids } })
    ctx.publish(`workspace:${cid}`, 'network.role.removed', { cid, _id: roleId })
    await tellHolders(ctx, cid, uids)
    return true
  },
})

/** The capabilities to store (deduplicated, sorted); 403 when the caller does not hold one of them. */
function checkGrant(caller: Member, capabilities: string[]): Capability[] {
  const unique = [...new Set(capabilities)].sort() as Capability[]
  const unknown = unique.filter((c) => !GRANTABLE_CAPABILITIES.includes(c))
  if (unknown.length) throw forbidden('a custom role cannot grant these capabilities', { capabilities: unknown })
  const missing = unique.filter((c) => !caller.capabilities.has(c))
  if (missing.length) throw forbidden('you cannot grant capabilities you do not hold', { missing })
  return unique
}

async function requireUniqueName(db: DbHandle, cid: string, name: string) {
  const clash = await db
    .selectFrom('custom_roles')
    .select('_id')
    .where('cid', '=', cid)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst()
  if (clash) throw conflict('a custom role with this name exists', { field: 'name' })
}

/** The role; its row stays locked for the rest of the transaction, as every caller goes on to change it. */
async function loadRole(db: DbHandle, cid: string, roleId: string) {
  const row = await db.selectFrom('custom_roles').selectAll().where('cid', '=', cid).where('_id', '=', roleId).forUpdate().executeTakeFirst()
  if (!row) throw notFound('custom role')
  return { ...present(row), capabilities: await customRoleCapabilities(db, cid, roleId) }
}

function present(row: { _id: string; name: string; permissions: Record<string, unknown>; created: number; updated: number | null }) {
  const capabilities = (row.permissions as { capabilities?: string[] }).capabilities ?? []
  return { _id: row._id, name: row.name, capabilities, created: row.created, ...(row.updated !== null && { updated: row.updated }) }
}

async function holders(db: DbHandle, cid: string, roleId: string): Promise<string[]> {
  const rows = await db.selectFrom('workspace_members').select('uid').where('cid', '=', cid).where('custom_role', '=', roleId).execute()
  return rows.map((r) => r.uid)
}

/** Each member whose capabilities changed hears it on their own topic. */
async function tellHolders(ctx: Context, cid: string, uids: string[]) {
  for (const uid of uids) {
    const member = await findMember(ctx.db, cid, uid)
    if (member) ctx.publish(`user:${uid}`, 'network.role.changed', { ...describeMember(member), section: 'customRole', changed: ['capabilities'] })
  }
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x))
