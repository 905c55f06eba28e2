/**
 * v3.activity.count, phaseCount, buildPhaseCountCache and permissions. Counts are read from
 * activity_phase_counts (kept in the transaction of every change by domain/activities/events.ts), so
 * their cost grows with the number of workflows and phases, never with the number of activities.
 * Only workflows the caller may see are counted (server/policies/processes.ts).
 */
import { sql } from 'kysely'
import { currentWorkspaceId } from '../../../auth/sessions'
import { forbidden, notFound } from '../../../errors'
import { ADMINISTERS_EVERY_PROCESS, loadProcessAccess, visibleProcessesOf } from '../../../policies/processes'
import { findMember, loadMember, requireCapability } from '../../../policies/roles'
import type { SignedInContext } from '../../../context'
import { operation } from '../../../rpc/operation'
import type { ProcessRow } from '../../../db/processes'
import { dict, dictFromEntries } from '../../../safe-keys'

/** The workflows counted: the one given (404 unless visible), else every visible one of the current workspace. */
async function visibleProcesses(ctx: SignedInContext, processId?: string): Promise<{ cid: string; processes: ProcessRow[] }> {
  if (processId) {
    const { process } = await loadProcessAccess(ctx.db, ctx.session, processId)
    return { cid: process.cid, processes: [process] }
  }
  const cid = await currentWorkspaceId(ctx.db, ctx.session)
  if (!cid) throw notFound('workspace')
  const member = await loadMember(ctx.db, cid, ctx.session)
  const visible = await visibleProcessesOf(ctx.db, cid, member)
  return { cid, processes: visible.map((v) => v.process) }
}

async function phaseCounts(ctx: SignedInContext, cid: string, processes: ProcessRow[]) {
  if (!processes.length) return []
  return ctx.db
    .selectFrom('activity_phase_counts')
    .select(['process_id', 'phase_id', 'count'])
    .where('cid', '=', cid)
    .where(
      'process_id',
      'in',
      processes.map((p) => p._id),
    )
    .execute()
}

/** [processId?] -> {processId: number of active activities}, for every workflow the caller sees. */
export const count = operation({
  name: 'v3.activity.count',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, processId) {
    const { cid, processes } = await visibleProcesses(ctx, processId)
    const out: Record<string, number> = Object.fromEntries(processes.map((p) => [p._id, 0]))
    for (const r of await phaseCounts(ctx, cid, processes)) out[r.process_id] += Number(r.count)
    return out
  },
})

/** [workflowId?] -> {processId: {phaseId: count}}; every live phase is listed (0 when empty). */
export const phaseCount = operation({
  name: 'v3.activity.phaseCount',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, workflowId) {
    const { cid, processes } = await visibleProcesses(ctx, workflowId)
    const out = dict<Record<string, number>>()
    for (const p of processes) {
      const removed = (p.info.phasesRemoved as string[] | undefined) ?? []
      const order = ((p.info.phasesOrder as string[] | undefined) ?? []).filter((id) => !removed.includes(id))
      out[p._id] = dictFromEntries(order.map((id) => [id, 0]))
    }
    for (const r of await phaseCounts(ctx, cid, processes))
      if (Number(r.count) !== 0 || Object.hasOwn(out[r.process_id], r.phase_id)) out[r.process_id][r.phase_id] = Number(r.count)
    return out
  },
})

/** [] -> `{processes, activities}`: recomputes the current workspace's counts from the activities table. Owners and admins (403). */
export const buildPhaseCountCache = operation({
  name: 'v3.activity.buildPhaseCountCache',
  access: 'signedIn',
  async run(ctx) {
    const cid = await currentWorkspaceId(ctx.db, ctx.session)
    if (!cid) throw notFound('workspace')
    const member = await loadMember(ctx.db, cid, ctx.session)
    if (!ADMINISTERS_EVERY_PROCESS.includes(member.role)) throw forbidden('only owners and admins rebuild the activity counts', { needs: 'admin' })
    await ctx.db.deleteFrom('activity_phase_counts').where('cid', '=', cid).execute()
    await sql`insert into activity_phase_counts (cid, process_id, phase_id, count)
      select cid, process_id, current_phase, count(*) from activities where cid = ${cid} and not removed group by cid, process_id, current_phase`.execute(
      ctx.db,
    )
    const total = await ctx.db
      .selectFrom('activity_phase_counts')
      .select((eb) => [eb.fn.sum<string | null>('count').as('n'), eb.fn.count<string>('process_id').distinct().as('p')])
      .where('cid', '=', cid)
      .executeTakeFirstOrThrow()
    return { processes: Number(total.p), activities: Number(total.n ?? 0) }
  },
})

/**
 * [userId, ws, {details?, items?}?] -> `{[userId]: {cid, uid, role, workflows: {processId: {see, create,
 * editAny, editOwn, editOwnTeam, administer, name?}}}}` for every workflow of ws the user sees (with
 * details: also its name). items.workflowIds limits the map to those ids (null for one the user does
 * not see); calendarIds answer null (calendars are not built). Another user: members.manage (403).
 */
export const permissions = operation({
  name: 'v3.activity.permissions',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, userId, workspaceId, query = {}) {
    const caller = await loadMember(ctx.db, workspaceId, ctx.session)
    if (userId !== ctx.session.uid) requireCapability(caller, 'members.manage', 'checking what another member may do')
    const member = userId === ctx.session.uid ? caller : await findMember(ctx.db, workspaceId, userId)
    if (!member) throw notFound('member')
    const workflows = dict()
    const wanted = query.items?.workflowIds ? new Set(query.items.workflowIds) : null
    for (const { process: p, access: a } of await visibleProcessesOf(ctx.db, workspaceId, { uid: userId, role: member.role })) {
      if (wanted && !wanted.has(p._id)) continue
      const entry: Record<string, unknown> = {
        see: a.see,
        create: a.create,
        editAny: a.editAny,
        editOwn: a.editOwn,
        editOwnTeam: a.editOwnTeam,
        administer: a.administer,
      }
      if (query.details) entry.name = p.name
      workflows[p._id] = entry
    }
    if (wanted) for (const id of wanted) if (!Object.hasOwn(workflows, id)) workflows[id] = null
    const entry: Record<string, unknown> = { cid: workspaceId, uid: userId, role: member.role, workflows }
    if (query.items?.calendarIds) entry.calendars = Object.fromEntries(query.items.calendarIds.map((id) => [id, null]))
    return { [userId]: entry }
  },
})
