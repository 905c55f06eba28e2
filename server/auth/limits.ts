/**
 * Limits that must hold across several server processes, so they are kept in the database:
 * rate-limiter-flexible's RateLimiterPostgres over the `rate_limits` table (migration 031). Its
 * statements run through our kysely instance (a small pg-client adapter), so the same store works
 * on a PostgreSQL server and on the embedded PGlite, and never inside a call's transaction (a call
 * that fails still counts).
 *
 * - Guessing (login, invite keys, public-form keys): failures count per client address (and per
 *   account for login) for a day; past the free ones, each further failure makes the next try wait
 *   twice as long as the one before (1 s, 2 s, 4 s … at most 15 minutes). A correct password during
 *   the wait is refused too; a successful login clears its account's count. An IPv6 address counts
 *   as its /64 (client-address.ts).
 * - Known addresses: an address the account signed in from with its password within
 *   LOGIN_KNOWN_ADDRESS_DAYS is known to it. From a known address, wrong passwords count for that
 *   account and address alone (LOGIN_FREE_FAILURES_PER_ACCOUNT of them are free), not against the
 *   account as a whole, and the account's wait does not apply there: someone guessing from elsewhere
 *   cannot lock the owner out of the places they use, and is still slowed down everywhere else.
 * - Registration: REGISTRATIONS_PER_ADDRESS_PER_HOUR per client address; beyond, register needs
 *   proof of work (server/auth/proof-of-work.ts).
 */
import { createHash } from 'node:crypto'
import { CompiledQuery, type Kysely } from 'kysely'
import { RateLimiterPostgres } from 'rate-limiter-flexible'
import type { Config } from '../config'
import type { Database } from '../db/schema'
import { RpcError } from '../errors'
import { addressKey } from './client-address'

const DAY_SECONDS = 24 * 3600
const MAX_DELAY_SECONDS = 15 * 60

/** The pg-client face RateLimiterPostgres needs ({text, values} → {rows, rowCount}). */
function storeClient(db: Kysely<Database>) {
  return {
    async query({ text, values }: { text: string; values?: unknown[] }) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []))
      return { rows: result.rows, rowCount: result.rows.length || Number(result.numAffectedRows ?? 0) }
    },
  }
}

function limiter(db: Kysely<Database>, keyPrefix: string, points: number, duration: number) {
  return new RateLimiterPostgres({
    storeClient: storeClient(db),
    storeType: 'client',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix,
    points,
    duration,
  })
}

/** 429 with the seconds to wait: details.retryAfter on the socket, Retry-After and RateLimit headers on HTTP. */
export function tooMany(msg: string, retryAfter: number, limit: number, window: number, extra: object = {}) {
  return new RpcError(429, msg, { retryAfter, limit, window, ...extra })
}

/**
 * The stored key of a counter: a sha256 of what it counts (an e-mail address, a client address),
 * so a caller's text of any length or content fits the table's 255-character key.
 */
const storedKey = (key: string) => createHash('sha256').update(key).digest('base64url')

/** Failures of one kind per key; past `free` of them, each try waits, doubling. */
class GrowingDelay {
  private failures: RateLimiterPostgres
  private waits: RateLimiterPostgres

  constructor(
    db: Kysely<Database>,
    name: string,
    private free: number,
  ) {
    this.failures = limiter(db, `${name}:failures`, 1_000_000_000, DAY_SECONDS)
    this.waits = limiter(db, `${name}:wait`, 1, MAX_DELAY_SECONDS)
  }

  /** Seconds still to wait before the next try (0: go ahead). */
  async wait(key: string): Promise<number> {
    const res = await this.waits.get(storedKey(key))
    return res && res.consumedPoints > 1 ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0
  }

  async fail(key: string): Promise<void> {
    const { consumedPoints } = await this.failures.penalty(storedKey(key), 1)
    if (consumedPoints > this.free) await this.waits.block(storedKey(key), Math.min(2 ** (consumedPoints - this.free - 1), MAX_DELAY_SECONDS))
  }

  async reset(key: string): Promise<void> {
    await Promise.all([this.failures.delete(storedKey(key)), this.waits.delete(storedKey(key))])
  }

  describe() {
    return { limit: this.free, window: DAY_SECONDS }
  }
}

export type GuessingKind = 'login' | 'key'

