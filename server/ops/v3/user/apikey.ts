/**
 * v3.user.apikey.*: API keys (server/auth/api-keys.ts). A member of a workspace creates keys for
 * it; only the key's owner lists, changes or removes them (someone else's key is "not found").
 * Keys cannot manage keys: these operations are refused to a caller signed in with a key.
 * Signals `user.apikey.created|updated|removed {_id, workspaceId}` go to the owner's sockets.
 */
import { badWhitelistEntry, newApiKey } from '../../../auth/api-keys'
import { audit } from '../../../domain/audit'
import { notFound } from '../../../errors'
import { newId } from '../../../ids'
import type { Context, SignedInContext } from '../../../context'
import { operation } from '../../../rpc/operation'

/** 400 naming the first entry that is not an IPv4/IPv6 address or CIDR range. */
function checkWhitelist(ctx: Context, argument: number, list: string[]): string[] {
  const bad = badWhitelistEntry(list)
  if (bad >= 0) throw ctx.invalid(argument, `/${bad}`, `must be an IPv4 or IPv6 address or CIDR range, got ${JSON.stringify(list[bad])}`)
  return [...new Set(list)]
}

/** delegatedToUrl only records where the key is used: the server never calls it. */
function checkDelegatedUrl(ctx: Context, url: string | undefined): string | null {
  if (url === undefined) return null
  if (!/^https?:\/\/[^\s/]+/i.test(url)) throw ctx.invalid(3, '', 'must be an http or https URL')
  return url
}

export const create = operation({
  name: 'v3.user.apikey.create',
  access: 'member',
  capability: 'workspace.read',
  workspace: (_caller, _name: string, workspaceId: string) => workspaceId,
  apiKeys: false,
  async run(ctx, name: string, _workspaceId: string, whitelistIps: string[], delegatedToUrl?: string) {
    const whitelist = checkWhitelist(ctx, 2, whitelistIps)
    const delegated = checkDelegatedUrl(ctx, delegatedToUrl)
    const { key, hash, shown } = newApiKey()
    const now = Date.now()
    const _id = newId()
    const expires = now + ctx.config.apiKeyLifetimeSeconds * 1000
    await ctx.db
      .insertInto('api_keys')
      .values({
        cid: ctx.cid,
        _id,
        uid: ctx.session.uid,
        name,
        key_hash: hash,
        key_prefix: shown,
        whitelist_ips: JSON.stringify(whitelist),
        delegated_to_url: delegated,
        created: now,
        updated: null,
        expires,
        last_used: null,
      })
      .execute()
    const after = keyState({ uid: ctx.session.uid, name, key_prefix: shown, whitelist_ips: whitelist, delegated_to_url: delegated, expires })
    await audit(ctx, { cid: ctx.cid, kind: 'apiKey.create', targetId: _id, after })
    ctx.publish(`user:${ctx.session.uid}`, 'user.apikey.created', { _id, workspaceId: ctx.cid })
    return { _id, key }
  },
})

/** The caller's keys that have not expired, newest first; never the secret. */
export const list = operation({
  name: 'v3.user.apikey.list',
  access: 'signedIn',
  apiKeys: false,
  readOnly: true,
  async run(ctx) {
    const rows = await ctx.db
      .selectFrom('api_keys')
      .selectAll()
      .where('uid', '=', ctx.session.uid)
      .where('expires', '>', Date.now())
      .orderBy('created', 'desc')
      .orderBy('_id', 'desc')
      .execute()
    return rows.map((r) => ({
      _id: r._id,
      uid: r.uid,
      workspaceId: r.cid,
      name: r.name,
      keyPrefix: r.key_prefix,
      whitelistIps: r.whitelist_ips,
      created: r.created,
      expires: r.expires,
      ...(r.updated !== null && { updated: r.updated }),
      ...(r.last_used !== null && { lastUsed: r.last_used }),
      ...(r.delegated_to_url !== null && { delegatedToUrl: r.delegated_to_url }),
    }))
  },
})

/** A key as the audit trail records it: never its secret nor its hash, only the prefix the owner is shown. */
const keyState = (key: { uid: string; name: string; key_prefix: string; whitelist_ips: string[]; delegated_to_url: string | null; expires: number }) => ({
  owner: key.uid,
  name: key.name,
  keyPrefix: key.key_prefix,
  whitelistIps: key.whitelist_ips,
  delegatedToUrl: key.delegated_to_url,
  expires: key.expires,
})

/** The caller's own key, locked for the change; anyone else's is "not found". */
async function ownKey(ctx: SignedInContext, apiKeyId: string) {
  const row = await ctx.db
    .selectFrom('api_keys')
    .select(['cid', '_id', 'key_hash', 'uid', 'name', 'key_prefix', 'whitelist_ips', 'delegated_to_url', 'expires'])
    .where('_id', '=', apiKeyId)
    .where('uid', '=', ctx.session.uid)
    .forUpdate()
    .executeTakeFirst()
  if (!row) throw notFound('API key')
  return row
}

/**
 * Name and whitelist; the new whitelist holds at once for every HTTP call and every socket, also
 * those signed in with the key before: a socket it no longer allows loses its sign-in (its next
 * call answers 401).
 */
export const update = operation({
  name: 'v3.user.apikey.update',
  access: 'signedIn',
  apiKeys: false,
  async run(ctx, apiKeyId: string, name: string, whitelistIps: string[]) {
    const whitelist = checkWhitelist(ctx, 2, whitelistIps)
    const key = await ownKey(ctx, apiKeyId)
    await ctx.db
      .updateTable('api_keys')
      .set({ name, whitelist_ips: JSON.stringify(whitelist), updated: Date.now() })
      .where('cid', '=', key.cid)
      .where('_id', '=', key._id)
      .execute()
    await audit(ctx, {
      cid: key.cid,
      kind: 'apiKey.update',
      targetId: key._id,
      before: keyState(key),
      after: keyState({ ...key, name, whitelist_ips: whitelist }),
    })
    ctx.control({ kind: 'sessionChanged', sessionId: key.key_hash })
    ctx.publish(`user:${ctx.session.uid}`, 'user.apikey.updated', { _id: key._id, workspaceId: key.cid })
    return true
  },
})

/** The key stops at once: HTTP calls are refused and sockets signed in with it are closed (1000). */
export const remove = operation({
  name: 'v3.user.apikey.remove',
  access: 'signedIn',
  apiKeys: false,
  async run(ctx, apiKeyId: string) {
    const key = await ownKey(ctx, apiKeyId)
    await ctx.db.deleteFrom('api_keys').where('cid', '=', key.cid).where('_id', '=', key._id).execute()
    await audit(ctx, { cid: key.cid, kind: 'apiKey.revoke', targetId: key._id, before: keyState(key) })
    ctx.control({ kind: 'sessionEnded', sessionId: key.key_hash })
    ctx.publish(`user:${ctx.session.uid}`, 'user.apikey.removed', { _id: key._id, workspaceId: key.cid })
    return true
  },
})
