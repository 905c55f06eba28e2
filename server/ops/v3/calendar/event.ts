/**
 * Events of a calendar (added operations): v3.calendar.event.create, update, remove, list.
 * Every member of the workspace reads them; the calendar's creator, owners and admins change them.
 * Times: server/domain/calendars.ts.
 *
 * Signals: `v3.calendar.event.created|updated|removed` `{cid, calendarId, _id}` on workspace:<cid>.
 */
import { eventRecord } from '../../../presenters/calendar'
import { deleteEvent, findEvent, insertEvent, listEvents, updateEvent } from '../../../db/calendars'
import { calendarIn, eventFields, requireCalendarManager } from '../../../domain/calendars'
import { notFound } from '../../../errors'
import { invalidOf, type MemberContext } from '../../../context'
import { operation } from '../../../rpc/operation'

/** The event, locked: its callers change it (an update merges the changes into what is read here). */
async function calendarOfEvent(ctx: MemberContext, eventId: string) {
  const { cid } = ctx
  const event = await findEvent(ctx.db, cid, eventId, { lock: true })
  if (!event) throw notFound('event')
  const { member, calendar } = await calendarIn(ctx, event.calendar_id)
  return { cid, member, calendar, event }
}

/** `[calendarId, {title, description?, location?, start, end?, allDay?, timezone?}]`. Returns the Event record. */
export const create = operation({
  name: 'v3.calendar.event.create',
  access: 'member',
  capability: 'workspace.read',
  rule: "the calendar's creator, owners and admins (workspace.update)",
  async run(ctx, calendarId, event) {
    const { cid, member, calendar } = await calendarIn(ctx, calendarId)
    requireCalendarManager(member, calendar)
    const fields = eventFields(event, invalidOf(ctx, 1))
    const _id = await insertEvent(ctx.db, cid, calendarId, ctx.session.uid, fields)
    ctx.publish(`workspace:${cid}`, 'v3.calendar.event.created', { cid, calendarId, _id })
    return eventRecord((await findEvent(ctx.db, cid, _id))!)
  },
})

/** `[eventId, {title?, description?, location?, start?, end?, allDay?, timezone?}]`; null clears an optional field. Returns the Event record. */
export const update = operation({
  name: 'v3.calendar.event.update',
  access: 'member',
  capability: 'workspace.read',
  rule: "the calendar's creator, owners and admins (workspace.update)",
  async run(ctx, eventId, changes) {
    const { cid, member, calendar, event } = await calendarOfEvent(ctx, eventId)
    requireCalendarManager(member, calendar)
    const fields = eventFields(changes, invalidOf(ctx, 1), event)
    await updateEvent(ctx.db, cid, eventId, fields)
    ctx.publish(`workspace:${cid}`, 'v3.calendar.event.updated', { cid, calendarId: calendar._id, _id: eventId })
    return eventRecord((await findEvent(ctx.db, cid, eventId))!)
  },
})

/** `[eventId]`. Returns true. */
export const remove = operation({
  name: 'v3.calendar.event.remove',
  access: 'member',
  capability: 'workspace.read',
  rule: "the calendar's creator, owners and admins (workspace.update)",
  async run(ctx, eventId) {
    const { cid, member, calendar } = await calendarOfEvent(ctx, eventId)
    requireCalendarManager(member, calendar)
    await deleteEvent(ctx.db, cid, eventId)
    ctx.publish(`workspace:${cid}`, 'v3.calendar.event.removed', { cid, calendarId: calendar._id, _id: eventId })
    return true
  },
})

/** `[calendarId, {from?, to?}?]` (ISO date-times): the events overlapping [from, to), by start. */
export const list = operation({
  name: 'v3.calendar.event.list',
  access: 'member',
  capability: 'workspace.read',
  readOnly: true,
  async run(ctx, calendarId, range) {
    const { cid } = await calendarIn(ctx, calendarId)
    const invalid = invalidOf(ctx, 1)
    const ms = (key: 'from' | 'to') => {
      const value = range?.[key]
      if (value === undefined) return undefined
      const parsed = Date.parse(value)
      if (!Number.isFinite(parsed)) throw invalid(`/${key}`, 'must be an ISO 8601 date or date-time')
      return parsed
    }
    return (await listEvents(ctx.db, cid, calendarId, { from: ms('from'), to: ms('to') })).map(eventRecord)
  },
})
