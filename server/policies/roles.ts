/**
 * Who may do what in a workspace: one table. Each workspace operation names the capability it
 * needs; each capability names the roles that hold it. A member's custom role (company.set_user_data
 * section customRole) adds the capabilities its definition grants. The README reproduces this table
 * (`npm run roles -- --markdown`) and spec/policies/roles.spec.ts walks it for every operation.
 *
 * A member has one role in the `role` column (owner, admin, user or guest) and the `inviter` flag
 * beside it; an inviter holds the capabilities of the `inviter` row as well as its role's.
 *
 * A caller who is not a member of the workspace learns nothing about it: 404, never 403.
 */
import { currentWorkspaceId } from '../auth/sessions'
import type { Role, DbHandle } from '../db/schema'
import { forbidden, notFound } from '../errors'
import type { Session, SignedInContext } from '../rpc/operation'


export const ROLES: Role[] = ['owner', 'admin', 'user', 'inviter', 'guest']

export const CAPABILITIES = {
  /** See the workspace, its members and license. */
  'workspace.read': ['owner', 'admin', 'user', 'inviter', 'guest'],
  /** Change the workspace's name and settings. */
  'workspace.update': ['owner', 'admin'],
  /** Send invites (an inviter may invite users and guests only). */
  'members.invite': ['owner', 'admin', 'inviter'],
  /** List, edit, resend and remove the workspace's invites. */
  'invites.manage': ['owner', 'admin'],
  /** Change members' roles, flags and titles; remove members (never the last owner); see anyone's permissions. */
  'members.manage': ['owner', 'admin'],
  /** Make or unmake owners. */
  'members.setOwner': ['owner'],
  /** Define custom roles. */
  'roles.manage': ['owner', 'admin'],
  /** See teams and their accounts (limited to one's own teams when isolatedTeams is on, for non-admins). */
  'teams.read': ['owner', 'admin', 'user', 'inviter', 'guest'],
  /** Create, change and remove teams and accounts. */
  'teams.manage': ['owner', 'admin'],
  /** Define the workspace's user property fields and fill values for anyone. */
  'properties.manage': ['owner', 'admin'],
  /** Fill one's own value of a field that users fill. */
  'properties.fillOwn': ['owner', 'admin', 'user', 'inviter', 'guest'],
  /** Workspace-wide switches for the function evaluator and similar. */
  'workspace.admin': ['owner', 'admin'],
  /** Create workflows and datasets (the creator administers them: server/policies/processes.ts). */
  'processes.create': ['owner', 'admin', 'user', 'inviter'],
} as const satisfies Record<string, readonly Role[]>

export type Capability = keyof typeof CAPABILITIES

/**
 * What a custom role may grant: every capability but making owners, which stays with owners.
 * schemas/ops/v2.network.role.create.json and .update.json list the same names (checked by
 * spec/policies/roles.spec.ts).
 */
export const GRANTABLE_CAPABILITIES: Capability[] = (Object.keys(CAPABILITIES) as Capability[]).filter((c) => c !== 'members.setOwner')

