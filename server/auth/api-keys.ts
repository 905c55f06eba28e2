/**
 * API keys: `hlrk_` followed by 32 random characters (192 bits), shown once and stored only as their
 * sha256, like session keys. A key signs its caller in as its owner, inside its own workspace only
 * (Session.apiKey carries that workspace; server/policies/roles.ts refuses every other), from the
 * addresses of its whitelist only, until it expires or is removed. Use is recorded in `last_used`
 * at most once a minute. A socket signed in with a key reads it again when it changes (the
 * `sessionChanged` message): a narrowed whitelist holds for the sockets already open too.
 */
import ipaddr from 'ipaddr.js'
import type { DbHandle } from '../db/schema'
import { hashSecret, newSecret } from '../ids'
import type { Session } from './session'

export const API_KEY_PREFIX = 'hlrk_'
const KEY_LENGTH = API_KEY_PREFIX.length + 32
/** How much of a key the list shows, so its owner can tell keys apart: the prefix and 6 characters (36 bits). */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 6
const LAST_USED_EVERY_MS = 60_000

export const isApiKey = (key: string) => key.startsWith(API_KEY_PREFIX) && key.length === KEY_LENGTH

export function newApiKey(): { key: string; hash: string; shown: string } {
  const key = API_KEY_PREFIX + newSecret()
  return { key, hash: hashSecret(key), shown: key.slice(0, SHOWN_LENGTH) }
}

/** The signed-in principal a key names, or null: unknown, expired, or presented from outside its whitelist. */
export async function resolveApiKey(db: DbHandle, key: string, address: string): Promise<Session | null> {
  const id = hashSecret(key)
  const row = await db
    .selectFrom('api_keys')
    .select(['_id', 'cid', 'uid', 'expires', 'whitelist_ips', 'last_used'])
    .where('key_hash', '=', id)
    .executeTakeFirst()
  const now = Date.now()
  if (!row || row.expires <= now || !addressAllowed(row.whitelist_ips, address)) return null
  if (row.last_used === null || now - row.last_used >= LAST_USED_EVERY_MS) {
    // One statement: concurrent uses within the minute write it once.
    await db
      .updateTable('api_keys')
      .set({ last_used: now })
      .where('key_hash', '=', id)
      .where((w) => w.or([w('last_used', 'is', null), w('last_used', '<=', now - LAST_USED_EVERY_MS)]))
      .execute()
  }
  return { id, uid: row.uid, apiKey: { _id: row._id, cid: row.cid, expires: row.expires } }
}

/** Whether a key behind an open socket still holds: not removed, not expired, and its whitelist allows the socket's address. */
export async function apiKeyAlive(db: DbHandle, session: Session, address: string): Promise<boolean> {
  if (session.apiKey && session.apiKey.expires <= Date.now()) return false
  const row = await db.selectFrom('api_keys').select(['expires', 'whitelist_ips']).where('key_hash', '=', session.id).executeTakeFirst()
  return !!row && row.expires > Date.now() && addressAllowed(row.whitelist_ips, address)
}

/** IPv4 in dotted four-part form, IPv6, or either as a CIDR range. */
function parseEntry(entry: string): ipaddr.IPv4 | ipaddr.IPv6 | [ipaddr.IPv4 | ipaddr.IPv6, number] | null {
  const [address, bits, extra] = entry.split('/')
  if (extra !== undefined) return null
  const v4 = ipaddr.IPv4.isValidFourPartDecimal(address)
  if (!v4 && !ipaddr.IPv6.isValid(address)) return null
  if (bits === undefined) return ipaddr.parse(address)
  if (!/^\d{1,3}$/.test(bits)) return null
  return ipaddr.isValidCIDR(entry) ? ipaddr.parseCIDR(entry) : null
}

/** The position of the first entry that is not an address or range, or -1. */
export function badWhitelistEntry(list: string[]): number {
  return list.findIndex((entry) => parseEntry(entry) === null)
}

/** An empty whitelist allows any address; IPv4-mapped IPv6 peers (::ffff:a.b.c.d) count as IPv4. */
export function addressAllowed(list: string[], address: string): boolean {
  if (list.length === 0) return true
  if (!ipaddr.isValid(address)) return false
  const peer = ipaddr.process(address)
  return list.some((entry) => {
    const parsed = parseEntry(entry)
    if (!parsed) return false
    if (Array.isArray(parsed)) return peer.kind() === parsed[0].kind() && peer.match(parsed)
    const single = parsed.kind() === 'ipv6' ? ipaddr.process(parsed.toString()) : parsed
    return single.kind() === peer.kind() && single.toNormalizedString() === peer.toNormalizedString()
  })
}
