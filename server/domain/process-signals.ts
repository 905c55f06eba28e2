/**
 * Signals about a workflow reach only the people who may see it (server/policies/processes.ts),
 * on their user topics, as one bus message: a member kept out of a restricted workflow learns
 * nothing of it, not even its id.
 */
import type { DbHandle } from '../db/schema'
import { processAccess, processFacts } from '../policies/processes'
import type { Context } from '../rpc/operation'
import type { ProcessRow } from '../db/processes'


/** The members of the workflow's workspace who may see it now. */
export async function processViewers(db: DbHandle, process: ProcessRow): Promise<string[]> {
  const [members, entries, teamRows] = await Promise.all([
    db.selectFrom('workspace_members').select(['uid', 'role']).where('cid', '=', process.cid).execute(),
    db.selectFrom('process_members').select(['member_id', 'permissions']).where('cid', '=', process.cid).where('process_id', '=', process._id).execute(),
    db.selectFrom('team_members').select(['uid', 'team_id']).where('cid', '=', process.cid).execute(),
  ])
  const teams = new Map<string, string[]>()
  for (const row of teamRows) teams.set(row.uid, [...(teams.get(row.uid) ?? []), row.team_id])
  const facts = processFacts(process)
  return members.filter((m) => processAccess(facts, { uid: m.uid, role: m.role, teams: teams.get(m.uid) ?? [] }, entries).see).map((m) => m.uid)
}

/**
 * Publishes `sig` to everyone who may see the workflow as it is now, and to `alsoTo`. For a change
 * that can take the workflow out of someone's sight (members, permissions, guest settings, removal)
 * pass the viewers from before the change, so they hear of it too.
 */
export async function publishToViewers(ctx: Context, cid: string, processId: string, sig: string, meta: unknown, alsoTo: string[] = []) {
  const process = await ctx.db.selectFrom('processes').selectAll().where('cid', '=', cid).where('_id', '=', processId).executeTakeFirst()
  const uids = new Set([...alsoTo, ...(process ? await processViewers(ctx.db, process) : [])])
  if (uids.size) ctx.publish([...uids].map((uid) => `user:${uid}`), sig, meta)
}
