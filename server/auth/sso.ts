/**
 * Single sign-on: OpenID Connect ID tokens from the identity providers the operator lists in
 * SSO_PROVIDERS, verified with jose. The token's `iss` picks the provider; its signature must verify
 * with the provider's keys (a JWKS URL, fetched and cached by jose, or a JWKS file read once), its
 * `aud` must hold the provider's audience, it must not be expired (60 s of clock skew allowed), and
 * it must carry a `sub` and an `email` with `email_verified: true`. A provider speaks only for its
 * own domains: one that lists domains asserts addresses there only, and a domain another provider
 * lists belongs to that one (so a provider without a list cannot assert it either). Any failure is
 * a 401 naming the reason. Which account an identity is: server/auth/sso-accounts.ts.
 */
import fs from 'node:fs'
import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose'
import type { Config, SsoProvider } from '../config'
import { RpcError } from '../errors'

export interface VerifiedIdentity {
  provider: SsoProvider
  /** The provider's id of the person (`sub`): with the provider's issuer, what an account is bound to. */
  subject: string
  email: string
  claims: JWTPayload & { email: string; given_name?: unknown; family_name?: unknown; name?: unknown }
}

const invalid = (reason: string, msg: string) => new RpcError(401, `the identity token is not accepted: ${msg}`, { reason })

/** One key source per provider and process (jose caches the fetched keys and refetches on rotation). */
const keySources = new WeakMap<SsoProvider, JWTVerifyGetKey>()

function keysOf(provider: SsoProvider): JWTVerifyGetKey {
  let keys = keySources.get(provider)
  if (!keys) {
    keys = provider.jwksUrl
      ? createRemoteJWKSet(new URL(provider.jwksUrl), { timeoutDuration: 5000 })
      : createLocalJWKSet(JSON.parse(fs.readFileSync(provider.jwksFile!, 'utf8')))
    keySources.set(provider, keys)
  }
  return keys
}

export async function verifyIdToken(config: Config, token: string): Promise<VerifiedIdentity> {
  let issuer: unknown
  try {
    issuer = decodeJwt(token).iss
  } catch {
    throw invalid('malformed', 'it is not a signed JWT')
  }
  const provider = config.ssoProviders.find((p) => p.issuer === issuer)
  if (!provider) throw invalid('issuer', 'its issuer is not a configured identity provider')
  let payload: JWTPayload
  try {
    ;({ payload } = await jwtVerify(token, keysOf(provider), {
      issuer: provider.issuer,
      audience: provider.audience,
      requiredClaims: ['exp', 'sub'],
      clockTolerance: 60,
    }))
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw invalid('expired', 'it has expired')
    if (err instanceof errors.JWTClaimValidationFailed) throw invalid(err.claim === 'aud' ? 'audience' : err.claim, `its "${err.claim}" claim does not hold`)
    if (err instanceof errors.JWSSignatureVerificationFailed || err instanceof errors.JWKSNoMatchingKey)
      throw invalid('signature', "its signature does not verify with the provider's keys")
    if (err instanceof errors.JOSEError) throw invalid('malformed', err.message)
    throw err
  }
  if (typeof payload.email !== 'string' || !payload.email) throw invalid('email', 'it carries no e-mail address')
  if (payload.email_verified !== true) throw invalid('emailUnverified', 'the provider has not verified its e-mail address')
  if (!speaksFor(config, provider, payload.email)) throw invalid('domain', "its e-mail address is not in the provider's domains")
  return { provider, subject: payload.sub!, email: payload.email, claims: payload as VerifiedIdentity['claims'] }
}

/** Whether `provider` may assert `email`: the domain is its own, or it lists none and no other provider lists this one. */
function speaksFor(config: Config, provider: SsoProvider, email: string): boolean {
  const owner = providerForUsername(config, email)
  return owner ? owner === provider : provider.domains.length === 0
}

/** The provider whose e-mail domains include the username's (an address, or a bare domain). */
export function providerForUsername(config: Config, username: string): SsoProvider | undefined {
  const domain = username
    .slice(username.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()
  return config.ssoProviders.find((p) => p.domains.includes(domain))
}
