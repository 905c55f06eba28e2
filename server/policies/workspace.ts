/** Membership checks for operations that need no particular capability. */
import type { Role, DbHandle } from '../db/schema'
import { membership } from '../db/workspaces'
import { notFound } from '../errors'


/** The caller's role; a non-member learns nothing: the workspace is "not found". */
export async function requireMember(db: DbHandle, cid: string, uid: string): Promise<Role> {
  const role = await membership(db, cid, uid)
  if (!role) throw notFound('workspace')
  return role
}