/** The capability each workspace operation needs. Filled in as operations are built. */
export const OPERATION_CAPABILITY: Record<string, Capability> = {
  'v2.network.get': 'workspace.read',
  'v2.network.update': 'workspace.update',
  /** An inviter may invite users and guests only; only an owner invites an owner. */
  'v2.network.invite.send': 'members.invite',
  'v2.network.invite.list': 'invites.manage',
  'v2.network.invite.edit': 'invites.manage',
  'v2.network.invite.remove': 'invites.manage',
  'v2.network.invite.resend': 'invites.manage',
  'v2.network.restrictions': 'workspace.read',
  'v2.network.fastFunctions.set': 'workspace.admin',
  'v2.network.license.get': 'workspace.read',
  'v2.network.role.list': 'workspace.read',
  'v2.network.role.create': 'roles.manage',
  'v2.network.role.update': 'roles.manage',
  'v2.network.role.remove': 'roles.manage',
  'company.get_general_options': 'workspace.read',
  'company.set_general_options': 'workspace.update',
  /** Making or unmaking an owner also needs members.setOwner. */
  'company.set_user_data': 'members.manage',
  /** Removing an owner also needs members.setOwner. */
  'company.remove_user': 'members.manage',
  'company.leave': 'workspace.read',
  /** Asking about another member; anyone may ask about themselves. */
  'v3.user.permissions': 'members.manage',
  /** Teams and accounts; with isolatedTeams, non-admins see only their own teams (server/domain/visibility.ts). */
  'company.load_team': 'teams.read',
  'company.form_get_teams': 'teams.read',
  'company.new_team': 'teams.manage',
  'company.remove_team': 'teams.manage',
  'company.set_team_data': 'teams.manage',
  'company.update_team_users': 'teams.manage',
  'company.new_account': 'teams.manage',
  'company.remove_account': 'teams.manage',
  'company.set_account_data': 'teams.manage',
  /** User property fields; set_property_value fills anyone's value. */
  'company.add_property_field': 'properties.manage',
  'company.update_property_field': 'properties.manage',
  'company.remove_property_field': 'properties.manage',
  'company.set_property_value': 'properties.manage',
  /** One's own value, of a field filled by users (of any field with properties.manage). */
  'company.set_user_property_value': 'properties.fillOwn',
  /** Every other process.* and v2.process.* operation is ruled by server/policies/processes.ts. */
  'process.create': 'processes.create',
  /** Workflows from a shipped template, through the copy of server/domain/copy-processes.ts. */
  'process.install_template': 'processes.create',
  /** The workflows the caller can see (server/policies/processes.ts), as a template document. */
  'v2.network.workflowTemplate': 'workspace.read',
  /** Marketplace products of the workspace (server/domain/products.ts). */
  'v2.network.product.create': 'workspace.admin',
  'v2.network.product.publishTemplate': 'workspace.admin',
  /** Into the given workspace, through the copy of server/domain/copy-processes.ts. */
  'v2.network.product.install': 'processes.create',
  'v2.network.product.isProductInstalled': 'workspace.read',
  /** Calendars: every member sees and creates them; the rest of v3.calendar.* needs the calendar's creator or workspace.update (server/domain/calendars.ts). */
  'v3.calendar.create': 'workspace.read',
  'v3.calendar.list': 'workspace.read',
}

/** Rules beyond the capability, shown beside the table (scripts/roles-table.ts). */
export const OPERATION_NOTES: Record<string, string> = {
  'company.set_user_data': 'making or unmaking an owner: owners only; never the last owner; never a member holding, nor to give, capabilities the caller lacks',
  'company.remove_user': 'removing an owner: owners only; never the last owner; never a member holding capabilities the caller lacks',
  'company.leave': 'not the last owner',
  'v2.network.role.create': 'grants only capabilities the caller holds',
  'v2.network.role.update': 'only roles granting, and to grant, capabilities the caller holds',
  'v2.network.role.remove': 'only roles granting capabilities the caller holds',
  'v3.user.permissions': 'about another member; anyone may ask about themselves',
  'v2.network.invite.send': 'an inviter invites users and guests only; only an owner invites an owner',
  'company.load_team': 'with isolatedTeams on, only owners and admins see teams they are not in',
  'company.form_get_teams': 'with isolatedTeams on, only owners and admins see teams they are not in',
  'company.set_user_property_value': 'fields filled by users (any field with properties.manage)',
}

/** The capabilities a role (with or without the inviter flag) holds, before any custom role. */
export function roleCapabilities(role: Role, inviter = false): Set<Capability> {
  const roles: Role[] = inviter ? [role, 'inviter'] : [role]
  const held = new Set<Capability>()
  for (const [capability, holders] of Object.entries(CAPABILITIES) as [Capability, readonly Role[]][]) {
    if (roles.some((r) => holders.includes(r))) held.add(capability)
  }
  return held
}

