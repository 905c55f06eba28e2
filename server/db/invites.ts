/** Invites to a workspace, and the e-mail verifications of users. */
import { sql, type Selectable } from 'kysely'
import type { InvitesTable, DbHandle } from './schema'

export type InviteRow = Selectable<InvitesTable>

export async function findInviteByKey(db: DbHandle, key: string): Promise<InviteRow | undefined> {
  return db.selectFrom('invites').selectAll().where('invite_key', '=', key).executeTakeFirst()
}

export async function findInviteByEmail(db: DbHandle, cid: string, email: string): Promise<InviteRow | undefined> {
  return db
    .selectFrom('invites')
    .selectAll()
    .where('cid', '=', cid)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst()
}

export async function listWorkspaceInvites(db: DbHandle, cid: string): Promise<InviteRow[]> {
  return db.selectFrom('invites').selectAll().where('cid', '=', cid).orderBy('created').orderBy('_id').execute()
}

export async function listInvitesForEmail(db: DbHandle, email: string): Promise<InviteRow[]> {
  return db
    .selectFrom('invites')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .orderBy('created')
    .orderBy('_id')
    .execute()
}

/** Deletes the row only if it is still there: false when a concurrent call used the key first. */
export async function deleteInvite(db: DbHandle, cid: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('invites').where('cid', '=', cid).where('_id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

/** The member of `cid` whose e-mail is `email`, if any. */
export async function memberByEmail(db: DbHandle, cid: string, email: string): Promise<string | null> {
  const row = await db
    .selectFrom('workspace_members as m')
    .innerJoin('users as u', 'u._id', 'm.uid')
    .select('m.uid')
    .where('m.cid', '=', cid)
    .where(sql<string>`lower(u.email)`, '=', email.toLowerCase())
    .executeTakeFirst()
  return row?.uid ?? null
}

/** Ids among `ids` that are not teams of `cid`. */
export async function unknownTeamIds(db: DbHandle, cid: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return []
  const rows = await db.selectFrom('teams').select('_id').where('cid', '=', cid).where('_id', 'in', ids).execute()
  const known = new Set(rows.map((r) => r._id))
  return ids.filter((id) => !known.has(id))
}

export async function customRoleExists(db: DbHandle, cid: string, id: string): Promise<boolean> {
  const row = await db.selectFrom('custom_roles').select('_id').where('cid', '=', cid).where('_id', '=', id).executeTakeFirst()
  return !!row
}

export async function workspaceName(db: DbHandle, cid: string): Promise<string | null> {
  const row = await db.selectFrom('workspaces').select('name').where('_id', '=', cid).executeTakeFirst()
  return row?.name ?? null
}

export async function userBrief(db: DbHandle, uid: string) {
  return db.selectFrom('users').select(['_id', 'firstname', 'lastname']).where('_id', '=', uid).executeTakeFirst()
}

/** `lock`: the user's row stays locked for the rest of the transaction (one verification request at a time). */
export async function userForMail(db: DbHandle, uid: string, options: { lock?: boolean } = {}) {
  const query = db.selectFrom('users').select(['_id', 'email', 'firstname', 'lastname', 'email_verified']).where('_id', '=', uid)
  return (options.lock ? query.forUpdate() : query).executeTakeFirst()
}

export async function markEmailVerified(db: DbHandle, uid: string, at: number) {
  await db.updateTable('users').set({ email_verified: at, updated: at }).where('_id', '=', uid).where('email_verified', 'is', null).execute()
}
