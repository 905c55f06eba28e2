/** Calendars and their events. Every query is bounded by `cid`, except the subscribe-code lookup. */
import type { Selectable } from 'kysely'
import { newId } from '../ids'
import type { CalendarEventsTable, CalendarsTable, DbHandle } from './schema'

/** The Calendar record of v3.calendar.*. */
export interface CalendarRecord {
  _id: string
  cid: string
  name: string
  description: string | null
  color: string | null
  /** IANA time zone name. */
  timezone: string
  /** The creator. */
  uid: string
  /** Whether a subscribe code exists (the code itself is shown only when created or rotated). */
  subscribable: boolean
  created: number
  updated: number | null
}

/** The Event record of v3.calendar.event.*. */
export interface EventRecord {
  _id: string
  calendarId: string
  title: string
  description: string | null
  location: string | null
  allDay: boolean
  /** YYYY-MM-DD for all-day events; an ISO instant in UTC (…Z) for timed ones. */
  start: string
  /** Same form as start; all-day: the last day (inclusive); null: none given. */
  end: string | null
  timezone: string | null
  uid: string
  created: number
  updated: number | null
}

export type CalendarRow = Selectable<CalendarsTable>
export type EventRow = Selectable<CalendarEventsTable>

export interface CalendarFields {
  name: string
  description: string | null
  color: string | null
  timezone: string
}

export async function insertCalendar(db: DbHandle, cid: string, uid: string, fields: CalendarFields): Promise<string> {
  const _id = newId()
  await db
    .insertInto('calendars')
    .values({ cid, _id, uid, ...fields, subscribe_hash: null, created: Date.now(), updated: null })
    .execute()
  return _id
}

export async function findCalendar(db: DbHandle, cid: string, _id: string): Promise<CalendarRow | undefined> {
  return db.selectFrom('calendars').selectAll().where('cid', '=', cid).where('_id', '=', _id).executeTakeFirst()
}

export async function listCalendars(db: DbHandle, cid: string): Promise<CalendarRow[]> {
  return db.selectFrom('calendars').selectAll().where('cid', '=', cid).orderBy('created').orderBy('_id').execute()
}

export async function updateCalendar(db: DbHandle, cid: string, _id: string, change: Partial<CalendarFields>): Promise<void> {
  await db
    .updateTable('calendars')
    .set({ ...change, updated: Date.now() })
    .where('cid', '=', cid)
    .where('_id', '=', _id)
    .execute()
}

export async function deleteCalendar(db: DbHandle, cid: string, _id: string): Promise<void> {
  await db.deleteFrom('calendars').where('cid', '=', cid).where('_id', '=', _id).execute()
}

export async function setSubscribeHash(db: DbHandle, cid: string, _id: string, hash: string): Promise<void> {
  await db.updateTable('calendars').set({ subscribe_hash: hash, updated: Date.now() }).where('cid', '=', cid).where('_id', '=', _id).execute()
}

export async function calendarBySubscribeHash(db: DbHandle, hash: string): Promise<CalendarRow | undefined> {
  return db.selectFrom('calendars').selectAll().where('subscribe_hash', '=', hash).executeTakeFirst()
}

export interface EventFields {
  title: string
  description: string | null
  location: string | null
  all_day: boolean
  start: string
  end: string | null
  start_ms: number
  end_ms: number
  timezone: string | null
}

export async function insertEvent(db: DbHandle, cid: string, calendarId: string, uid: string, fields: EventFields): Promise<string> {
  const _id = newId()
  await db
    .insertInto('calendar_events')
    .values({ cid, _id, calendar_id: calendarId, uid, ...fields, created: Date.now(), updated: null })
    .execute()
  return _id
}

/** `lock`: the caller is about to change the event from what is read here (its row stays locked). */
export async function findEvent(db: DbHandle, cid: string, _id: string, options: { lock?: boolean } = {}): Promise<EventRow | undefined> {
  const query = db.selectFrom('calendar_events').selectAll().where('cid', '=', cid).where('_id', '=', _id)
  return (options.lock ? query.forUpdate() : query).executeTakeFirst()
}

export async function updateEvent(db: DbHandle, cid: string, _id: string, fields: EventFields): Promise<void> {
  await db
    .updateTable('calendar_events')
    .set({ ...fields, updated: Date.now() })
    .where('cid', '=', cid)
    .where('_id', '=', _id)
    .execute()
}

export async function deleteEvent(db: DbHandle, cid: string, _id: string): Promise<void> {
  await db.deleteFrom('calendar_events').where('cid', '=', cid).where('_id', '=', _id).execute()
}

/** Events by start; `from`/`to` (ms) keep those overlapping [from, to). */
export async function listEvents(db: DbHandle, cid: string, calendarId: string, range: { from?: number; to?: number } = {}): Promise<EventRow[]> {
  let q = db.selectFrom('calendar_events').selectAll().where('cid', '=', cid).where('calendar_id', '=', calendarId)
  if (range.from !== undefined) q = q.where('end_ms', '>', range.from)
  if (range.to !== undefined) q = q.where('start_ms', '<', range.to)
  return q.orderBy('start_ms').orderBy('_id').execute()
}
