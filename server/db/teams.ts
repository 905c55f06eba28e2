/** Teams of a workspace, their members and their accounts. Every query is bounded by `cid`. */
import { sql, type Selectable } from 'kysely'
import { seesTeam } from './visibility'
import { newId } from '../ids'
import type { AccountsTable, DbHandle, TeamsTable } from './schema'

export type TeamRow = Selectable<TeamsTable>
export type AccountRow = Selectable<AccountsTable>

/** A team as loaded: its row, its members' user ids (in the order they joined the workspace) and its accounts. */
export interface LoadedTeam {
  team: TeamRow
  members: string[]
  accounts: AccountRow[]
}

export async function insertTeam(db: DbHandle, cid: string, uid: string, team: { name: string; description?: string }) {
  const _id = newId()
  await db
    .insertInto('teams')
    .values({ cid, _id, name: team.name, description: team.description ?? null, default_view: null, uid, created: Date.now(), updated: null })
    .execute()
  return _id
}

export async function teamExists(db: DbHandle, cid: string, teamId: string): Promise<boolean> {
  const row = await db.selectFrom('teams').select('_id').where('cid', '=', cid).where('_id', '=', teamId).executeTakeFirst()
  return !!row
}

/**
 * Teams of the workspace, oldest first: all of them, or the ones listed in `only`; with
 * `viewer`, only the teams the viewer may see (server/db/visibility.ts); with `memberOf`, only
 * the teams that user belongs to.
 */
export async function loadTeams(db: DbHandle, cid: string, filter: { only?: string[]; viewer?: string; memberOf?: string } = {}): Promise<LoadedTeam[]> {
  let query = db.selectFrom('teams as t').selectAll('t').where('t.cid', '=', cid)
  if (filter.only) {
    if (!filter.only.length) return []
    query = query.where('t._id', 'in', filter.only)
  }
  if (filter.viewer) query = query.where(seesTeam(sql.ref('t.cid'), filter.viewer, sql.ref('t._id')))
  if (filter.memberOf) {
    const uid = filter.memberOf
    query = query.where(({ exists, selectFrom }) =>
      exists(selectFrom('team_members as tm').select('tm.uid').whereRef('tm.cid', '=', 't.cid').whereRef('tm.team_id', '=', 't._id').where('tm.uid', '=', uid)),
    )
  }
  const teams = await query.orderBy('t.created').orderBy('t._id').execute()
  if (!teams.length) return []
  const ids = teams.map((t) => t._id)
  const [members, accounts] = await Promise.all([
    db
      .selectFrom('team_members as tm')
      .innerJoin('workspace_members as wm', (j) => j.onRef('wm.cid', '=', 'tm.cid').onRef('wm.uid', '=', 'tm.uid'))
      .select(['tm.team_id', 'tm.uid'])
      .where('tm.cid', '=', cid)
      .where('tm.team_id', 'in', ids)
      .orderBy('wm.created')
      .orderBy('tm.uid')
      .execute(),
    db.selectFrom('accounts').selectAll().where('cid', '=', cid).where('team_id', 'in', ids).orderBy('created').orderBy('_id').execute(),
  ])
  return teams.map((team) => ({
    team,
    members: members.filter((m) => m.team_id === team._id).map((m) => m.uid),
    accounts: accounts.filter((a) => a.team_id === team._id),
  }))
}

export async function loadTeam(db: DbHandle, cid: string, teamId: string, viewer?: string): Promise<LoadedTeam | null> {
  const [team] = await loadTeams(db, cid, { only: [teamId], viewer })
  return team ?? null
}

export type TeamChange = { name: string } | { description: string } | { public: boolean } | { default_view: string }

export async function updateTeam(db: DbHandle, cid: string, teamId: string, change: TeamChange) {
  await db
    .updateTable('teams')
    .set({ ...change, updated: Date.now() })
    .where('cid', '=', cid)
    .where('_id', '=', teamId)
    .execute()
}

/** Members and accounts go with the team (foreign keys cascade). */
export async function deleteTeam(db: DbHandle, cid: string, teamId: string): Promise<string[]> {
  const members = await teamMemberIds(db, cid, teamId)
  await db.deleteFrom('teams').where('cid', '=', cid).where('_id', '=', teamId).execute()
  return members
}

export async function teamMemberIds(db: DbHandle, cid: string, teamId: string): Promise<string[]> {
  const rows = await db.selectFrom('team_members').select('uid').where('cid', '=', cid).where('team_id', '=', teamId).execute()
  return rows.map((r) => r.uid)
}

/**
 * Makes `uids` the team's members; returns who joined and who left. The team's row is locked first,
 * so two calls at once end with one list or the other, not a mix of both.
 */
export async function setTeamMembers(db: DbHandle, cid: string, teamId: string, uids: string[]) {
  await db.selectFrom('teams').select('_id').where('cid', '=', cid).where('_id', '=', teamId).forUpdate().execute()
  const before = new Set(await teamMemberIds(db, cid, teamId))
  const after = new Set(uids)
  const added = [...after].filter((u) => !before.has(u))
  const removed = [...before].filter((u) => !after.has(u))
  if (removed.length) {
    await db.deleteFrom('team_members').where('cid', '=', cid).where('team_id', '=', teamId).where('uid', 'in', removed).execute()
  }
  if (added.length) {
    await db
      .insertInto('team_members')
      .values(added.map((uid) => ({ cid, team_id: teamId, uid })))
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
  if (added.length || removed.length) {
    await db.updateTable('teams').set({ updated: Date.now() }).where('cid', '=', cid).where('_id', '=', teamId).execute()
  }
  return { added, removed }
}

/** Of `uids`, the ones that are not members of the workspace. */
export async function nonMembers(db: DbHandle, cid: string, uids: string[]): Promise<string[]> {
  if (!uids.length) return []
  const rows = await db.selectFrom('workspace_members').select('uid').where('cid', '=', cid).where('uid', 'in', uids).execute()
  const members = new Set(rows.map((r) => r.uid))
  return uids.filter((u) => !members.has(u))
}

export async function insertAccount(db: DbHandle, cid: string, teamId: string, name: string): Promise<AccountRow> {
  const row = { cid, _id: newId(), team_id: teamId, name, color: null, created: Date.now(), updated: null }
  await db.insertInto('accounts').values(row).execute()
  return row
}

/** The account, when it belongs to the workspace (and to `teamId` when given). */
export async function findAccount(db: DbHandle, cid: string, accountId: string, teamId?: string): Promise<AccountRow | null> {
  let query = db.selectFrom('accounts').selectAll().where('cid', '=', cid).where('_id', '=', accountId)
  if (teamId) query = query.where('team_id', '=', teamId)
  return (await query.executeTakeFirst()) ?? null
}

export async function updateAccount(db: DbHandle, cid: string, accountId: string, change: { name: string } | { color: string }): Promise<AccountRow> {
  return db
    .updateTable('accounts')
    .set({ ...change, updated: Date.now() })
    .where('cid', '=', cid)
    .where('_id', '=', accountId)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function deleteAccount(db: DbHandle, cid: string, accountId: string) {
  await db.deleteFrom('accounts').where('cid', '=', cid).where('_id', '=', accountId).execute()
}
