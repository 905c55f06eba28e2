/**
 * Which account a verified single sign-on identity is (server/auth/sso.ts verifies the token).
 *
 * An account made through single sign-on is bound to the identity that made it: the provider's
 * issuer and the subject (`sub`) the provider gave the person (users.sso_issuer, sso_subject). A
 * sign-in finds the account by that pair, never by e-mail: a provider that asserts someone else's
 * address (another provider's person, a password account) reaches nothing. Nothing links an
 * existing account to another identity automatically; such a sign-in is refused (401, reason
 * `notBound`), and the person signs in as they did before.
 *
 * Accounts made through single sign-on before the binding existed have no pair yet: the first
 * sign-in through the provider that lists the address's domain binds it (a provider that lists no
 * domains never does, since it may assert any address). Any other has to be bound by the operator.
 */
import { sql } from 'kysely'
import type { Config } from '../config'
import type { DbHandle } from '../db/schema'
import { conflict, RpcError } from '../errors'
import { providerForUsername, type VerifiedIdentity } from './sso'

export interface SsoAccount {
  _id: string
  default_cid: string | null
}

/** The account `identity` signs in to: 401 with the reason when there is none for it. */
export async function accountOfIdentity(db: DbHandle, config: Config, identity: VerifiedIdentity): Promise<SsoAccount> {
  const bound = await db
    .selectFrom('users')
    .select(['_id', 'default_cid'])
    .where('sso_issuer', '=', identity.provider.issuer)
    .where('sso_subject', '=', identity.subject)
    .where('removed', 'is', null)
    .executeTakeFirst()
  if (bound) return bound
  const byEmail = await db
    .selectFrom('users')
    .select(['_id', 'default_cid', 'password_hash', 'sso_issuer', 'removed'])
    .where(sql<string>`lower(email)`, '=', identity.email.toLowerCase())
    .executeTakeFirst()
  if (!byEmail || byEmail.removed !== null) throw new RpcError(401, 'no account here is bound to this identity', { reason: 'noAccount' })
  const madeBeforeBinding = byEmail.password_hash === '' && byEmail.sso_issuer === null
  if (madeBeforeBinding && providerForUsername(config, identity.email) === identity.provider && (await bind(db, byEmail._id, identity))) return byEmail
  throw new RpcError(401, 'the account with this e-mail address was not made through this identity: sign in as you did before', {
    reason: 'notBound',
  })
}

/** Refuses an identity that has an account here already (409): registering again would make a second. */
export async function checkIdentityFree(db: DbHandle, identity: VerifiedIdentity) {
  const taken = await db
    .selectFrom('users')
    .select('_id')
    .where('sso_issuer', '=', identity.provider.issuer)
    .where('sso_subject', '=', identity.subject)
    .executeTakeFirst()
  if (taken) throw conflict('this identity has an account here already: sign in with loginSso', { reason: 'identityTaken' })
}

/** Binds an account that has no identity yet; false when it has one (a concurrent sign-in bound it first). */
export async function bind(db: DbHandle, uid: string, identity: VerifiedIdentity): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ sso_issuer: identity.provider.issuer, sso_subject: identity.subject })
    .where('_id', '=', uid)
    .where('sso_issuer', 'is', null)
    .returning('_id')
    .executeTakeFirst()
  return !!row
}
