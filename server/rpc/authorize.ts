/** The check dispatch makes before an operation declared with access 'member' runs. */
import type { Session } from '../auth/sessions'
import type { DbHandle } from '../db/schema'
import { loadMember, type Member, requireCapability, workspaceOf } from '../policies/roles'
import type { Operation } from './operation'

/**
 * What dispatch checks before an operation declared with access 'member' runs: the workspace it acts
 * in (picked from its arguments, else the session's current one) and the caller's membership there
 * holding the declared capability (404, then 403).
 */
export async function authorizeMember(db: DbHandle, session: Session, op: Operation, args: unknown[]): Promise<{ cid: string; member: Member }> {
  const cid = await workspaceOf(db, session, await op.workspace?.({ db, session }, ...args))
  const member = await loadMember(db, cid, session)
  requireCapability(member, op.capability!, op.name)
  return { cid, member }
}
