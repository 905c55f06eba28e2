import { timingSafeEqual } from 'node:crypto'
import { markEmailVerified, userForMail } from '../../db/invites'
import { loadOwnExtras, loadProfile, mergeSettings, shareWorkspace } from '../../db/users'
import { createSession } from '../../auth/sessions'
import { verifyIdToken, type VerifiedIdentity } from '../../auth/sso'
import { bind, checkIdentityFree } from '../../auth/sso-accounts'
import { createAccount, registerUser, type NewUser, type RegisterOptions } from '../../domain/register'
import { notFound, notFoundAt, refused } from '../../errors'
import { hashSecret, newId, newSecret } from '../../ids'
import { verificationMail } from '../../mail/messages'
import type { Context } from '../../context'
import { operation } from '../../rpc/operation'

export const register = operation({
  name: 'v2.user.register',
  access: 'public',
  proofOfWork: 'beyondRate',
  run: (ctx, user: NewUser, options?: RegisterOptions) => registerUser(ctx, user, options),
})

/** Yourself, or someone who shares a workspace with you; anyone else is "not found". */
export const profile = operation({
  name: 'v2.user.profile',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, userId) {
    const self = userId === ctx.session.uid
    const user = await loadProfile(ctx.db, userId)
    // A removed account shows to anyone as such (its work stays where it was): nothing personal is left in it.
    if (!self && !user?.removed && !(await shareWorkspace(ctx.db, ctx.session.uid, userId, ctx.session.apiKey?.cid))) throw notFound('user')
    if (!user) throw notFound('user')
    // Oneself: also the settings and the profile image's file id (null without one).
    return self ? { ...user, ...(await loadOwnExtras(ctx.db, userId)) } : user
  },
})

export const setGlobalSettings = operation({
  name: 'v2.user.settings.global.set',
  access: 'signedIn',
  async run(ctx, settings) {
    await checkFeedReferences(ctx, ctx.session.uid, settings)
    await mergeSettings(ctx.db, ctx.session.uid, { ...settings })
    ctx.publish(`user:${ctx.session.uid}`, 'user.settings', { uid: ctx.session.uid, changed: Object.keys(settings) })
    return true
  },
})

/**
 * The feed settings name workspaces the caller belongs to and posts of those workspaces (404 naming
 * the path otherwise): another workspace's ids are not stored.
 */
async function checkFeedReferences(ctx: Context, uid: string, settings: { feedSelectedWorkspaces?: string[]; hiddenFeedPosts?: string[] }) {
  const mine = ctx.db.selectFrom('workspace_members').select('cid').where('uid', '=', uid)
  const firstUnknown = (key: 'feedSelectedWorkspaces' | 'hiddenFeedPosts', what: string, found: { id: string }[]) => {
    const known = new Set(found.map((r) => r.id))
    const i = settings[key]!.findIndex((id) => !known.has(id))
    if (i >= 0) throw notFoundAt(what, 0, `/${key}/${i}`)
  }
  const workspaces = settings.feedSelectedWorkspaces
  if (workspaces?.length) {
    const found = await ctx.db.selectFrom('workspace_members').select('cid as id').where('uid', '=', uid).where('cid', 'in', workspaces).execute()
    firstUnknown('feedSelectedWorkspaces', 'workspace', found)
  }
  const posts = settings.hiddenFeedPosts
  if (posts?.length) {
    const found = await ctx.db.selectFrom('wall_posts').select('_id as id').where('_id', 'in', posts).where('cid', 'in', mine).execute()
    firstUnknown('hiddenFeedPosts', 'post', found)
  }
}

const VERIFICATION_HOURS = 24

/**
 * Mails a verification link (PUBLIC_URL/verify-email/<id>/<key>) for the caller's e-mail address;
 * a newer request replaces the older ones. Returns {_id, email, expires}; 422 when the address is
 * verified already.
 */
export const sendVerificationEmail = operation({
  name: 'v2.user.send_verification_email',
  access: 'signedIn',
  async run(ctx) {
    // Locked: two requests at once still leave one verification, the newer.
    const user = await userForMail(ctx.db, ctx.session.uid, { lock: true })
    if (!user) throw notFound('user')
    if (user.email_verified !== null) throw refused('your e-mail address is verified already', { reason: 'alreadyVerified' })

    const key = newSecret()
    const now = Date.now()
    const verification = { _id: newId(), uid: user._id, email: user.email, created: now, expires: now + VERIFICATION_HOURS * 3_600_000 }
    await ctx.db.deleteFrom('email_verifications').where('uid', '=', user._id).execute()
    await ctx.db
      .insertInto('email_verifications')
      .values({ ...verification, key_hash: hashSecret(key) })
      .execute()
    ctx.mail.send(
      verificationMail({
        to: user.email,
        name: `${user.firstname} ${user.lastname}`.trim(),
        verificationId: verification._id,
        key,
        link: ctx.mail.link(`/verify-email/${verification._id}/${encodeURIComponent(key)}`),
        hoursValid: VERIFICATION_HOURS,
      }),
    )
    return { _id: verification._id, email: verification.email, expires: verification.expires }
  },
})

