/**
 * Idempotent retries. A call may carry an idempotency key (`idempotencyKey` in a socket frame, the
 * `Idempotency-Key` header over HTTP). The first call with a key runs and its result is stored in
 * the same transaction; a retry with the same key and the same operation and arguments within
 * 24 hours returns that result without running again; the same key with anything else is a 409.
 *
 * Keys are scoped to the signed-in user and live in the database, so a retry may reach another
 * server process. A call that fails stores nothing (its transaction rolls back), so it may be
 * retried with the same key. Two calls racing with one key: the second waits on the first's row
 * and then returns its result. A reply made after the commit (a LateReply: records read after the
 * call's function values were evaluated) is stored when it is made; until then the key's result is
 * SQL NULL, and a retry waits for it outside any transaction (awaitStoredResult).
 *
 * The result is stored as the JSON text of the reply, and the first call as well as every retry
 * answer the value parsed back from that text, so their replies are the same bytes: JSON.stringify
 * gives back exactly the text a value was parsed from when that text came from JSON.stringify (key
 * order, numbers and escapes included).
 */
import { createHash } from 'node:crypto'
import type { Transaction } from 'kysely'
import type { Database, DbHandle } from '../db/schema'
import { LateReply } from '../context'
import { badRequest, conflict } from '../errors'

export const IDEMPOTENCY_HOURS = 24
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/

export interface IdempotentCall {
  uid: string
  key: string
  op: string
  args: unknown[]
}

/** The key of a frame or header: undefined when absent, a 400 when malformed. */
export function checkIdempotencyKey(key: unknown, signedIn: boolean): string | undefined {
  if (key === undefined || key === null) return undefined
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
    throw badRequest('an idempotency key is 1 to 255 visible ASCII characters', { path: '/idempotencyKey' })
  }
  if (!signedIn) throw badRequest('an idempotency key needs a signed-in caller (keys are kept per user)', { path: '/idempotencyKey' })
  return key
}

/** Runs `run` once per key: later calls with the key get the stored result. */
export async function once(trx: Transaction<Database>, call: IdempotentCall, run: () => Promise<unknown>): Promise<unknown> {
  const now = Date.now()
  const argsHash = hashArguments(call.args)
  await trx
    .deleteFrom('idempotency_keys')
    .where('uid', '=', call.uid)
    .where('key', '=', call.key)
    .where('created', '<', now - IDEMPOTENCY_HOURS * 3600_000)
    .execute()
  const claimed = await trx
    .insertInto('idempotency_keys')
    .values({ uid: call.uid, key: call.key, op: call.op, args_hash: argsHash, result: null, created: now })
    .onConflict((oc) => oc.columns(['uid', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst()
  if (!claimed) {
    const first = await trx
      .selectFrom('idempotency_keys')
      .select(['op', 'args_hash', 'result'])
      .where('uid', '=', call.uid)
      .where('key', '=', call.key)
      .executeTakeFirstOrThrow()
    if (first.op !== call.op || first.args_hash !== argsHash) {
      throw conflict('this idempotency key was used for another call', { path: '/idempotencyKey', op: first.op })
    }
    return first.result === null ? PENDING : JSON.parse(first.result)
  }
  const result = (await run()) ?? null
  // A late reply is stored once it is made (storeResult, after commit); the row says "pending" until then.
  return result instanceof LateReply ? result : storeResult(trx, call, result)
}

/** What `once` answers for a retry whose first call committed but has not stored its late reply yet. */
export const PENDING = Symbol('the first call has not stored its reply yet')

/** How long a retry waits for the first call's late reply before it is told to try again. */
const PENDING_WAIT_MS = 60_000

/**
 * The reply a retry answers once the first call stored it; called outside any transaction, so the
 * first call's work after commit (which needs the database, and PGlite's only connection) goes on.
 */
export async function awaitStoredResult(db: DbHandle, call: Pick<IdempotentCall, 'uid' | 'key'>): Promise<unknown> {
  for (let waited = 0; waited < PENDING_WAIT_MS; waited += 25) {
    const row = await db.selectFrom('idempotency_keys').select('result').where('uid', '=', call.uid).where('key', '=', call.key).executeTakeFirst()
    if (row?.result != null) return JSON.parse(row.result)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw conflict('the first call with this idempotency key is still running: retry with the key later', { path: '/idempotencyKey' })
}

/** Stores what a retry with this key answers; returns the value parsed back from it (so every answer is the same bytes). */
export async function storeResult(db: DbHandle, call: Pick<IdempotentCall, 'uid' | 'key'>, result: unknown): Promise<unknown> {
  const stored = JSON.stringify(result ?? null)
  await db.updateTable('idempotency_keys').set({ result: stored }).where('uid', '=', call.uid).where('key', '=', call.key).execute()
  return JSON.parse(stored)
}

/** sha256 of the arguments as canonical JSON (object keys sorted), so key order does not matter. */
function hashArguments(args: unknown[]): string {
  return createHash('sha256').update(canonical(args)).digest('hex')
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonical(v))).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}
