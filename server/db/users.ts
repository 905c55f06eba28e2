/** User accounts. */
import { sql } from 'kysely'
import { seesPerson } from './visibility'
import { newId } from '../ids'
import type { DbHandle } from './schema'

export async function findUserByEmail(db: DbHandle, email: string) {
  return db
    .selectFrom('users')
    .select(['_id', 'password_hash', 'default_cid'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst()
}

export async function insertUser(
  db: DbHandle,
  user: { email: string; firstname: string; lastname: string; passwordHash: string; settings?: Record<string, unknown> },
) {
  const _id = newId()
  await db
    .insertInto('users')
    .values({
      _id,
      email: user.email,
      firstname: user.firstname,
      lastname: user.lastname,
      password_hash: user.passwordHash,
      settings: JSON.stringify(user.settings ?? {}),
      default_cid: null,
      created: Date.now(),
      updated: null,
    })
    .execute()
  return _id
}

export async function setDefaultWorkspace(db: DbHandle, uid: string, cid: string) {
  await db.updateTable('users').set({ default_cid: cid }).where('_id', '=', uid).execute()
}

/**
 * Public profile: what a user shows to people who share a workspace with them. `isBot: true` marks a
 * bot account (v3.user.setBot), `removed: true` a removed one (v3.user.remove); both are left out otherwise.
 */
export async function loadProfile(db: DbHandle, uid: string) {
  const row = await db
    .selectFrom('users')
    .select(['_id', 'email', 'firstname', 'lastname', 'created', 'updated', 'is_bot', 'removed'])
    .where('_id', '=', uid)
    .executeTakeFirst()
  if (!row) return row
  const { is_bot, removed, ...profile } = row
  return { ...profile, ...(is_bot && { isBot: true }), ...(removed !== null && { removed: true }) }
}

/** What a person sees of their own account beyond the profile: their settings and their profile image's file id (or null). */
export async function loadOwnExtras(db: DbHandle, uid: string) {
  const [settings, image] = await Promise.all([
    loadSettings(db, uid),
    db.selectFrom('profile_images').select('file_id').where('uid', '=', uid).executeTakeFirst(),
  ])
  return { settings, profileImage: image?.file_id ?? null }
}

export async function loadSettings(db: DbHandle, uid: string) {
  const row = await db.selectFrom('users').select('settings').where('_id', '=', uid).executeTakeFirstOrThrow()
  return row.settings
}

export async function mergeSettings(db: DbHandle, uid: string, settings: Record<string, unknown>) {
  await db
    .updateTable('users')
    .set({ settings: sql`settings || ${JSON.stringify(settings)}::jsonb`, updated: Date.now() })
    .where('_id', '=', uid)
    .execute()
}

/**
 * True when `viewer` may see `target`'s profile: they share at least one workspace in which the
 * viewer may see the target (isolatedTeams, server/db/visibility.ts). Not symmetric: an admin of
 * an isolated workspace sees a user who does not see them.
 */
/** Whether viewer sees target in a workspace they share (only in `withinCid` when given: an API key's). */
export async function shareWorkspace(db: DbHandle, viewer: string, target: string, withinCid?: string): Promise<boolean> {
  const row = await db
    .selectFrom('workspace_members as x')
    .innerJoin('workspace_members as y', 'y.cid', 'x.cid')
    .select('x.cid')
    .where('x.uid', '=', viewer)
    .where('y.uid', '=', target)
    .where(seesPerson(sql.ref('x.cid'), viewer, target))
    .$if(withinCid !== undefined, (q) => q.where('x.cid', '=', withinCid!))
    .limit(1)
    .executeTakeFirst()
  return !!row
}
