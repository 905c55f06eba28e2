/**
 * Single sign-on binds an account to the identity that made it: the provider's issuer and the
 * subject (`sub`) it gave that person. A sign-in finds its account by the pair, never by e-mail
 * (server/auth/sso-accounts.ts). A pair names one account at most; an account made before this
 * migration has none until its first sign-in through the provider that owns its domain.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('sso_issuer', 'text').addColumn('sso_subject', 'text').execute()
  await sql`create unique index users_sso_identity on users (sso_issuer, sso_subject) where sso_issuer is not null`.execute(db)
}