/** The operations of the table a set of capabilities allows, sorted by name. */
export function allowedOperations(capabilities: Set<Capability>): string[] {
  return Object.keys(OPERATION_CAPABILITY)
    .filter((op) => capabilities.has(OPERATION_CAPABILITY[op]))
    .sort()
}

export interface Member {
  cid: string
  uid: string
  role: Role
  inviter: boolean
  feedAdmin: boolean
  title: string | null
  customRole: string | null
  capabilities: Set<Capability>
}

/** A member as signals and v3.user.permissions show it. */
export function describeMember(m: Member) {
  return {
    cid: m.cid,
    uid: m.uid,
    role: m.role,
    inviter: m.inviter,
    feedAdmin: m.feedAdmin,
    title: m.title,
    customRole: m.customRole,
    capabilities: [...m.capabilities].sort(),
  }
}

/** The capabilities a custom role grants (an unknown role grants none; never members.setOwner). */
export async function customRoleCapabilities(db: DbHandle, cid: string, roleId: string): Promise<Capability[]> {
  const custom = await db.selectFrom('custom_roles').select('permissions').where('cid', '=', cid).where('_id', '=', roleId).executeTakeFirst()
  const granted = (custom?.permissions as { capabilities?: unknown } | undefined)?.capabilities
  return Array.isArray(granted) ? ((granted.filter((c) => GRANTABLE_CAPABILITIES.includes(c)) as Capability[])) : []
}

/** A user's membership, or null when they are not a member. */
export async function findMember(db: DbHandle, cid: string, uid: string): Promise<Member | null> {
  const row = await db
    .selectFrom('workspace_members')
    .select(['role', 'inviter', 'feed_admin', 'title', 'custom_role'])
    .where('cid', '=', cid)
    .where('uid', '=', uid)
    .executeTakeFirst()
  if (!row) return null
  const capabilities = roleCapabilities(row.role, row.inviter)
  if (row.custom_role) for (const c of await customRoleCapabilities(db, cid, row.custom_role)) capabilities.add(c)
  return {
    cid,
    uid,
    role: row.role,
    inviter: row.inviter,
    feedAdmin: row.feed_admin,
    title: row.title,
    customRole: row.custom_role,
    capabilities,
  }
}

/** The caller's membership, or 404 when they are not a member. */
export async function loadMember(db: DbHandle, cid: string, uid: string): Promise<Member> {
  const member = await findMember(db, cid, uid)
  if (!member) throw notFound('workspace')
  return member
}

/** 403 unless the member holds the capability (for checks beyond the operation's own). */
export function requireCapability(member: Member, capability: Capability, what: string): void {
  if (!member.capabilities.has(capability)) throw forbidden(`your role in this workspace does not allow ${what}`, { capability })
}

/** Loads the caller's membership and checks the capability the operation needs (404, then 403). */
export async function authorize(db: DbHandle, cid: string, uid: string, operation: string): Promise<Member> {
  const capability = OPERATION_CAPABILITY[operation]
  if (!capability) throw new Error(`${operation} has no entry in OPERATION_CAPABILITY`)
  const member = await loadMember(db, cid, uid)
  requireCapability(member, capability, operation)
  return member
}

/** The workspace an operation acts on: the one given, else the session's current one (404 when none). */
export async function workspaceOf(db: DbHandle, session: Session, given?: string): Promise<string> {
  const cid = given ?? (await currentWorkspaceId(db, session))
  if (!cid) throw notFound('workspace')
  return cid
}

/**
 * The preamble of most workspace operations: the given workspace or else the session's current
 * one, and the caller's membership checked against the operation's capability (404, then 403).
 */
export async function authorizeIn(ctx: SignedInContext, operation: string, given?: string): Promise<{ cid: string; member: Member }> {
  const cid = await workspaceOf(ctx.db, ctx.session, given)
  return { cid, member: await authorize(ctx.db, cid, ctx.session.uid, operation) }
}
