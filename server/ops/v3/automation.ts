/**
 * Automations (added operations): v3.automation.create, list, update, remove, runs; capability
 * automations.manage. A rule runs as a durable consumer of the event log
 * (server/consumers/automations.ts) with its creator's rights; the guide: docs/guides/automations.md.
 */
import type { AutomationAction, AutomationTrigger } from '../../../schemas/types.generated'
import type { Caller, MemberContext } from '../../context'
import { wakeConsumers } from '../../consumers/durable'
import { AUTOMATION_CONSUMER, findAutomation, listAutomations, listRuns, type AutomationWithCursor } from '../../db/automations'
import { cutClaim, deleteCursor, insertCursor, resumeCursor } from '../../db/consumers'
import { membership } from '../../db/workspaces'
import { badWebhookUrl, newWebhookSecret } from '../../consumers/webhook-post'
import { audit } from '../../domain/audit'
import { checkAutomationRule } from '../../domain/automation-rules'
import { notFound, refused } from '../../errors'
import { isObjectId, newId } from '../../ids'
import { loadProcessAccess } from '../../policies/processes'
import { userPrincipal } from '../../policies/principal'
import { automationRecord, automationRunRecord } from '../../presenters/automation'
import { streamState } from '../../realtime/event-log'
import { operation } from '../../rpc/operation'

/** Rules of one workflow: each is a cursor every write of the workspace wakes. */
const MAX_PER_WORKFLOW = 100

async function automationWorkspace({ db, session }: Caller, automationId: string): Promise<string> {
  const rule = isObjectId(automationId) ? await findAutomation(db, automationId) : undefined
  if (!rule || !(await membership(db, rule.cid, session.uid))) throw notFound('automation')
  return rule.cid
}

async function loadAutomation(ctx: MemberContext, automationId: string, options: { lock?: boolean } = {}): Promise<AutomationWithCursor> {
  const rule = await findAutomation(ctx.db, automationId, options)
  if (!rule || rule.cid !== ctx.cid) throw notFound('automation')
  return rule
}

/**
 * The workflow, as the caller sees it (404 otherwise); what the trigger and actions name must be its
 * own (422: server/domain/automation-rules.ts). Returns the trigger as it is stored.
 */
async function checkRule(
  ctx: MemberContext,
  argument: number,
  processId: string,
  trigger: AutomationTrigger | undefined,
  actions: AutomationAction[] | undefined,
): Promise<AutomationTrigger | undefined> {
  const seen = await loadProcessAccess(ctx.db, userPrincipal(ctx.session.uid), processId).catch(() => null)
  if (!seen || seen.process.cid !== ctx.cid) throw notFound('workflow')
  actions?.forEach((a, i) => {
    if (a.type !== 'webhook') return
    const bad = badWebhookUrl(a.url)
    if (bad) throw ctx.invalid(argument, `/actions/${i}/url`, bad)
  })
  return checkAutomationRule(ctx, argument, seen.process, trigger, actions)
}

/** An automation as the audit trail records it: never its secret. */
const auditState = (a: Pick<AutomationWithCursor, 'process_id' | 'name' | 'trigger' | 'actions' | 'enabled'>) => ({
  processId: a.process_id,
  name: a.name,
  trigger: a.trigger,
  actions: a.actions,
  enabled: a.enabled,
})

