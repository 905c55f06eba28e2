/**
 * Teams of the caller's current workspace: company.new_team, load_team, remove_team,
 * set_team_data, update_team_users, form_get_teams. Accounts are in accounts.ts.
 *
 * Signals: `company.team.created|updated|removed` `{cid, _id, changed?}` on workspace:<cid>;
 * `company.team.member.added|removed` `{cid, _id, uid}` on user:<uid> of whoever joined or left.
 */
import { clearTeamValues } from '../../db/properties'
import {
  deleteTeam,
  insertTeam,
  loadTeam,
  loadTeams,
  nonMembers,
  setTeamMembers,
  teamExists,
  updateTeam,
  type LoadedTeam,
  type TeamChange,
} from '../../db/teams'
import { audit } from '../../domain/audit'
import type { DbHandle } from '../../db/schema'
import { notFound, RpcError } from '../../errors'
import type { Context } from '../../context'
import { teamRecord } from '../../presenters/team'
import { operation } from '../../rpc/operation'

const DEFAULT_VIEWS = ['activities', 'discussions', 'events', 'feed']

const record = ({ team, members, accounts }: LoadedTeam) => teamRecord(team, members, accounts)

/** `{name, description?}`; the team starts without members. Returns the Team record. */
export const newTeam = operation({
  name: 'company.new_team',
  access: 'member',
  capability: 'teams.manage',
  async run(ctx, team) {
    const { cid } = ctx
    const name = team.name.trim()
    if (!name) throw ctx.invalid(0, '/name', 'must not be blank')
    const _id = await insertTeam(ctx.db, cid, ctx.session.uid, { name, description: team.description })
    await audit(ctx, { cid, kind: 'team.create', targetId: _id, after: { name, description: team.description ?? null } })
    ctx.publish(`workspace:${cid}`, 'company.team.created', { cid, _id })
    const created = await loadTeam(ctx.db, cid, _id)
    return created && record(created)
  },
})

/** The Team record; with isolatedTeams on, a member who is not owner or admin sees only their own teams. */
export const load = operation({
  name: 'company.load_team',
  access: 'member',
  capability: 'teams.read',
  rule: 'with isolatedTeams on, only owners and admins see teams they are not in',
  readOnly: true,
  async run(ctx, teamId) {
    const { cid } = ctx
    const team = await loadTeam(ctx.db, cid, teamId, ctx.session.uid)
    if (!team) throw notFound('team')
    return record(team)
  },
})

/** The team, its memberships and its accounts go; user property values naming it lose it. */
export const remove = operation({
  name: 'company.remove_team',
  access: 'member',
  capability: 'teams.manage',
  async run(ctx, teamId) {
    const { cid } = ctx
    const team = await lockTeam(ctx.db, cid, teamId)
    const members = await deleteTeam(ctx.db, cid, teamId)
    await clearTeamValues(ctx.db, cid, teamId)
    await audit(ctx, { cid, kind: 'team.remove', targetId: teamId, before: { ...team, members } })
    ctx.publish(`workspace:${cid}`, 'company.team.removed', { cid, _id: teamId })
    for (const uid of members) ctx.publish(`user:${uid}`, 'company.team.member.removed', { cid, _id: teamId, uid })
    return true
  },
})

type Section = 'name' | 'description' | 'public' | 'defaultView'

/** `{team_id, section, data}`: `data` must fit the section, else 400 naming the section. */
export const setData = operation({
  name: 'company.set_team_data',
  access: 'member',
  capability: 'teams.manage',
  async run(ctx, data) {
    const { cid } = ctx
    const change = teamChange(ctx, data.section, data.data)
    const team = await lockTeam(ctx.db, cid, data.team_id)
    await updateTeam(ctx.db, cid, data.team_id, change)
    const [column, value] = Object.entries(change)[0] as [keyof typeof team, unknown]
    await audit(ctx, { cid, kind: 'team.update', targetId: data.team_id, before: { [column]: team[column] }, after: { [column]: value } })
    ctx.publish(`workspace:${cid}`, 'company.team.updated', { cid, _id: data.team_id, changed: [data.section] })
    return true
  },
})

