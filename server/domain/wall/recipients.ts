/**
 * Recipients of a wall post, as given: `user_<id>`, `team_<id>`, `network_<id>` (the whole
 * workspace). `group_<id>` is refused (422): the server has no groups; teams are its groups.
 *
 * A recipient must be of the post's workspace and one the author may see (isolatedTeams:
 * server/db/visibility.ts); anything else is a 404 naming it, as if it did not exist. Posting to
 * the whole workspace (also: no recipients at all) needs `feed.admin`.
 *
 * The audience — the people who see the post — is resolved from the recipients when the post is
 * published: the users who are still members, and the members of the teams at that moment.
 */
import { sql } from 'kysely'
import type { DbHandle } from '../../db/schema'
import { RpcError, refused } from '../../errors'
import { requireCapability } from '../../policies/roles'
import type { MemberContext } from '../../context'
import { seesPerson, seesTeam } from '../../db/visibility'

export interface Recipients {
  /** Normalised: without duplicates, `network_<cid>` alone when addressed to the whole workspace. */
  list: string[]
  toAll: boolean
}

const split = (recipient: string) => {
  const at = recipient.indexOf('_')
  return { kind: recipient.slice(0, at), id: recipient.slice(at + 1) }
}

/**
 * Checks the recipients given as argument `argument` of the call (at JSON path `at` in it: edit_post's
 * are `/recipients` of its changes) and returns them normalised.
 * `allowAll`: whether `network_` (and no recipients) may be used at all (edit_post: no).
 */
export async function checkRecipients(ctx: MemberContext, argument: number, given: string[] | undefined, allowAll = true, at = ''): Promise<Recipients> {
  const recipients = [...new Set(given ?? [])]
  const notFound = (recipient: string) =>
    new RpcError(404, `recipient ${recipient} not found`, { argument, path: `${at}/${(given ?? []).indexOf(recipient)}`, recipient })
  const toAll = recipients.length === 0 || recipients.some((r) => r.startsWith('network_'))
  for (const recipient of recipients) {
    const { kind, id } = split(recipient)
    if (kind === 'group') {
      throw refused('group recipients are not supported: address users, teams or the whole workspace (network_<id>)', {
        argument,
        path: `${at}/${(given ?? []).indexOf(recipient)}`,
        recipient,
      })
    }
    if (kind === 'network' && id !== ctx.cid) throw notFound(recipient)
  }
  if (toAll) {
    if (allowAll) requireCapability(ctx.member, 'feed.admin', 'posting to the whole workspace')
    return { list: [`network_${ctx.cid}`], toAll: true }
  }
  const users = recipients.filter((r) => r.startsWith('user_')).map((r) => split(r).id)
  const teams = recipients.filter((r) => r.startsWith('team_')).map((r) => split(r).id)
  const seenUsers = new Set(await visibleMembers(ctx.db, ctx.cid, ctx.session.uid, users))
  const seenTeams = new Set(await visibleTeams(ctx.db, ctx.cid, ctx.session.uid, teams))
  for (const recipient of recipients) {
    const { kind, id } = split(recipient)
    if ((kind === 'user' && !seenUsers.has(id)) || (kind === 'team' && !seenTeams.has(id))) throw notFound(recipient)
  }
  return { list: recipients, toAll: false }
}

/** Of `uids`, the members of `cid` that `viewer` may see. */
export async function visibleMembers(db: DbHandle, cid: string, viewer: string, uids: string[]): Promise<string[]> {
  if (!uids.length) return []
  const rows = await db
    .selectFrom('workspace_members as m')
    .select('m.uid')
    .where('m.cid', '=', cid)
    .where('m.uid', 'in', uids)
    .where(seesPerson(cid, viewer, sql.ref('m.uid')))
    .execute()
  return rows.map((r) => r.uid)
}

/** Of `teamIds`, the teams of `cid` that `viewer` may see. */
export async function visibleTeams(db: DbHandle, cid: string, viewer: string, teamIds: string[]): Promise<string[]> {
  if (!teamIds.length) return []
  const rows = await db
    .selectFrom('teams as t')
    .select('t._id')
    .where('t.cid', '=', cid)
    .where('t._id', 'in', teamIds)
    .where(seesTeam(cid, viewer, sql.ref('t._id')))
    .execute()
  return rows.map((r) => r._id)
}

/** The people a post reaches now: every member, or the users and team members named (never the author). */
export async function resolveAudience(db: DbHandle, cid: string, author: string, recipients: string[], toAll: boolean): Promise<string[]> {
  let query = db.selectFrom('workspace_members as m').select('m.uid').distinct().where('m.cid', '=', cid).where('m.uid', '<>', author)
  if (!toAll) {
    const users = recipients.filter((r) => r.startsWith('user_')).map((r) => split(r).id)
    const teams = recipients.filter((r) => r.startsWith('team_')).map((r) => split(r).id)
    if (!users.length && !teams.length) return []
    query = query.where((eb) =>
      eb.or([
        ...(users.length ? [eb('m.uid', 'in', users)] : []),
        ...(teams.length
          ? [
              eb.exists(
                eb
                  .selectFrom('team_members as tm')
                  .select('tm.uid')
                  .whereRef('tm.cid', '=', 'm.cid')
                  .whereRef('tm.uid', '=', 'm.uid')
                  .where('tm.team_id', 'in', teams),
              ),
            ]
          : []),
      ]),
    )
  }
  return (await query.execute()).map((r) => r.uid)
}

/**
 * The recipients of each post as `viewer` may see them (a post's author sees them all): two
 * statements per workspace of the posts, whatever their number.
 */
export async function recipientsSeenBy(db: DbHandle, viewer: string, posts: { cid: string; uid: string; recipients: string[] }[]): Promise<string[][]> {
  const byWorkspace = new Map<string, { users: Set<string>; teams: Set<string> }>()
  for (const p of posts) {
    if (p.uid === viewer) continue
    const ids = byWorkspace.get(p.cid) ?? { users: new Set<string>(), teams: new Set<string>() }
    for (const r of p.recipients) {
      const { kind, id } = split(r)
      if (kind === 'user') ids.users.add(id)
      if (kind === 'team') ids.teams.add(id)
    }
    byWorkspace.set(p.cid, ids)
  }
  const seen = new Set<string>()
  for (const [cid, ids] of byWorkspace) {
    for (const uid of await visibleMembers(db, cid, viewer, [...ids.users])) seen.add(`${cid}/user_${uid}`)
    for (const teamId of await visibleTeams(db, cid, viewer, [...ids.teams])) seen.add(`${cid}/team_${teamId}`)
  }
  return posts.map((p) => (p.uid === viewer ? p.recipients : p.recipients.filter((r) => r.startsWith('network_') || seen.has(`${p.cid}/${r}`))))
}