/** What an operation declares to have its failures counted (see `guessing` in server/rpc/operation.ts). */
export interface Guessing {
  kind: GuessingKind
  /** The error code that means "wrong guess" (401 for a wrong password, 404 for an unknown key). */
  failsWith: number
  /** The account guessed at, from the arguments (login: the e-mail address). */
  account?: (...args: any[]) => string
}

export class Limits {
  private loginByAccount: GrowingDelay
  private loginByKnownAddress: GrowingDelay
  private loginByAddress: GrowingDelay
  private keysByAddress: GrowingDelay
  private registrations: RateLimiterPostgres
  /** One row per account and address it signed in from, kept LOGIN_KNOWN_ADDRESS_DAYS (none when 0). */
  private knownAddresses: RateLimiterPostgres | null

  constructor(
    db: Kysely<Database>,
    private config: Config,
  ) {
    this.loginByAccount = new GrowingDelay(db, 'login:account', config.loginFreeFailuresPerAccount)
    this.loginByKnownAddress = new GrowingDelay(db, 'login:known-address', config.loginFreeFailuresPerAccount)
    this.loginByAddress = new GrowingDelay(db, 'login:address', config.loginFreeFailuresPerAddress)
    this.keysByAddress = new GrowingDelay(db, 'keys:address', config.keyGuessesPerAddress)
    this.registrations = limiter(db, 'register:address', Math.max(config.registrationsPerHour, 1), 3600)
    const knownSeconds = config.loginKnownAddressDays * DAY_SECONDS
    this.knownAddresses = knownSeconds ? limiter(db, 'login:known', 1, knownSeconds) : null
  }

  /** The counters a login try meets: its address's, and its account's or, from a known address, the pair's. */
  private async loginCounters(account: string, address: string) {
    const pair = `${account}|${address}`
    const known = this.knownAddresses ? (await this.knownAddresses.get(storedKey(pair))) !== null : false
    const byAccount: [GrowingDelay, string] = known ? [this.loginByKnownAddress, pair] : [this.loginByAccount, account]
    const onSuccess = async () => {
      await byAccount[0].reset(byAccount[1])
      await this.knownAddresses?.set(storedKey(pair), 1, this.config.loginKnownAddressDays * DAY_SECONDS)
    }
    return { counters: [[this.loginByAddress, address], byAccount] as [GrowingDelay, string][], onSuccess }
  }

  /**
   * Runs `attempt` unless the caller must wait (429); counts it when it fails with the declared
   * code. A login that succeeds clears the count it met (the account's, or the known address's)
   * and makes its address known to the account.
   */
  async guard<T>(guessing: Guessing, args: unknown[], clientAddress: string, attempt: () => Promise<T>): Promise<T> {
    const address = addressKey(clientAddress)
    const { counters, onSuccess } =
      guessing.kind === 'login'
        ? await this.loginCounters(guessing.account!(...args), address)
        : { counters: [[this.keysByAddress, address]] as [GrowingDelay, string][], onSuccess: async () => {} }
    const waits = await Promise.all(counters.map(([c, key]) => c.wait(key)))
    const longest = Math.max(...waits)
    if (longest > 0) {
      const which = counters[waits.indexOf(longest)][0]
      const { limit, window } = which.describe()
      throw tooMany(
        guessing.kind === 'login' ? 'too many failed sign-ins; wait and try again' : 'too many unknown keys; wait and try again',
        longest,
        limit,
        window,
      )
    }
    try {
      const result = await attempt()
      await onSuccess()
      return result
    } catch (err) {
      if (err instanceof RpcError && err.code === guessing.failsWith) await Promise.all(counters.map(([c, key]) => c.fail(key)))
      throw err
    }
  }

  /** Counts one registration of the address; false when it is over the hourly allowance. */
  async registrationAllowed(address: string): Promise<{ allowed: true } | { allowed: false; retryAfter: number; limit: number }> {
    if (this.config.registrationsPerHour === 0) return { allowed: false, retryAfter: 3600, limit: 0 }
    try {
      await this.registrations.consume(storedKey(address))
      return { allowed: true }
    } catch (res) {
      if (res instanceof Error) throw res
      return {
        allowed: false,
        retryAfter: Math.max(1, Math.ceil((res as { msBeforeNext: number }).msBeforeNext / 1000)),
        limit: this.config.registrationsPerHour,
      }
    }
  }
}
