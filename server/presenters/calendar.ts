/** Calendars and their events on the wire (v3.calendar.*, v3.calendar.event.*). */
import type { CalendarRecord, CalendarRow, EventRecord, EventRow } from '../db/calendars'

export const calendarRecord = (r: CalendarRow): CalendarRecord => ({
  _id: r._id,
  cid: r.cid,
  name: r.name,
  description: r.description,
  color: r.color,
  timezone: r.timezone,
  uid: r.uid,
  subscribable: r.subscribe_hash !== null,
  created: r.created,
  updated: r.updated,
})

export const eventRecord = (r: EventRow): EventRecord => ({
  _id: r._id,
  calendarId: r.calendar_id,
  title: r.title,
  description: r.description,
  location: r.location,
  allDay: r.all_day,
  start: r.start,
  end: r.end,
  timezone: r.timezone,
  uid: r.uid,
  created: r.created,
  updated: r.updated,
})
