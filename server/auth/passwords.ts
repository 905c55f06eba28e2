/** Passwords are hashed with argon2id at OWASP's recommended cost (19 MiB, 2 passes, 1 lane). */
import { hash, verify } from '@node-rs/argon2'

const ARGON2ID = { memoryCost: 19456, timeCost: 2, parallelism: 1 } // argon2id is the library's default algorithm

export const hashPassword = (password: string) => hash(password, ARGON2ID)

/** A hash of nothing in particular, verified against when the email is unknown so both paths cost the same. */
let decoy: Promise<string> | null = null

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    decoy ??= hashPassword('decoy password that matches nothing')
    await verify(await decoy, password).catch(() => false)
    return false
  }
  return verify(storedHash, password).catch(() => false)
}

/**
 * Length bounds (8..256) are in the schema; here the rules a schema cannot say.
 * `invalid` makes the 400 of the argument holding the password (at /password): the call's
 * `invalidOf(ctx, argument)` (server/context.ts).
 */
export function checkPasswordRules(password: string, email: string, invalid: (path: string, reason: string) => Error) {
  const reject = (reason: string) => invalid('/password', reason)
  if (password.trim().length < 8) throw reject('must have at least 8 characters other than spaces')
  if (password.toLowerCase() === email.toLowerCase()) throw reject('must not be the email address')
  if (new Set(password).size < 4) throw reject('must use at least 4 different characters')
}
