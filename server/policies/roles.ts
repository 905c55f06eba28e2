/**
 * Who may do what in a workspace: one table. Each workspace operation names the capability it
 * needs; each capability names the roles that hold it. A member's custom role (company.set_user_data
 * section customRole) adds the capabilities its definition grants. The README reproduces this table
 * (`npm run roles -- --markdown`) and spec/policies/roles.spec.ts walks it for every operation.
 *
 * A caller who is not a member of the workspace learns nothing about it: 404, never 403.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database, Role } from '../db/schema'
import { forbidden, notFound } from '../errors'

type Q = Kysely<Database> | Transaction<Database>

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
  /** Change members' roles, flags and titles; remove members (never the last owner). */
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
} as const satisfies Record<string, readonly Role[]>

export type Capability = keyof typeof CAPABILITIES

/** The capability each workspace operation needs. Filled in as operations are built. */
export const OPERATION_CAPABILITY: Record<string, Capability> = {
  'v2.network.get': 'workspace.read',
  'v2.network.update': 'workspace.update',
}

export interface Member {
  cid: string
  uid: string
  role: Role
  inviter: boolean
  customRole: string | null
  capabilities: Set<Capability>
}

/** The caller's membership, or 404 when they are not a member. */
export async function loadMember(db: Q, cid: string, uid: string): Promise<Member> {
  const row = await db
    .selectFrom('workspace_members')
    .select(['role', 'inviter', 'custom_role'])
    .where('cid', '=', cid)
    .where('uid', '=', uid)
    .executeTakeFirst()
  if (!row) throw notFound('workspace')
  const capabilities = new Set<Capability>()
  const roles: Role[] = row.inviter ? [row.role, 'inviter'] : [row.role]
  for (const [capability, holders] of Object.entries(CAPABILITIES) as [Capability, readonly Role[]][]) {
    if (roles.some((r) => holders.includes(r))) capabilities.add(capability)
  }
  if (row.custom_role) {
    const custom = await db
      .selectFrom('custom_roles')
      .select('permissions')
      .where('cid', '=', cid)
      .where('_id', '=', row.custom_role)
      .executeTakeFirst()
    const granted = (custom?.permissions as { capabilities?: string[] } | undefined)?.capabilities ?? []
    for (const c of granted) if (c in CAPABILITIES) capabilities.add(c as Capability)
  }
  return { cid, uid, role: row.role, inviter: row.inviter, customRole: row.custom_role, capabilities }
}

/** Loads the caller's membership and checks the capability the operation needs (404, then 403). */
export async function authorize(db: Q, cid: string, uid: string, operation: string): Promise<Member> {
  const capability = OPERATION_CAPABILITY[operation]
  if (!capability) throw new Error(`${operation} has no entry in OPERATION_CAPABILITY`)
  const member = await loadMember(db, cid, uid)
  if (!member.capabilities.has(capability)) {
    throw forbidden(`your role in this workspace does not allow ${operation}`, { capability })
  }
  return member
}
