/** Membership checks for operations that need no particular capability. */
import type { Role, DbHandle } from '../db/schema'
import { membership } from '../db/workspaces'
import { notFound } from '../errors'
import { actsIn, type Principal } from './principal'

/** The caller's role; a non-member learns nothing: the workspace is "not found". */
export async function requireMember(db: DbHandle, cid: string, caller: Principal): Promise<Role> {
  const role = actsIn(caller, cid) ? await membership(db, cid, caller.uid) : null
  if (!role) throw notFound('workspace')
  return role
}
