/**
 * Who may follow an activity or hold its ball: members who may see its workflow, as THE rule of
 * server/policies/processes.ts decides (`processViewers`); a follower is a member of the
 * activity's discussion. Adding (updateMany's followerIds), passing the ball and removing a
 * follower all go through here, so "may follow" is one fact.
 */
import type { SignedInContext } from '../../context'
import type { ActivityRow } from '../../db/activities'
import type { ProcessRow } from '../../db/processes'
import { refused } from '../../errors'
import { processViewers } from '../../policies/processes'
import { tellViewers } from '../process-signals'
import { followersOf } from './ball'

/** The people of `uids` who may see the workflow. */
export async function seeing(ctx: SignedInContext, process: ProcessRow, uids: string[]): Promise<Set<string>> {
  if (!uids.length) return new Set()
  const viewers = new Set(await processViewers(ctx.db, process))
  return new Set(uids.filter((u) => viewers.has(u)))
}

/** A person's name as others read it (the id when the account has none). */
async function nameOf(ctx: SignedInContext, uid: string): Promise<string> {
  const u = await ctx.db.selectFrom('users').select(['firstname', 'lastname', 'email']).where('_id', '=', uid).executeTakeFirst()
  return (u && (`${u.firstname} ${u.lastname}`.trim() || u.email)) || uid
}

/**
 * 422 naming the first of `uids` who may not see the workflow (`details: {reason: 'cannot see',
 * userId, person}` (person: their name) plus `where`, the argument it came from). Members of the workspace only: who is
 * not one is refused before, as an unknown member.
 */
export async function requireSeeing(ctx: SignedInContext, process: ProcessRow, uids: string[], where: object): Promise<void> {
  const ok = await seeing(ctx, process, uids)
  const blind = uids.find((u) => !ok.has(u))
  if (blind === undefined) return
  const name = await nameOf(ctx, blind)
  throw refused(`${name} may not see this activity's workflow, so cannot follow it or hold its ball`, {
    ...where,
    reason: 'cannot see',
    userId: blind,
    person: name,
  })
}

/**
 * Takes `uid` out of the activity's followers. Who holds the ball stays a follower (the ball goes
 * only to followers): 422 `holds the ball`. Not a follower: nothing changes, no signal. Returns the
 * followers after it.
 */
export async function removeFollower(ctx: SignedInContext, activity: ActivityRow, process: ProcessRow, uid: string): Promise<string[]> {
  const before = await followersOf(ctx.db, activity.cid, activity.discussion_id)
  if (!before.includes(uid)) return before
  const holder = activity.ball_holder as { uid?: string } | string | null
  const holderUid = typeof holder === 'string' ? (JSON.parse(holder) as { uid?: string }).uid : holder?.uid
  if (holderUid === uid)
    throw refused('the ball holder stays a follower: pass or clear the ball first', { argument: 1, name: 'userId', reason: 'holds the ball' })
  await ctx.db
    .deleteFrom('discussion_members')
    .where('cid', '=', activity.cid)
    .where('discussion_id', '=', activity.discussion_id)
    .where('uid', '=', uid)
    .execute()
  await tellFollowers(ctx, process, activity._id, { added: [], removed: [uid] })
  return before.filter((f) => f !== uid)
}

/** The `v3.activity.followers` signal to the workflow's viewers. */
export async function tellFollowers(ctx: SignedInContext, process: ProcessRow, activityId: string, change: { added: string[]; removed: string[] }) {
  if (!change.added.length && !change.removed.length) return
  await tellViewers(ctx, process, { sig: 'v3.activity.followers', meta: { _id: activityId, processId: process._id, ...change } })
}