function teamChange(ctx: Context, section: Section, data: unknown): TeamChange {
  const invalid = (reason: string) => ctx.invalid(0, '/data', `${reason} for section ${section}`, { section })
  switch (section) {
    case 'name': {
      if (typeof data !== 'string' || !data.trim()) throw invalid('must be a non-empty string')
      if (data.trim().length > 200) throw invalid('must be at most 200 characters')
      return { name: data.trim() }
    }
    case 'description':
      if (typeof data !== 'string') throw invalid('must be a string')
      if (data.length > 20000) throw invalid('must be at most 20000 characters')
      return { description: data }
    case 'public':
      if (typeof data !== 'boolean') throw invalid('must be a boolean')
      return { public: data }
    case 'defaultView':
      if (typeof data !== 'string' || !DEFAULT_VIEWS.includes(data)) throw invalid(`must be one of ${DEFAULT_VIEWS.join(', ')}`)
      return { default_view: data }
  }
}

/**
 * Sets the team's members to exactly `userIds`. Every id must be a member of the workspace: otherwise
 * 404 (details list the ids) and nothing changes.
 */
export const updateUsers = operation({
  name: 'company.update_team_users',
  access: 'member',
  capability: 'teams.manage',
  async run(ctx, teamId, userIds) {
    const { cid } = ctx
    if (!(await teamExists(ctx.db, cid, teamId))) throw notFound('team')
    const uids = [...new Set(userIds)]
    const unknown = await nonMembers(ctx.db, cid, uids)
    if (unknown.length) {
      throw new RpcError(404, 'user not found in this workspace', { argument: 1, name: 'userIds', path: `/${userIds.indexOf(unknown[0])}`, users: unknown })
    }
    const { added, removed } = await setTeamMembers(ctx.db, cid, teamId, uids)
    if (added.length || removed.length) {
      const before = [...uids.filter((u) => !added.includes(u)), ...removed]
      await audit(ctx, { cid, kind: 'team.members', targetId: teamId, before: { members: before }, after: { members: uids } })
      publishMembership(ctx, cid, teamId, added, removed)
    }
    return true
  },
})

/** The team's settings, its row locked for the change (404 when the workspace has no such team). */
async function lockTeam(db: DbHandle, cid: string, teamId: string) {
  const team = await db
    .selectFrom('teams')
    .select(['name', 'description', 'public', 'default_view'])
    .where('cid', '=', cid)
    .where('_id', '=', teamId)
    .forUpdate()
    .executeTakeFirst()
  if (!team) throw notFound('team')
  return team
}

function publishMembership(ctx: Context, cid: string, teamId: string, added: string[], removed: string[]) {
  ctx.publish(`workspace:${cid}`, 'company.team.updated', { cid, _id: teamId, changed: ['members'] })
  for (const uid of added) ctx.publish(`user:${uid}`, 'company.team.member.added', { cid, _id: teamId, uid })
  for (const uid of removed) ctx.publish(`user:${uid}`, 'company.team.member.removed', { cid, _id: teamId, uid })
}

/**
 * The teams of the current workspace with their accounts and member ids, oldest first, as a team
 * picker needs them; the same visibility as load_team. Option `own: true`: only the caller's teams.
 */
export const formGetTeams = operation({
  name: 'company.form_get_teams',
  access: 'member',
  capability: 'teams.read',
  rule: 'with isolatedTeams on, only owners and admins see teams they are not in',
  readOnly: true,
  async run(ctx, options) {
    const { cid } = ctx
    const teams = await loadTeams(ctx.db, cid, { viewer: ctx.session.uid, memberOf: options?.own === true ? ctx.session.uid : undefined })
    return teams.map(record)
  },
})
