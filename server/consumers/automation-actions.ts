/**
 * What an automation does with one event: whether its trigger matches, and its actions as the
 * operations a person would call (v3.activity.updateMany, v3.activity.ball.pass, wall2.new_post),
 * run with the rule creator's rights through `RunAs` (server/rpc/run-as.ts, given by the app: the
 * consumers sit below rpc). Mail and webhook calls are the two actions that are not operations.
 */
import { sql, type Transaction } from 'kysely'
import type { AutomationAction, AutomationTrigger } from '../../schemas/types.generated'
import type { AutomationRow } from '../db/automations'
import type { Database, DbHandle, EventOrigin } from '../db/schema'
import type { Mail } from '../mail'
import type { BusMessage } from '../realtime/bus'
import type { LoggedSignal } from '../realtime/event-log'

/** Operations called as a user inside a transaction: `call` throws what the operation throws. */
export interface ActingAs {
  call(op: string, ...args: unknown[]): Promise<unknown>
  /** After the transaction committed: the work the operations left for then (function values). */
  afterCommit(): Promise<void>
}

export type RunAs = (
  trx: Transaction<Database>,
  as: { uid: string; automationId: string; origin: EventOrigin; queued: BusMessage[]; mails: Mail[] },
) => ActingAs

/** The activities an event is about, when its signal is the trigger's (before any value is read). */
export function triggered(trigger: AutomationTrigger, event: LoggedSignal): string[] {
  const meta = (event.meta ?? {}) as { _id?: string; ids?: string[]; to?: string | null; fields?: string[] }
  const ids = Array.isArray(meta.ids) ? meta.ids : meta._id ? [meta._id] : []
  switch (trigger.type) {
    case 'activity.created':
      return event.sig === 'v3.activity.created' ? ids : []
    case 'phase.entered':
      return event.sig === 'v3.activity.phase' && meta.to === trigger.phaseId ? ids : []
    case 'field.changed':
      return event.sig === 'v3.activity.updated' && (meta.fields ?? []).includes(trigger.fieldId) ? ids : []
    case 'ball.passed':
      return event.sig === 'v3.activity.ball' && !!meta.to && (!trigger.to || meta.to === trigger.to) ? ids : []
  }
}

/** The signals a trigger may be set off by (the consumer reads only events of the workflow's topic with these). */
export const TRIGGER_SIGNALS = new Set(['v3.activity.created', 'v3.activity.phase', 'v3.activity.updated', 'v3.activity.ball'])

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/** A `field.changed` trigger with a value: the only kind whose runs read a value. */
const comparesValue = (trigger: AutomationTrigger): trigger is AutomationTrigger & { type: 'field.changed'; fieldId: string; value: unknown } =>
  trigger.type === 'field.changed' && 'value' in trigger

/** The later changes of a trigger's field that a rule knows of: the last seq per activity, as the log held them through `through`. */
export interface LaterChanges {
  last: Map<string, number>
  through: number
}

/**
 * For a rule about to handle events from `after` on: the last change of its trigger's field per
 * activity after that seq, in one statement for the events it prepares (a rule far behind the log
 * reads the log once per batch, not once per event). Null: its runs read no value.
 */
export async function laterChanges(db: DbHandle, trigger: AutomationTrigger, processId: string, after: number): Promise<LaterChanges | null> {
  if (!comparesValue(trigger)) return null
  const { rows } = await sql<{ through: string | null; last: Record<string, string> }>`select
      (select max(seq) from event_log) as through,
      (select coalesce(jsonb_object_agg(id, last), '{}') from (
        select e.meta->>'_id' as id, max(e.seq) as last from event_log e
        where e.seq > ${after} and e.process_id = ${processId} and e.sig = 'v3.activity.updated' and e.meta->'fields' ? ${trigger.fieldId}
        group by 1) changes) as last`.execute(db)
  const [row] = rows
  return { through: Number(row?.through ?? after), last: new Map(Object.entries(row?.last ?? {}).map(([id, seq]) => [id, Number(seq)])) }
}

/**
 * For `field.changed` with a value: whether the change `event` made to the field holds it. The log
 * keeps which fields changed, not their values, so the value read is the activity's now; that is
 * the event's own value only while no later event changed the field. An event a later change of
 * the field followed is left to that one: a rule handling its events after both were written would
 * otherwise judge the earlier change by the later value, and run twice for one change to the
 * value. `known`: the later changes read for the rule's batch (laterChanges); the log after them is
 * read with the value, in one statement, so both are read as of one moment.
 */
