/**
 * Who may do what in a workspace: one table. Each workspace operation declares the capability it
 * needs (`access: 'member', capability` in server/ops/); each capability names the roles that hold it. A member's custom role (company.set_user_data
 * section customRole) adds the capabilities its definition grants. docs/reference/roles.md reproduces this
 * table (`npm run readme`) and spec/policies/roles.spec.ts walks it for every operation.
 *
 * A member has one role in the `role` column (owner, admin, user or guest) and the `inviter` flag
 * beside it; an inviter holds the capabilities of the `inviter` row as well as its role's.
 *
 * A caller who is not a member of the workspace learns nothing about it: 404, never 403.
 */
import { currentWorkspaceId } from '../auth/sessions'
import type { Role, DbHandle } from '../db/schema'
import { forbidden, notFound } from '../errors'
import type { Session } from '../auth/sessions'
import { actsIn, type Principal } from './principal'
import { runReusable } from '../db/reusable'
import { membershipQuery, type MembershipRow } from '../db/workspaces'

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
  /**
   * Post to the whole workspace, pin posts, remove anyone's post on the wall (posts they can see).
   * Members with the feedAdmin flag hold it too (findMember adds it).
   */
  'feed.admin': ['owner', 'admin'],
  /** Read the workspace's audit trail (v3.audit.list, GET /audit.csv). */
  'audit.read': ['owner', 'admin'],
  /** Create, change and remove the workspace's webhooks, see their deliveries and secrets (docs/guides/webhooks.md). */
  'webhooks.manage': ['owner', 'admin'],
  /** Create, change and remove the workspace's automations and read their run logs (docs/guides/automations.md). */
  'automations.manage': ['owner', 'admin'],
} as const satisfies Record<string, readonly Role[]>

export type Capability = keyof typeof CAPABILITIES

/**
 * What a custom role may grant: every capability but making owners, which stays with owners.
 * schemas/ops/v2.network.role.create.json and .update.json list the same names (checked by
 * spec/policies/roles.spec.ts).
 */
export const GRANTABLE_CAPABILITIES: Capability[] = (Object.keys(CAPABILITIES) as Capability[]).filter((c) => c !== 'members.setOwner')

/** The capabilities a role (with or without the inviter flag) holds, before any custom role. */
export function roleCapabilities(role: Role, inviter = false): Set<Capability> {
  const roles: Role[] = inviter ? [role, 'inviter'] : [role]
  const held = new Set<Capability>()
  for (const [capability, holders] of Object.entries(CAPABILITIES) as [Capability, readonly Role[]][]) {
    if (roles.some((r) => holders.includes(r))) held.add(capability)
  }
  return held
}

/** The operations of a role table (server/rpc/registry.ts) a set of capabilities allows, sorted by name. */
export function allowedOperations(table: RoleTable, capabilities: Set<Capability>): string[] {
  return [...table]
    .filter(([, capability]) => capabilities.has(capability))
    .map(([op]) => op)
    .sort()
}

/** Each operation declared with access 'member', and the capability it declares. */
export type RoleTable = ReadonlyMap<string, Capability>

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

/** What a custom role's stored permissions grant: the grantable capabilities they name. */
function grantedBy(permissions: unknown): Capability[] {
  const granted = (permissions as { capabilities?: unknown } | null | undefined)?.capabilities
  return Array.isArray(granted) ? (granted.filter((c) => GRANTABLE_CAPABILITIES.includes(c)) as Capability[]) : []
}

/** The capabilities a custom role grants (an unknown role grants none; never members.setOwner). */
export async function customRoleCapabilities(db: DbHandle, cid: string, roleId: string): Promise<Capability[]> {
  const custom = await db.selectFrom('custom_roles').select('permissions').where('cid', '=', cid).where('_id', '=', roleId).executeTakeFirst()
  return grantedBy(custom?.permissions)
}

/** The member a membership row describes: its role's capabilities, its custom role's and feed.admin for the feedAdmin flag. */
function memberOf(cid: string, uid: string, row: MembershipRow): Member {
  const capabilities = roleCapabilities(row.role, row.inviter)
  if (row.custom_role) for (const c of grantedBy(row.custom_permissions)) capabilities.add(c)
  if (row.feed_admin) capabilities.add('feed.admin')
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

/** A user's membership row with what their custom role stores (one statement), or null. */
async function memberRow(db: DbHandle, cid: string, uid: string): Promise<MembershipRow | null> {
  const [row] = await runReusable(db, 'membership', { cid, uid }, (slots) => membershipQuery(db, slots.cid, slots.uid))
  return row ?? null
}

/** A user's membership, or null when they are not a member. */
export async function findMember(db: DbHandle, cid: string, uid: string): Promise<Member | null> {
  const row = await memberRow(db, cid, uid)
  return row && memberOf(cid, uid, row)
}

/** The caller's membership row, or null (without a statement) when the caller may not act in the workspace. */
export async function callerMemberRow(db: DbHandle, cid: string, caller: Principal): Promise<MembershipRow | null> {
  return actsIn(caller, cid) ? memberRow(db, cid, caller.uid) : null
}

/**
 * The caller's membership from its row (membershipQuery), or 404 when there is none or the caller
 * may not act in the workspace. A read that selects the row beside its data checks its caller here
 * without a statement of its own (an operation declared `admitsInRun`: rpc/authorize.ts).
 */
export function callerMember(caller: Principal, cid: string, row: MembershipRow | null): Member {
  if (!row || !actsIn(caller, cid)) throw notFound('workspace')
  return memberOf(cid, caller.uid, row)
}

/** The caller's membership, or 404 when they are not a member. */
export async function loadMember(db: DbHandle, cid: string, caller: Principal): Promise<Member> {
  return callerMember(caller, cid, await callerMemberRow(db, cid, caller))
}

/** 403 unless the member holds the capability (for checks beyond the operation's own). */
export function requireCapability(member: Member, capability: Capability, what: string): void {
  if (!member.capabilities.has(capability)) throw forbidden(`your role in this workspace does not allow ${what}`, { capability })
}

/** The workspace an operation acts on: the one given, else the session's current one (404 when none). */
export async function workspaceOf(db: DbHandle, session: Session, given?: string): Promise<string> {
  const cid = given ?? (await currentWorkspaceId(db, session))
  if (!cid) throw notFound('workspace')
  return cid
}
