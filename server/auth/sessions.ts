/**
 * Session keys: 192 random bits given to the client once, stored only as their sha256.
 * A session expires after SESSION_IDLE_SECONDS without use; use is recorded at most once a minute
 * (more often when the idle limit is short, so a session in use never expires).
 */
import { hashSecret, newSecret } from '../ids'
import type { DbHandle } from '../db/schema'
import { memberWorkspaceIds } from '../db/workspaces'
import { apiKeyAlive, isApiKey, resolveApiKey } from './api-keys'
import type { Session } from './session'

export type { Session }

export async function createSession(db: DbHandle, uid: string, cid: string | null): Promise<{ key: string; session: Session }> {
  const key = newSecret()
  const now = Date.now()
  const id = hashSecret(key)
  await db.insertInto('sessions').values({ key_hash: id, uid, cid, created: now, last_used: now }).execute()
  return { key, session: { id, uid } }
}

/** The live session a key names, or null when the key is unknown or idle too long. */
export async function resolveSessionKey(db: DbHandle, key: string, idleSeconds: number): Promise<Session | null> {
  if (typeof key !== 'string' || key.length < 16 || key.length > 128) return null
  const id = hashSecret(key)
  return resolveSessionId(db, id, idleSeconds)
}

/**
 * What a presented key (hlrkey header or cookie, `auth [key]`) signs in: a session, or an API key
 * presented from an allowed address. null when it is unknown, expired, revoked or out of place: the
 * caller is told the same in every case.
 */
export async function resolveKey(db: DbHandle, key: string, idleSeconds: number, address: string): Promise<Session | null> {
  if (typeof key === 'string' && isApiKey(key)) return resolveApiKey(db, key, address)
  return resolveSessionKey(db, key, idleSeconds)
}

/** The workspaces whose signals a signed-in socket hears: the user's, or an API key's own one. */
export async function signalWorkspaces(db: DbHandle, session: Session): Promise<string[]> {
  const ids = await memberWorkspaceIds(db, session.uid)
  return session.apiKey ? ids.filter((cid) => cid === session.apiKey!.cid) : ids
}

/** Whether a signed-in socket's session or API key still holds for its address (it may have ended or changed elsewhere). */
export async function stillValid(db: DbHandle, session: Session, idleSeconds: number, address: string): Promise<boolean> {
  if (session.apiKey) return apiKeyAlive(db, session, address)
  return (await resolveSessionId(db, session.id, idleSeconds)) !== null
}

export async function resolveSessionId(db: DbHandle, id: string, idleSeconds: number): Promise<Session | null> {
  const row = await db.selectFrom('sessions').select(['uid', 'last_used']).where('key_hash', '=', id).executeTakeFirst()
  if (!row) return null
  const now = Date.now()
  const idleMs = idleSeconds * 1000
  if (now - row.last_used > idleMs) {
    await db.deleteFrom('sessions').where('key_hash', '=', id).execute()
    return null
  }
  if (now - row.last_used > Math.min(60_000, idleMs / 4)) {
    await db.updateTable('sessions').set({ last_used: now }).where('key_hash', '=', id).execute()
  }
  return { id, uid: row.uid }
}

/** Ends a session; `control` (the call's, server/context.ts) queues the message that closes its sockets after commit. */
export async function endSession(ctx: { db: DbHandle; control(message: { kind: 'sessionEnded'; sessionId: string }): void }, sessionId: string) {
  await ctx.db.deleteFrom('sessions').where('key_hash', '=', sessionId).execute()
  ctx.control({ kind: 'sessionEnded', sessionId })
}

/** The session's current workspace (the user's default at login; switched by v3.session.switchWorkspace). */
export async function currentWorkspaceId(db: DbHandle, session: Session): Promise<string | null> {
  if (session.apiKey) return session.apiKey.cid
  const row = await db.selectFrom('sessions').select('cid').where('key_hash', '=', session.id).executeTakeFirst()
  return row?.cid ?? null
}
