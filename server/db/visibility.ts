/**
 * Who sees whom, and which teams, inside a workspace. The one place of the isolatedTeams rule:
 *
 *   When the workspace setting `isolatedTeams` is true, a member whose role is not owner or admin
 *   sees only themselves and the people who share at least one team with them, and only the
 *   teams they belong to. Owners and admins, and everyone in a workspace without the setting,
 *   see every member and every team.
 *
 * The rule is written as SQL conditions so that lists (v2.network.get's members, form_get_teams)
 * and point checks (v2.user.profile, load_team) filter in the query and can never disagree.
 * `cid`, `viewer`, `target` and `teamId` are values (sent as parameters) or column references
 * (`sql.ref('m.uid')`).
 */
import { sql, type RawBuilder } from 'kysely'

type Term = string | RawBuilder<any>

/** The roles that see through isolation. */
export const SEES_EVERYONE: readonly string[] = ['owner', 'admin']

/** True when the workspace `cid` has isolatedTeams switched on. */
export const isolationOn = (cid: Term) =>
  sql<boolean>`coalesce((select (iw.settings -> 'isolatedTeams') = 'true'::jsonb from workspaces iw where iw._id = ${cid}), false)`

/** True when `viewer` is an owner or admin of `cid`. */
const seesEveryone = (cid: Term, viewer: Term) =>
  sql<boolean>`exists (select 1 from workspace_members sv where sv.cid = ${cid} and sv.uid = ${viewer} and sv.role in (${sql.join(SEES_EVERYONE)}))`

/**
 * True when `viewer` may see `target` as a member of workspace `cid`. It does not check that either
 * is a member: callers join workspace_members for both.
 */
export const seesPerson = (cid: Term, viewer: Term, target: Term) => sql<boolean>`(
  ${target}::text = ${viewer}::text
  or not ${isolationOn(cid)}
  or ${seesEveryone(cid, viewer)}
  or exists (
    select 1 from team_members va join team_members vb on vb.cid = va.cid and vb.team_id = va.team_id
    where va.cid = ${cid} and va.uid = ${viewer} and vb.uid = ${target}
  )
)`

/** True when `viewer`, a member of `cid`, may see the team `teamId` of `cid`. */
export const seesTeam = (cid: Term, viewer: Term, teamId: Term) => sql<boolean>`(
  not ${isolationOn(cid)}
  or ${seesEveryone(cid, viewer)}
  or exists (select 1 from team_members vt where vt.cid = ${cid} and vt.team_id = ${teamId} and vt.uid = ${viewer})
)`