export const create = operation({
  name: 'v3.automation.create',
  access: 'member',
  capability: 'automations.manage',
  workspace: (_caller, workspaceId) => workspaceId,
  async run(ctx, _workspaceId, automation) {
    const trigger = (await checkRule(ctx, 1, automation.processId, automation.trigger, automation.actions))!
    const { count } = await ctx.db
      .selectFrom('automations')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('cid', '=', ctx.cid)
      .where('process_id', '=', automation.processId)
      .executeTakeFirstOrThrow()
    if (Number(count) >= MAX_PER_WORKFLOW) throw refused(`a workflow has at most ${MAX_PER_WORKFLOW} automations`, { max: MAX_PER_WORKFLOW })
    const _id = newId()
    const secret = newWebhookSecret()
    const enabled = automation.enabled ?? true
    await ctx.db
      .insertInto('automations')
      .values({
        cid: ctx.cid,
        _id,
        process_id: automation.processId,
        uid: ctx.session.uid,
        name: automation.name ?? 'Automation',
        trigger: JSON.stringify(trigger),
        actions: JSON.stringify(automation.actions),
        secret,
        enabled,
        created: Date.now(),
        updated: null,
      })
      .execute()
    // It hears what happens from now on.
    await insertCursor(ctx.db, AUTOMATION_CONSUMER, _id, ctx.cid, (await streamState(ctx.db)).head)
    if (!enabled) await resumeCursor(ctx.db, AUTOMATION_CONSUMER, _id, { enabled: false })
    const created = (await findAutomation(ctx.db, _id))!
    await audit(ctx, { cid: ctx.cid, kind: 'automation.create', targetId: _id, after: auditState(created) })
    return automationRecord(created, secret)
  },
})

export const list = operation({
  name: 'v3.automation.list',
  access: 'member',
  capability: 'automations.manage',
  readOnly: true,
  workspace: (_caller, workspaceId) => workspaceId,
  async run(ctx, _workspaceId, options = {}) {
    return (await listAutomations(ctx.db, ctx.cid, options.processId)).map((a) => automationRecord(a))
  },
})

export const update = operation({
  name: 'v3.automation.update',
  access: 'member',
  capability: 'automations.manage',
  workspace: automationWorkspace,
  async run(ctx, automationId, changes) {
    const rule = await loadAutomation(ctx, automationId, { lock: true })
    const trigger = await checkRule(ctx, 1, rule.process_id, changes.trigger, changes.actions)
    await ctx.db
      .updateTable('automations')
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(trigger !== undefined ? { trigger: JSON.stringify(trigger) } : {}),
        ...(changes.actions !== undefined ? { actions: JSON.stringify(changes.actions) } : {}),
        ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
        updated: Date.now(),
      })
      .where('cid', '=', rule.cid)
      .where('_id', '=', rule._id)
      .execute()
    if (changes.enabled !== undefined && changes.enabled !== rule.enabled) {
      // Enabled again: from the events after now, not those it missed while off.
      const position = changes.enabled ? (await streamState(ctx.db)).head : undefined
      await resumeCursor(ctx.db, AUTOMATION_CONSUMER, rule._id, { enabled: changes.enabled, ...(position !== undefined ? { position } : {}) })
      wakeConsumers(ctx)
    } else if (trigger !== undefined || changes.actions !== undefined) {
      // The next event runs the rule as it is now.
      await cutClaim(ctx.db, AUTOMATION_CONSUMER, rule._id)
      wakeConsumers(ctx)
    }
    const updated = (await findAutomation(ctx.db, rule._id))!
    await audit(ctx, { cid: rule.cid, kind: 'automation.update', targetId: rule._id, before: auditState(rule), after: auditState(updated) })
    return automationRecord(updated)
  },
})

export const remove = operation({
  name: 'v3.automation.remove',
  access: 'member',
  capability: 'automations.manage',
  workspace: automationWorkspace,
  async run(ctx, automationId) {
    const rule = await loadAutomation(ctx, automationId, { lock: true })
    await ctx.db.deleteFrom('automations').where('cid', '=', rule.cid).where('_id', '=', rule._id).execute()
    await ctx.db.deleteFrom('automation_runs').where('automation_id', '=', rule._id).execute()
    await deleteCursor(ctx.db, AUTOMATION_CONSUMER, rule._id)
    await audit(ctx, { cid: rule.cid, kind: 'automation.remove', targetId: rule._id, before: auditState(rule) })
    return true
  },
})

export const runs = operation({
  name: 'v3.automation.runs',
  access: 'member',
  capability: 'automations.manage',
  readOnly: true,
  workspace: automationWorkspace,
  async run(ctx, automationId, options = {}) {
    const rule = await loadAutomation(ctx, automationId)
    return (await listRuns(ctx.db, rule._id, options.afterId ?? 0, options.limit ?? 100)).map(automationRunRecord)
  },
})
