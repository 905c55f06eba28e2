/**
 * Calendars of the caller's current workspace (added operations): v3.calendar.create, update,
 * remove, list. Every member sees every calendar and creates calendars (within the license's
 * `calendars` quota); the creator, owners and admins change and remove one.
 *
 * Signals: `v3.calendar.created|updated|removed` `{cid, _id}` on workspace:<cid>.
 */
import { calendarRecord } from '../../presenters/calendar'
import { deleteCalendar, findCalendar, insertCalendar, listCalendars, updateCalendar, type CalendarFields } from '../../db/calendars'
import { calendarIn, isTimeZone, requireCalendarManager } from '../../domain/calendars'
import { enforceQuota } from '../../policies/quota'
import { invalidOf, type Invalid } from '../../context'
import { operation } from '../../rpc/operation'

interface CalendarInput {
  name?: string
  description?: string | null
  color?: string | null
  timezone?: string
}

function calendarChange(input: CalendarInput, invalid: Invalid): Partial<CalendarFields> {
  const change: Partial<CalendarFields> = {}
  if (input.name !== undefined) {
    change.name = input.name.trim()
    if (!change.name) throw invalid('/name', 'must not be blank')
  }
  if (input.description !== undefined) change.description = input.description
  if (input.color !== undefined) change.color = input.color
  if (input.timezone !== undefined) {
    if (!isTimeZone(input.timezone)) throw invalid('/timezone', 'must be an IANA time zone name')
    change.timezone = input.timezone
  }
  return change
}

/** `{name, description?, color?, timezone? (IANA, default UTC)}`. Returns the Calendar record. */
export const create = operation({
  name: 'v3.calendar.create',
  access: 'member',
  capability: 'workspace.read',
  async run(ctx, calendar) {
    const { cid } = ctx
    const change = calendarChange(calendar, invalidOf(ctx, 0))
    await enforceQuota(ctx.db, cid, 'calendars')
    const _id = await insertCalendar(ctx.db, cid, ctx.session.uid, {
      name: change.name!,
      description: change.description ?? null,
      color: change.color ?? null,
      timezone: change.timezone ?? 'UTC',
    })
    ctx.publish(`workspace:${cid}`, 'v3.calendar.created', { cid, _id })
    return calendarRecord((await findCalendar(ctx.db, cid, _id))!)
  },
})

/** `[calendarId, {name?, description?, color?, timezone?}]` (null clears description or color). Returns the Calendar record. */
export const update = operation({
  name: 'v3.calendar.update',
  access: 'member',
  capability: 'workspace.read',
  rule: "the calendar's creator, owners and admins (workspace.update)",
  async run(ctx, calendarId, changes) {
    const { cid, member, calendar } = await calendarIn(ctx, calendarId)
    requireCalendarManager(member, calendar)
    const change = calendarChange(changes, invalidOf(ctx, 1))
    await updateCalendar(ctx.db, cid, calendarId, change)
    ctx.publish(`workspace:${cid}`, 'v3.calendar.updated', { cid, _id: calendarId })
    return calendarRecord((await findCalendar(ctx.db, cid, calendarId))!)
  },
})

/** `[calendarId]`: the calendar, its events and its subscribe code go. Returns true. */
export const remove = operation({
  name: 'v3.calendar.remove',
  access: 'member',
  capability: 'workspace.read',
  rule: "the calendar's creator, owners and admins (workspace.update)",
  async run(ctx, calendarId) {
    const { cid, member, calendar } = await calendarIn(ctx, calendarId)
    requireCalendarManager(member, calendar)
    await deleteCalendar(ctx.db, cid, calendarId)
    ctx.publish(`workspace:${cid}`, 'v3.calendar.removed', { cid, _id: calendarId })
    return true
  },
})

/** `[]`: the calendars of the current workspace, oldest first. */
export const list = operation({
  name: 'v3.calendar.list',
  access: 'member',
  capability: 'workspace.read',
  readOnly: true,
  async run(ctx) {
    const { cid } = ctx
    return (await listCalendars(ctx.db, cid)).map(calendarRecord)
  },
})
