/** The Automation record and its runs on the wire (schemas/records/automation.json, automation-run.json). */
import type { AutomationRecord, AutomationRunRecord, AutomationTrigger } from '../../schemas/types.generated'
import type { AutomationRunRow, AutomationWithCursor } from '../db/automations'

/** The record without its secret; `secret` adds it (the answer of create only). */
export const automationRecord = (a: AutomationWithCursor, secret?: string): AutomationRecord => ({
  _id: a._id,
  cid: a.cid,
  processId: a.process_id,
  uid: a.uid,
  name: a.name,
  trigger: a.trigger as AutomationTrigger,
  actions: a.actions as AutomationRecord['actions'],
  enabled: a.enabled,
  position: Number(a.position),
  created: Number(a.created),
  updated: a.updated === null ? null : Number(a.updated),
  ...(secret ? { secret } : {}),
})

export const automationRunRecord = (r: AutomationRunRow): AutomationRunRecord => ({
  seq: Number(r.seq),
  at: Number(r.at),
  event: r.sig,
  activityId: r.activity_id,
  outcome: r.outcome,
  actions: r.actions as AutomationRunRecord['actions'],
  error: r.error,
  depth: r.depth,
})
