/**
 * What an automation's trigger and actions name, checked when the rule is made or changed
 * (v3.automation.create, update) rather than first when it runs: phases, fields, field values
 * (option values, users, teams, linked activities) and members. Each check is the one the operation
 * the action calls makes (./activities/checks.ts, ./activities/followers.ts, ./wall/recipients.ts),
 * answered as 422 `{argument, name, path, reason, …}` naming the place in the rule: the rule is well
 * formed, but names something the workflow or workspace does not have. Nothing is written before.
 */
import type { AutomationAction, AutomationTrigger } from '../../schemas/types.generated'
import type { MemberContext } from '../context'
import { loadFieldsById, type ProcessRow } from '../db/processes'
import { RpcError, refused } from '../errors'
import { checkReferences, checkValues, knownIds, livePhase, visibleLinkTargets } from './activities/checks'
import { seeing } from './activities/followers'
import { checkRecipients } from './wall/recipients'

/** The 422 about the rule at JSON path `path` of argument `argument` (worded as the 400s of arguments are). */
const refusedAt = (ctx: MemberContext, argument: number, path: string, reason: string, details: object = {}) => {
  const as400 = ctx.invalid(argument, path, reason, details)
  return refused(as400.message, as400.details)
}

/**
 * Checks the trigger and actions given (either may be absent: an update changes what it names) and
 * returns the trigger as it is stored: its `value` in the field's stored form (a date as ms), as
 * runs compare it with the activity's.
 */
export async function checkAutomationRule(
  ctx: MemberContext,
  argument: number,
  process: ProcessRow,
  trigger: AutomationTrigger | undefined,
  actions: AutomationAction[] | undefined,
): Promise<AutomationTrigger | undefined> {
  const at = (path: string, reason: string, details?: object) => refusedAt(ctx, argument, path, reason, details)
  const fields = await loadFieldsById(ctx.db, process.cid, process._id)
  const ids = { users: new Set<string>(), teams: new Set<string>(), links: new Set<string>() }
  const people: { path: string; uid: string; mustSee: boolean }[] = []
  let stored = trigger

  if (trigger?.type === 'phase.entered' && !livePhase(process.info, trigger.phaseId))
    throw at('/trigger/phaseId', 'is not a phase of the workflow', { phaseId: trigger.phaseId })
  if (trigger?.type === 'field.changed') {
    if (!fields.has(trigger.fieldId)) throw at('/trigger/fieldId', 'is not a field of the workflow', { field: trigger.fieldId })
    if ('value' in trigger) {
      const given = checkValues({ [trigger.fieldId]: trigger.value }, fields, (_i, _path, reason, details) => at('/trigger/value', reason, details), 0, ids)
      stored = { ...trigger, value: given[trigger.fieldId] as typeof trigger.value }
    }
  }
  if (trigger?.type === 'ball.passed' && trigger.to) people.push({ path: '/trigger/to', uid: trigger.to, mustSee: true })

  const values: { index: number; given: Record<string, unknown> }[] = []
  for (const [i, action] of (actions ?? []).entries()) {
    const path = `/actions/${i}`
    switch (action.type) {
      case 'move':
        if (!livePhase(process.info, action.phaseId)) throw at(`${path}/phaseId`, 'is not a phase of the workflow', { phaseId: action.phaseId })
        break
      case 'setFields':
        values.push({ index: i, given: checkValues(action.fields, fields, (_i, p, reason, details) => at(`${path}${p}`, reason, details), i, ids) })
        break
      case 'passBall':
        people.push({ path: `${path}/userId`, uid: action.userId, mustSee: true })
        break
      case 'addFollowers':
        action.userIds.forEach((uid, j) => people.push({ path: `${path}/userIds/${j}`, uid, mustSee: true }))
        break
      case 'mail':
        if (action.to !== 'ballHolder') people.push({ path: `${path}/to`, uid: action.to, mustSee: false })
        break
      case 'post':
        if (action.recipients) await recipientsOf(ctx, argument, `${path}/recipients`, action.recipients)
        break
    }
  }

  for (const p of people) ids.users.add(p.uid)
  const known = { ...(await knownIds(ctx, process.cid, ids.users, ids.teams)), links: await visibleLinkTargets(ctx, process.cid, ids.links) }
  for (const { index, given } of values) checkReferences(given, fields, (_i, p, reason, details) => at(`/actions/${index}${p}`, reason, details), index, known)
  if (stored?.type === 'field.changed' && 'value' in stored)
    checkReferences({ [stored.fieldId]: stored.value }, fields, (_i, _p, reason, details) => at('/trigger/value', reason, details), 0, known)
  const stranger = people.find((p) => !known.users.has(p.uid))
  if (stranger) throw at(stranger.path, 'is not a member of the workspace', { userId: stranger.uid })
  const sees = await seeing(ctx, process, [...new Set(people.filter((p) => p.mustSee).map((p) => p.uid))])
  const blind = people.find((p) => p.mustSee && !sees.has(p.uid))
  if (blind) throw at(blind.path, 'may not see the workflow, so cannot follow its activities or hold their ball', { userId: blind.uid })
  return stored
}

/** A post's recipients as wall2.new_post checks them; one that is not there is a 422 here (the rule names it). */
async function recipientsOf(ctx: MemberContext, argument: number, path: string, recipients: string[]) {
  try {
    await checkRecipients(ctx, argument, recipients, true, path)
  } catch (err) {
    if (err instanceof RpcError && err.code === 404) throw refused(err.message, err.details)
    throw err
  }
}
