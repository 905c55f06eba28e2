/**
 * An insight's public key (added operations): the credential of GET /public/insight/:key/:type?,
 * 32 characters (192 bits), kept only as its sha256: shown once, by create. create gives a new key
 * (replacing any old one, which answers 404 from then on); revoke removes it. The insight's creator
 * and the workflow's administrators hold these.
 *
 * Signal: `v3.insight.updated` `{cid, processId, _id}` on user:<uid> of the creator and the caller.
 */
import { insightFor } from '../../../domain/insights'
import { forbidden } from '../../../errors'
import { hashSecret, newSecret } from '../../../ids'
import type { SignedInContext } from '../../../context'
import { operation } from '../../../rpc/operation'

async function setKey(ctx: SignedInContext, insightId: string, hash: string | null) {
  const { insight, access } = await insightFor(ctx.db, ctx.session, insightId)
  if (insight.uid !== ctx.session.uid && !access.administer) throw forbidden('only the creator of the insight and administrators of the workflow may share it')
  await ctx.db.updateTable('insights').set({ public_hash: hash, updated: Date.now() }).where('cid', '=', insight.cid).where('_id', '=', insightId).execute()
  ctx.publish(
    [...new Set([insight.uid, ctx.session.uid])].map((u) => `user:${u}` as const),
    'v3.insight.updated',
    { cid: insight.cid, processId: insight.process_id, _id: insightId },
  )
}

/** `[insightId]`. Returns `{publicKey, path}` (path: `/public/insight/<publicKey>`). */
export const create = operation({
  name: 'v3.insight.publicKey.create',
  access: 'signedIn',
  async run(ctx, insightId) {
    const publicKey = newSecret()
    await setKey(ctx, insightId, hashSecret(publicKey))
    return { publicKey, path: `/public/insight/${publicKey}` }
  },
})

/** `[insightId]`: the public key stops working. Returns true. */
export const revoke = operation({
  name: 'v3.insight.publicKey.revoke',
  access: 'signedIn',
  async run(ctx, insightId) {
    await setKey(ctx, insightId, null)
    return true
  },
})
