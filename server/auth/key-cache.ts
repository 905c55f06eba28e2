/**
 * The keys HTTP requests present, resolved once and kept for a moment per process, so a client
 * making many requests does not look its key up in the database for each.
 *
 * A key is kept KEY_CACHE_MS at most, never past the point where it could have expired (an API
 * key's expiry; for a session, half its idle limit: resolving it has just made its last use recent),
 * and per address (an API key's whitelist is judged for the address it came from). What ends or
 * changes a key (logout, revocation, a password change, a removed account, a narrowed whitelist)
 * queues `sessionEnded` or `sessionChanged`; the hub hands those to `forget`, in the process that
 * made the change before its call answers and in every other process when the NOTIFY sent before
 * that answer reaches it (and again when it reads the event log; should both be lost, KEY_CACHE_MS
 * is the bound). A request is served only once its process has heard every NOTIFY sent before it
 * came (server/http/sign-in.ts), so a key ended anywhere is not used from here after the call that
 * ended it has answered. Unknown keys are not kept.
 */
import type { DbHandle } from '../db/schema'
import { hashSecret } from '../ids'
import { resolveKey, type Session } from './sessions'

export const KEY_CACHE_MS = 5_000
/** Beyond this many kept keys, the oldest are dropped: memory stays bounded whatever clients present. */
const MAX_KEYS = 10_000

interface Kept {
  session: Session
  until: number
}

export class KeyCache {
  /** By key hash (the session id), then by address. */
  private kept = new Map<string, Map<string, Kept>>()
  /** Counts `forget`s: a look-up that a forget overtook is not kept (it may have read the key before it ended). */
  private forgotten = 0

  async resolve(db: DbHandle, key: string, idleSeconds: number, address: string): Promise<Session | null> {
    const id = hashSecret(key)
    const now = Date.now()
    const hit = this.kept.get(id)?.get(address)
    if (hit && hit.until > now) return hit.session
    const forgotten = this.forgotten
    const session = await resolveKey(db, key, idleSeconds, address)
    if (!session || forgotten !== this.forgotten) return session
    const until = Math.min(now + KEY_CACHE_MS, session.apiKey ? session.apiKey.expires : now + (idleSeconds * 1000) / 2)
    this.keep(id, address, { session, until })
    return session
  }

  /** How many keys were forgotten so far: a request that sees this change knows its key may be one (server/http/sign-in.ts). */
  get forgets() {
    return this.forgotten
  }

  /** The key ended or changed: its next use is looked up again. */
  forget(id: string) {
    this.forgotten++
    this.kept.delete(id)
  }

  private keep(id: string, address: string, entry: Kept) {
    if (!this.kept.has(id) && this.kept.size >= MAX_KEYS) this.kept.delete(this.kept.keys().next().value!)
    let byAddress = this.kept.get(id)
    if (!byAddress) this.kept.set(id, (byAddress = new Map()))
    byAddress.set(address, entry)
  }
}