export async function valueMatches(
  db: DbHandle,
  trigger: AutomationTrigger,
  cid: string,
  activityId: string,
  event: Pick<LoggedSignal, 'seq'>,
  known?: LaterChanges,
): Promise<boolean> {
  if (!comparesValue(trigger)) return true
  if ((known?.last.get(activityId) ?? 0) > event.seq) return false
  const { fieldId } = trigger
  const row = await db
    .selectFrom('activities as a')
    .select((eb) => [
      'a.fields',
      eb
        .exists(
          eb
            .selectFrom('event_log as e')
            .select(sql.lit(1).as('one'))
            .where('e.seq', '>', Math.max(event.seq, known?.through ?? 0))
            .whereRef('e.process_id', '=', 'a.process_id')
            .where('e.sig', '=', 'v3.activity.updated')
            .where(sql<boolean>`e.meta->>'_id' = a._id and e.meta->'fields' ? ${fieldId}`),
        )
        .as('changedSince'),
    ])
    .where('a.cid', '=', cid)
    .where('a._id', '=', activityId)
    .executeTakeFirst()
  if (row?.changedSince) return false
  return same(((row?.fields ?? {}) as Record<string, unknown>)[fieldId], trigger.value)
}

export interface ActivityFacts {
  _id: string
  name: string
  ballHolder: string | null
  followers: string[]
}

export async function activityFacts(db: DbHandle, cid: string, activityId: string): Promise<ActivityFacts | null> {
  const row = await db
    .selectFrom('activities')
    .select(['_id', 'name', 'ball_holder', 'discussion_id'])
    .where('cid', '=', cid)
    .where('_id', '=', activityId)
    .where('removed', '=', false)
    .executeTakeFirst()
  if (!row) return null
  const members = await db.selectFrom('discussion_members').select('uid').where('discussion_id', '=', row.discussion_id).execute()
  const holder = row.ball_holder as { uid?: string } | null
  return { _id: row._id, name: row.name, ballHolder: holder?.uid ?? null, followers: members.map((m) => m.uid) }
}

/** `{{activity.name}}`, `{{activity.id}}`, `{{automation.name}}` in a text. */
export const fillIn = (text: string, rule: Pick<AutomationRow, 'name'>, activity: ActivityFacts) =>
  text.replace(/\{\{\s*(activity\.name|activity\.id|automation\.name)\s*\}\}/g, (_m, key: string) =>
    key === 'activity.name' ? activity.name : key === 'activity.id' ? activity._id : rule.name,
  )

/** One in-database action, through the operation a person would call. Returns what it did, for the run log. */
export async function applyAction(
  acting: ActingAs,
  db: DbHandle,
  rule: AutomationRow,
  action: AutomationAction,
  activity: ActivityFacts,
  mails: Mail[],
): Promise<string> {
  switch (action.type) {
    case 'move':
      await acting.call('v3.activity.updateMany', [{ _id: activity._id, phaseId: action.phaseId }])
      return `moved ${activity._id} to phase ${action.phaseId}`
    case 'setFields':
      await acting.call('v3.activity.updateMany', [{ _id: activity._id, fields: action.fields }])
      return `set ${Object.keys(action.fields).join(', ')} of ${activity._id}`
    case 'addFollowers':
      await acting.call('v3.activity.updateMany', [{ _id: activity._id, followerIds: action.userIds }])
      return `added ${action.userIds.length} follower(s) to ${activity._id}`
    case 'passBall':
      await acting.call('v3.activity.ball.pass', activity._id, action.userId)
      return `passed the ball of ${activity._id} to ${action.userId}`
    case 'post': {
      // The followers as the actions before this one left them.
      const followers = (await activityFacts(db, rule.cid, activity._id))?.followers ?? activity.followers
      const recipients = action.recipients ?? followers.map((uid) => `user_${uid}`)
      await acting.call(
        'wall2.new_post',
        { subject: fillIn(action.subject, rule, activity), text: fillIn(action.text, rule, activity), networks: [rule.cid] },
        recipients,
      )
      return `posted on the wall to ${recipients.length} recipient(s)`
    }
    case 'mail': {
      const uid = action.to === 'ballHolder' ? activity.ballHolder : action.to
      if (!uid) throw new Error('the activity has no ball holder to mail')
      const member = await db
        .selectFrom('workspace_members')
        .innerJoin('users', 'users._id', 'workspace_members.uid')
        .select('users.email')
        .where('workspace_members.cid', '=', rule.cid)
        .where('workspace_members.uid', '=', uid)
        .executeTakeFirst()
      if (!member?.email) throw new Error(`${uid} is not a member of the workspace with an address`)
      mails.push({ to: member.email, subject: fillIn(action.subject, rule, activity), text: fillIn(action.text, rule, activity) })
      return `mailed ${uid}`
    }
    case 'webhook':
      throw new Error('a webhook action is called before the run, not here')
  }
}
