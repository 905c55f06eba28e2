/** What the function-field operations act on, found for dispatch (the workspace) and checked for the caller (404). */
import type { Principal } from '../policies/principal'
import { loadActivities } from './activities/access'
import { notFound } from '../errors'
import { loadProcessAccess } from '../policies/processes'
import type { Caller } from '../context'

/** The workspace of an activity, so dispatch checks membership there (unknown: the current one, then 404). */
export const workspaceOfActivity = async ({ db }: Caller, activityId?: string) =>
  activityId ? (await db.selectFrom('activities').select('cid').where('_id', '=', activityId).executeTakeFirst())?.cid : undefined
export const workspaceOfProcess = async ({ db }: Caller, processId?: string) =>
  processId ? (await db.selectFrom('processes').select('cid').where('_id', '=', processId).executeTakeFirst())?.cid : undefined

/** A visible workflow of the workspace the call acts in (404 otherwise). */
export async function visibleProcess(ctx: { db: Caller['db']; cid: string; session: Principal }, processId: string) {
  const { process } = await loadProcessAccess(ctx.db, ctx.session, processId).catch(() => {
    throw notFound('process')
  })
  if (process.cid !== ctx.cid) throw notFound('process')
  return process
}

/** A visible, active activity of the workspace the call acts in (404 otherwise). */
export async function visibleActivity(ctx: { db: Caller['db']; cid: string; session: Principal }, activityId: string) {
  const [v] = await loadActivities(ctx.db, ctx.session, [activityId])
  if (v.activity.cid !== ctx.cid) throw notFound('activity')
  return v
}

/** For operations ruled by visibility alone: a visible, active activity (404 otherwise) and its workspace. */
export async function seenActivity(ctx: { db: Caller['db']; session: Principal }, activityId: string) {
  const [v] = await loadActivities(ctx.db, ctx.session, [activityId])
  return { ...v, cid: v.activity.cid }
}

/** For operations ruled by visibility alone: a visible workflow (404 otherwise). */
export async function seenProcess(ctx: { db: Caller['db']; session: Principal }, processId: string) {
  const { process } = await loadProcessAccess(ctx.db, ctx.session, processId).catch(() => {
    throw notFound('process')
  })
  return process
}