/**
 * No session: the id and key from the mail are the credential. Marks the address verified and
 * uses the key up. A wrong id or key is 404; an expired key, or one for an address the user no
 * longer has, is 422. Returns {uid, email, emailVerified}.
 */
export const verifyEmail = operation({
  name: 'v2.user.verify_email',
  access: 'public',
  async run(ctx, verificationId, verificationKey) {
    const row = await ctx.db.selectFrom('email_verifications').selectAll().where('_id', '=', verificationId).executeTakeFirst()
    if (!row || !sameHash(row.key_hash, hashSecret(verificationKey))) throw notFound('verification')
    if (row.expires <= Date.now()) throw refused('the verification link has expired: ask for a new one', { reason: 'expired' })
    const user = await userForMail(ctx.db, row.uid)
    if (!user || user.email.toLowerCase() !== row.email.toLowerCase()) {
      throw refused('the e-mail address of the account has changed since the link was sent', { reason: 'emailChanged' })
    }

    const now = Date.now()
    await ctx.db.deleteFrom('email_verifications').where('uid', '=', row.uid).execute()
    await markEmailVerified(ctx.db, row.uid, now)
    const verified = (await userForMail(ctx.db, row.uid))!.email_verified
    ctx.publish(`user:${row.uid}`, 'user.emailVerified', { uid: row.uid, email: user.email, emailVerified: verified })
    return { uid: row.uid, email: user.email, emailVerified: verified }
  },
})

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

interface SsoRegisterOptions {
  copyNetworkId?: string
  referralCode?: string
}

/**
 * Registration through single sign-on (server/auth/sso.ts): the account gets the token's verified
 * address (marked verified), no password, and a workspace as v2.user.register makes it, and is bound
 * to the token's identity (server/auth/sso-accounts.ts). A taken address is 409, and so is an
 * identity that has an account already. The caller is signed in at once (there is no password to
 * log in with later), and {uid, cid} is returned.
 */
async function registerVerified(ctx: Context, identity: VerifiedIdentity, names: { firstname: string; lastname: string }, options: SsoRegisterOptions = {}) {
  const { referralCode, ...registerOptions } = options
  const settings = referralCode === undefined ? {} : { referralCode }
  await checkIdentityFree(ctx.db, identity)
  const account = await createAccount(ctx, { email: identity.email, ...names, passwordHash: '' }, registerOptions, settings)
  await bind(ctx.db, account.uid, identity)
  await markEmailVerified(ctx.db, account.uid, Date.now())
  const { key, session } = await createSession(ctx.db, account.uid, account.cid)
  ctx.transport.signIn(session, key, [account.cid])
  return account
}

/** [{token, email, firstname, lastname}, options?]: the names as given; `email` must be the token's. */
export const registerSsoA = operation({
  name: 'v2.user.registerSsoA',
  access: 'public',
  async run(ctx, user: { token: string; email: string; firstname: string; lastname: string }, options?: SsoRegisterOptions) {
    const identity = await verifyIdToken(ctx.config, user.token)
    if (identity.email.toLowerCase() !== user.email.toLowerCase()) throw ctx.invalid(0, '/email', 'must be the e-mail address of the identity token')
    const firstname = user.firstname.trim()
    const lastname = user.lastname.trim()
    if (!firstname) throw ctx.invalid(0, '/firstname', 'must not be blank')
    return registerVerified(ctx, identity, { firstname, lastname }, options)
  },
})

/** [idToken, options?]: the names come from the token (given_name and family_name, else name, else the address). */
export const registerSsoB = operation({
  name: 'v2.user.registerSsoB',
  access: 'public',
  async run(ctx, idToken: string, options?: SsoRegisterOptions) {
    const identity = await verifyIdToken(ctx.config, idToken)
    return registerVerified(ctx, identity, namesOf(identity), options)
  },
})

function namesOf({ claims, email }: VerifiedIdentity): { firstname: string; lastname: string } {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 200) : '')
  const given = text(claims.given_name)
  const family = text(claims.family_name)
  if (given || family) return { firstname: given || family, lastname: given ? family : '' }
  const [first, ...rest] = text(claims.name).split(/\s+/).filter(Boolean)
  if (first) return { firstname: first, lastname: rest.join(' ').slice(0, 200) }
  return { firstname: email.slice(0, email.indexOf('@')).slice(0, 200) || email, lastname: '' }
}
