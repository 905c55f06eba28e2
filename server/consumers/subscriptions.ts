/**
 * Making and keeping webhooks: v3.webhook.create (server/ops/v3/webhook.ts) and the webhooks of
 * workflow phases, kept in step with the phases' `webhooksEnabled` and `webhookUrl` settings
 * (process.set_info). A new webhook's cursor starts at the log's head: it hears what happens from
 * then on.
 */
import type { Invalid } from '../context'
import type { Updateable } from 'kysely'
import { cutClaim, deleteCursor, insertCursor } from '../db/consumers'
import type { DbHandle, WebhooksTable } from '../db/schema'
import { WEBHOOK_CONSUMER } from '../db/webhooks'
import { newId } from '../ids'
import { streamState } from '../realtime/event-log'
import { badWebhookUrl, newWebhookSecret } from './webhook-post'

export interface NewWebhook {
  cid: string
  uid: string
  url: string
  events?: string[] | null
  processIds?: string[] | null
  description?: string | null
  phase?: { processId: string; phaseId: string }
}

/** Inserts the webhook and its cursor; returns its id and its secret (shown once). */
export async function insertWebhook(db: DbHandle, w: NewWebhook): Promise<{ _id: string; secret: string }> {
  const _id = newId()
  const secret = newWebhookSecret()
  await db
    .insertInto('webhooks')
    .values({
      cid: w.cid,
      _id,
      uid: w.uid,
      url: w.url,
      events: w.events ?? null,
      process_ids: w.processIds ?? null,
      phase_process_id: w.phase?.processId ?? null,
      phase_id: w.phase?.phaseId ?? null,
      description: w.description ?? null,
      secret,
      disabled_reason: null,
      created: Date.now(),
      updated: null,
    })
    .execute()
  await insertCursor(db, WEBHOOK_CONSUMER, _id, w.cid, (await streamState(db)).head)
  return { _id, secret }
}

/**
 * Changes a webhook's row and cuts a claim under way on it, so its next event goes out as the webhook
 * is now (its URL, secret and filters; server/consumers/durable.ts).
 */
export async function changeWebhook(db: DbHandle, hook: { cid: string; _id: string }, changes: Updateable<WebhooksTable>) {
  await db
    .updateTable('webhooks')
    .set({ ...changes, updated: Date.now() })
    .where('cid', '=', hook.cid)
    .where('_id', '=', hook._id)
    .execute()
  await cutClaim(db, WEBHOOK_CONSUMER, hook._id)
}

export async function deleteWebhook(db: DbHandle, cid: string, id: string) {
  await db.deleteFrom('webhooks').where('cid', '=', cid).where('_id', '=', id).execute()
  await deleteCursor(db, WEBHOOK_CONSUMER, id)
}

/**
 * After a workflow's phases changed: a phase with `webhooksEnabled` and a `webhookUrl` has a
 * webhook to that URL (made by `uid`, who changed the settings), and no other phase has one. A
 * phase's URL that changes keeps its webhook (cursor and secret) with the new URL. Returns whether
 * anything changed.
 */
export async function syncPhaseWebhooks(db: DbHandle, process: { cid: string; _id: string }, phases: unknown, uid: string, invalid: Invalid): Promise<boolean> {
  const wanted = new Map<string, string>()
  for (const [phaseId, phase] of Object.entries((phases ?? {}) as Record<string, unknown>)) {
    const p = (phase ?? {}) as { webhooksEnabled?: unknown; webhookUrl?: unknown }
    if (p.webhooksEnabled !== true || typeof p.webhookUrl !== 'string' || !p.webhookUrl) continue
    const bad = badWebhookUrl(p.webhookUrl)
    if (bad) throw invalid(`/phases/${phaseId}/webhookUrl`, bad)
    wanted.set(phaseId, p.webhookUrl)
  }
  const existing = await db.selectFrom('webhooks').selectAll().where('cid', '=', process.cid).where('phase_process_id', '=', process._id).execute()
  let changed = false
  for (const hook of existing) {
    const url = wanted.get(hook.phase_id!)
    if (url === undefined) {
      await deleteWebhook(db, hook.cid, hook._id)
      changed = true
    } else if (url !== hook.url) {
      await changeWebhook(db, hook, { url })
      changed = true
    }
    wanted.delete(hook.phase_id!)
  }
  for (const [phaseId, url] of wanted) {
    await insertWebhook(db, { cid: process.cid, uid, url, phase: { processId: process._id, phaseId } })
    changed = true
  }
  return changed
}
