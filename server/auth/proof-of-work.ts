/**
 * Proof of work before some public operations (hashcash over SHA-256).
 *
 * A client asks for a challenge (v3.core.challenge or v3.proofOfWork.challenge), then searches for a
 * nonce such that
 *
 *     SHA-256( challenge + ":" + endpoint + ":" + JSON.stringify(args) + ":" + nonce )
 *
 * starts with `difficulty` zero bits, and calls the endpoint through v3.proofOfWork.call
 * [challenge, nonce, endpoint, args] or v3.core.proofOfWork [{identifier, salt: nonce}, endpoint, args].
 * The hash binds the proof to that endpoint and those arguments; a challenge is used once (the
 * first attempt spends it, right or wrong) and expires after POW_CHALLENGE_SECONDS.
 */
import { createHash } from 'node:crypto'
import type { Config } from '../config'
import type { DbHandle } from '../db/schema'
import { newId, newSecret } from '../ids'

/** The challenge a proven call used. */
export interface Proof {
  identifier: string
  challenge: string
}

export function powHash(challenge: string, endpoint: string, args: unknown, nonce: string): string {
  return createHash('sha256')
    .update(`${challenge}:${endpoint}:${JSON.stringify(args)}:${nonce}`)
    .digest('hex')
}

export function leadingZeroBits(hex: string): number {
  let bits = 0
  for (const char of hex) {
    const nibble = parseInt(char, 16)
    if (nibble === 0) {
      bits += 4
      continue
    }
    return bits + Math.clz32(nibble) - 28
  }
  return bits
}

export async function issueChallenge(db: DbHandle, config: Config) {
  const now = Date.now()
  // Expired challenges are swept as new ones are issued, so the table stays small.
  await db.deleteFrom('pow_challenges').where('expires', '<', now).execute()
  const row = { identifier: newId(), challenge: newSecret(), difficulty: config.powDifficulty, expires: now + config.powChallengeSeconds * 1000 }
  await db.insertInto('pow_challenges').values(row).execute()
  return row
}

/**
 * Spends the challenge (one statement: of concurrent attempts only one gets the row) and tells
 * whether the nonce solves it for this endpoint and these arguments.
 */
export async function redeem(
  db: DbHandle,
  by: { challenge: string } | { identifier: string },
  endpoint: string,
  args: unknown[],
  nonce: string,
): Promise<Proof | 'unknown' | 'wrong'> {
  let q = db.deleteFrom('pow_challenges').where('expires', '>', Date.now())
  q = 'challenge' in by ? q.where('challenge', '=', by.challenge) : q.where('identifier', '=', by.identifier)
  const row = await q.returning(['identifier', 'challenge', 'difficulty']).executeTakeFirst()
  if (!row) return 'unknown'
  if (leadingZeroBits(powHash(row.challenge, endpoint, args, nonce)) < row.difficulty) return 'wrong'
  return { identifier: row.identifier, challenge: row.challenge }
}
