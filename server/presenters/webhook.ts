/** The Webhook record and its delivery attempts on the wire (schemas/records/webhook.json, webhook-delivery.json). */
import type { WebhookDeliveryAttemptRecord, WebhookRecord } from '../../schemas/types.generated'
import type { Selectable } from 'kysely'
import type { WebhookDeliveriesTable } from '../db/schema'
import type { WebhookWithCursor } from '../db/webhooks'

/** The record without its secret; `secret` adds it (the answers of create and rotateSecret only). */
export function webhookRecord(w: WebhookWithCursor, secret?: string): WebhookRecord {
  return {
    _id: w._id,
    cid: w.cid,
    uid: w.uid,
    url: w.url,
    events: w.events,
    processIds: w.process_ids,
    phase: w.phase_id && w.phase_process_id ? { processId: w.phase_process_id, phaseId: w.phase_id } : null,
    description: w.description,
    enabled: w.enabled,
    disabledReason: w.enabled ? null : w.disabled_reason,
    position: Number(w.position),
    failing: w.failing_since === null ? null : { since: Number(w.failing_since), attempts: w.attempts, nextAttempt: Number(w.due) },
    created: Number(w.created),
    updated: w.updated === null ? null : Number(w.updated),
    ...(secret ? { secret } : {}),
  }
}

export const deliveryAttemptRecord = (a: Selectable<WebhookDeliveriesTable>): WebhookDeliveryAttemptRecord => ({
  seq: Number(a.seq),
  attempt: a.attempt,
  at: Number(a.at),
  status: a.status,
  durationMs: a.duration_ms,
  error: a.error,
  response: a.response,
})
