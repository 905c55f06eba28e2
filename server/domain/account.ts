/**
 * Removing an account (v3.user.remove), the GDPR path. In one transaction:
 * - workspaces where the user is the only owner while others are members block it (422 listing
 *   them: hand the workspace over first); the owners' rows are locked, as company.leave does;
 * - the user leaves every workspace (removeMember: teams and property values there go);
 * - sessions and API keys end at once (their sockets are closed);
 * - personal data is erased: name, e-mail, password, single sign-on identity, settings, profile
 *   image (its file too, and once committed the file's bytes and renditions in the file store),
 *   e-mail verifications;
 * - the row stays, renamed "Removed user", so activities, history and files they made stay and
 *   show who made them as a removed user. A workspace where nobody else was a member stays
 *   without members (nobody can reach it).
 */
import type { DbHandle } from '../db/schema'
import { refused } from '../errors'
import { fileStorage } from '../storage'
import type { SignedInContext } from '../context'
import { removeMember } from './members'
import { audit } from './audit'

/** How a removed user is shown wherever their work is. */
export const REMOVED_USER = { firstname: 'Removed', lastname: 'user' }

/** The workspaces where `uid` is the only owner and someone else is a member (owner rows locked). */
async function lastOwnerOf(db: DbHandle, uid: string, cids: string[]) {
  if (!cids.length) return []
  const members = await db.selectFrom('workspace_members').select(['cid', 'uid', 'role']).where('cid', 'in', cids).forUpdate().execute()
  const blocking = cids.filter((cid) => {
    const here = members.filter((m) => m.cid === cid)
    const owners = here.filter((m) => m.role === 'owner')
    return owners.length === 1 && owners[0].uid === uid && here.length > 1
  })
  if (!blocking.length) return []
  return db.selectFrom('workspaces').select(['_id', 'name']).where('_id', 'in', blocking).orderBy('name').execute()
}

export async function removeAccount(ctx: SignedInContext, uid: string) {
  const memberships = await ctx.db.selectFrom('workspace_members').select(['cid', 'role']).where('uid', '=', uid).execute()
  const cids = memberships.map((r) => r.cid)
  const blocking = await lastOwnerOf(ctx.db, uid, cids)
  if (blocking.length) {
    throw refused('you are the last owner of workspaces others belong to: make someone else an owner there first', {
      reason: 'lastOwner',
      workspaces: blocking,
    })
  }
  for (const { cid, role } of memberships) {
    await removeMember(ctx, cid, uid)
    await audit(ctx, { cid, kind: 'user.remove', targetId: uid, before: { role } })
  }

  const sessions = await ctx.db.deleteFrom('sessions').where('uid', '=', uid).returning('key_hash').execute()
  const keys = await ctx.db.deleteFrom('api_keys').where('uid', '=', uid).returning('key_hash').execute()
  for (const { key_hash } of [...sessions, ...keys]) ctx.control({ kind: 'sessionEnded', sessionId: key_hash })

  await ctx.db.deleteFrom('email_verifications').where('uid', '=', uid).execute()
  const profileImage = await ctx.db.deleteFrom('profile_images').where('uid', '=', uid).returning('file_id').executeTakeFirst()
  if (profileImage) {
    // The picture of the person is theirs: the file goes, and its bytes and renditions once this commits.
    await ctx.db.deleteFrom('files').where('_id', '=', profileImage.file_id).execute()
    ctx.later(({ config }) => fileStorage(config).remove(profileImage.file_id))
  }
  await ctx.db
    .updateTable('users')
    .set({
      ...REMOVED_USER,
      // Unique and never deliverable (.invalid is reserved), so the address is free to register again.
      email: `removed-${uid}@removed.invalid`,
      password_hash: '',
      // The identity may register again; nothing signs in to the removed row.
      sso_issuer: null,
      sso_subject: null,
      settings: '{}',
      default_cid: null,
      email_verified: null,
      is_bot: false,
      removed: Date.now(),
      updated: Date.now(),
    })
    .where('_id', '=', uid)
    .execute()
}
