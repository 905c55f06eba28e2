/** Who may do what to a workspace. A non-member learns nothing: the workspace is "not found". */
import type { Kysely, Transaction } from 'kysely'
import type { Database, Role } from '../db/schema'
import { membership } from '../db/workspaces'
import { forbidden, notFound } from '../errors'

type Q = Kysely<Database> | Transaction<Database>

export async function requireMember(db: Q, cid: string, uid: string): Promise<Role> {
  const role = await membership(db, cid, uid)
  if (!role) throw notFound('workspace')
  return role
}

export const canUpdateWorkspace = (role: Role) => role === 'owner' || role === 'admin'

export async function requireWorkspaceAdmin(db: Q, cid: string, uid: string): Promise<Role> {
  const role = await requireMember(db, cid, uid)
  if (!canUpdateWorkspace(role)) throw forbidden('only the workspace owner or an admin may do this')
  return role
}
