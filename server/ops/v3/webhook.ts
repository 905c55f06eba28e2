/**
 * Webhooks (added operations): v3.webhook.create, list, update, remove, rotateSecret, test,
 * deliveries, redeliver; capability webhooks.manage. Delivery is a durable consumer of the event
 * log (server/consumers/webhooks.ts); the guide: docs/guides/webhooks.md.
 *
 * A webhook of a workflow phase (process.set_info, phases.<id>.webhooksEnabled and webhookUrl) is
 * listed here too and its secret rotated, tested and redelivered here, but its URL and its existence
 * follow the phase's settings: update and remove refuse it (422).
 */
import { sql } from 'kysely'
import { LateReply, type Caller, type MemberContext } from '../../context'
import { wakeConsumers } from '../../consumers/durable'
import { findCursor, resumeCursor } from '../../db/consumers'
import { findWebhook, listAttempts, listWebhooks, WEBHOOK_CONSUMER, type WebhookWithCursor } from '../../db/webhooks'
import { changeWebhook, deleteWebhook, insertWebhook } from '../../consumers/subscriptions'
import { audit } from '../../domain/audit'
import { badWebhookUrl, newWebhookSecret } from '../../consumers/webhook-post'
import { notFound, refused } from '../../errors'
import { isObjectId } from '../../ids'
import { membership } from '../../db/workspaces'
import { deliveryAttemptRecord, webhookRecord } from '../../presenters/webhook'
import { streamState } from '../../realtime/event-log'
import { operation } from '../../rpc/operation'

/** Webhooks of one workspace (besides its phases'): each is a cursor every write wakes. */
const MAX_WEBHOOKS = 100

/** The workspace of the webhook an id names, for a member of it; 404 for anyone else. */
async function webhookWorkspace({ db, session }: Caller, webhookId: string): Promise<string> {
  const hook = isObjectId(webhookId) ? await findWebhook(db, webhookId) : undefined
  if (!hook || !(await membership(db, hook.cid, session.uid))) throw notFound('webhook')
  return hook.cid
}

async function loadWebhook(ctx: MemberContext, webhookId: string, options: { lock?: boolean } = {}): Promise<WebhookWithCursor> {
  const hook = await findWebhook(ctx.db, webhookId, options)
  if (!hook || hook.cid !== ctx.cid) throw notFound('webhook')
  return hook
}

function checkUrl(ctx: MemberContext, argument: number, url: string) {
  const bad = badWebhookUrl(url)
  if (bad) throw ctx.invalid(argument, '/url', bad)
}

/** A webhook as the audit trail records it: never its secret. */
const auditState = (w: Pick<WebhookWithCursor, 'url' | 'events' | 'process_ids' | 'description' | 'enabled'>) => ({
  url: w.url,
  events: w.events,
  processIds: w.process_ids,
  description: w.description,
  enabled: w.enabled,
})

const notOfAPhase = (hook: WebhookWithCursor, what: string) => {
  if (hook.phase_id) throw refused(`a phase's webhook is ${what} in the phase's settings (process.set_info phases.<id>.webhooksEnabled, webhookUrl)`)
}

export const create = operation({
  name: 'v3.webhook.create',
  access: 'member',
  capability: 'webhooks.manage',
  workspace: (_caller, workspaceId) => workspaceId,
  async run(ctx, _workspaceId, webhook) {
    checkUrl(ctx, 1, webhook.url)
    const { count } = await ctx.db
      .selectFrom('webhooks')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('cid', '=', ctx.cid)
      .where('phase_id', 'is', null)
      .executeTakeFirstOrThrow()
    if (Number(count) >= MAX_WEBHOOKS) throw refused(`a workspace has at most ${MAX_WEBHOOKS} webhooks`, { max: MAX_WEBHOOKS })
    const { _id, secret } = await insertWebhook(ctx.db, {
      cid: ctx.cid,
      uid: ctx.session.uid,
      url: webhook.url,
      events: webhook.events,
      processIds: webhook.processIds,
      description: webhook.description,
    })
    const created = (await findWebhook(ctx.db, _id))!
    await audit(ctx, { cid: ctx.cid, kind: 'webhook.create', targetId: _id, after: auditState(created) })
    return webhookRecord(created, secret)
  },
})

export const list = operation({
  name: 'v3.webhook.list',
  access: 'member',
  capability: 'webhooks.manage',
  readOnly: true,
  workspace: (_caller, workspaceId) => workspaceId,
  async run(ctx) {
    return (await listWebhooks(ctx.db, ctx.cid)).map((w) => webhookRecord(w))
  },
})

