/** The check dispatch makes before (or, for `admitsInRun`, while) an operation declared with access 'member' runs. */
import type { Session } from '../auth/sessions'
import type { MemberContext } from '../context'
import type { DbHandle } from '../db/schema'
import { callerMember, callerMemberRow, requireCapability, workspaceOf } from '../policies/roles'
import type { Operation } from './operation'

/**
 * Runs an operation declared with access 'member' in `ctx`: picks the workspace it acts in (from its
 * arguments, else the session's current one) and checks the caller's membership there holding the
 * declared capability (404, then 403), before the run or, for `admitsInRun`, through `ctx.admit`.
 */
export async function runAsMember(db: DbHandle, session: Session, op: Operation, ctx: object, args: unknown[]): Promise<unknown> {
  const cid = await workspaceOf(db, session, await op.workspace?.({ db, session }, ...args))
  const member: MemberContext = Object.assign(ctx as MemberContext, {
    cid,
    admit(row: Parameters<MemberContext['admit']>[0]) {
      const admitted = callerMember(session, cid, row)
      requireCapability(admitted, op.capability!, op.name)
      return (member.member = admitted)
    },
  })
  if (!op.admitsInRun) member.admit(await callerMemberRow(db, cid, session))
  const value = await op.run(member, ...args)
  if (!member.member) throw new Error(`${op.name} answered without admitting its caller`)
  return value
}