export const update = operation({
  name: 'v3.webhook.update',
  access: 'member',
  capability: 'webhooks.manage',
  workspace: webhookWorkspace,
  async run(ctx, webhookId, changes) {
    const hook = await loadWebhook(ctx, webhookId, { lock: true })
    const { enabled, ...settings } = changes
    if (Object.keys(settings).length) notOfAPhase(hook, 'changed')
    if (changes.url !== undefined) checkUrl(ctx, 1, changes.url)
    await changeWebhook(ctx.db, hook, {
      ...(changes.url !== undefined ? { url: changes.url } : {}),
      ...(changes.events !== undefined ? { events: changes.events } : {}),
      ...(changes.processIds !== undefined ? { process_ids: changes.processIds } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(enabled ? { disabled_reason: null } : enabled === false ? { disabled_reason: 'disabled by v3.webhook.update' } : {}),
    })
    if (enabled !== undefined && enabled !== hook.enabled) {
      await resumeCursor(ctx.db, WEBHOOK_CONSUMER, hook._id, { enabled })
      wakeConsumers(ctx)
    }
    const updated = (await findWebhook(ctx.db, hook._id))!
    await audit(ctx, { cid: hook.cid, kind: 'webhook.update', targetId: hook._id, before: auditState(hook), after: auditState(updated) })
    return webhookRecord(updated)
  },
})

export const remove = operation({
  name: 'v3.webhook.remove',
  access: 'member',
  capability: 'webhooks.manage',
  workspace: webhookWorkspace,
  async run(ctx, webhookId) {
    const hook = await loadWebhook(ctx, webhookId, { lock: true })
    notOfAPhase(hook, 'removed')
    await deleteWebhook(ctx.db, hook.cid, hook._id)
    await audit(ctx, { cid: hook.cid, kind: 'webhook.remove', targetId: hook._id, before: auditState(hook) })
    return true
  },
})

export const rotateSecret = operation({
  name: 'v3.webhook.rotateSecret',
  access: 'member',
  capability: 'webhooks.manage',
  workspace: webhookWorkspace,
  async run(ctx, webhookId) {
    const hook = await loadWebhook(ctx, webhookId, { lock: true })
    const secret = newWebhookSecret()
    await changeWebhook(ctx.db, hook, { secret })
    await audit(ctx, { cid: hook.cid, kind: 'webhook.rotateSecret', targetId: hook._id })
    return webhookRecord((await findWebhook(ctx.db, hook._id))!, secret)
  },
})

export const test = operation({
  name: 'v3.webhook.test',
  access: 'member',
  capability: 'webhooks.manage',
  workspace: webhookWorkspace,
  async run(ctx, webhookId) {
    const hook = await loadWebhook(ctx, webhookId)
    ctx.publish(`webhooks:${hook.cid}`, 'webhook.test', { cid: hook.cid, _id: hook._id })
    // Its seq is drawn as the call commits: the answer is read after.
    return new LateReply(async ({ db }) => {
      const row = await db
        .selectFrom('event_log')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where('sig', '=', 'webhook.test')
        .where(sql<boolean>`topics && ${sql.val([`webhooks:${hook.cid}`])}::text[]`)
        .where(sql<boolean>`meta->>'_id' = ${hook._id}`)
        .executeTakeFirst()
      return Number(row?.seq ?? 0)
    })
  },
})

export const deliveries = operation({
  name: 'v3.webhook.deliveries',
  access: 'member',
  capability: 'webhooks.manage',
  readOnly: true,
  workspace: webhookWorkspace,
  async run(ctx, webhookId, options = {}) {
    const hook = await loadWebhook(ctx, webhookId)
    const rows = await listAttempts(ctx.db, hook.cid, hook._id, options.afterSeq ?? 0, options.limit ?? 100)
    return rows.map(deliveryAttemptRecord)
  },
})

export const redeliver = operation({
  name: 'v3.webhook.redeliver',
  access: 'member',
  capability: 'webhooks.manage',
  workspace: webhookWorkspace,
  async run(ctx, webhookId, fromSeq) {
    const hook = await loadWebhook(ctx, webhookId, { lock: true })
    const { prunedThrough } = await streamState(ctx.db)
    if (fromSeq <= prunedThrough) throw refused(`the event log no longer holds events up to ${prunedThrough}`, { argument: 1, prunedThrough })
    const cursor = await findCursor(ctx.db, WEBHOOK_CONSUMER, hook._id)
    await resumeCursor(ctx.db, WEBHOOK_CONSUMER, hook._id, { position: fromSeq - 1, enabled: cursor?.enabled ?? true })
    await audit(ctx, { cid: hook.cid, kind: 'webhook.redeliver', targetId: hook._id, after: { fromSeq } })
    wakeConsumers(ctx)
    return true
  },
})
