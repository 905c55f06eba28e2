/**
 * Calendars: who manages one, what an event's times mean, and the iCalendar feed of GET /ical/:code.
 *
 * Events: all-day events have `start` (and optional inclusive `end`) as YYYY-MM-DD; timed events
 * have ISO 8601 date-times with `Z` or an offset, kept as UTC instants. `timezone` (IANA) is the
 * zone the event was planned in, kept for clients; the feed writes timed events in UTC, which
 * every calendar app shows in its own zone, so no VTIMEZONE is needed.
 */
import { createHash } from 'node:crypto'
import ICAL from 'ical.js'
import { findCalendar, type CalendarRow, type EventFields, type EventRow } from '../db/calendars'
import { forbidden, notFound } from '../errors'
import type { Member } from '../policies/roles'
import type { Invalid, MemberContext } from '../context'

// RFC 5545 3.1: a line is at most 75 octets. ical.js puts foldLength octets of content on each line,
// and a continuation line starts with a space: 74 keeps every line within 75 (it never splits a
// multi-byte character).
ICAL.foldLength = 74

const DAY_MS = 24 * 60 * 60 * 1000

/** The calendar of the caller's current workspace (404 otherwise) and the caller's membership. */
/** A calendar of the workspace the call acts in (404 otherwise), with the caller's membership there. */
export async function calendarIn(ctx: MemberContext, calendarId: string) {
  const { cid, member } = ctx
  const calendar = await findCalendar(ctx.db, cid, calendarId)
  if (!calendar) throw notFound('calendar')
  return { cid, member, calendar }
}

/** Owners and admins (workspace.update) and the calendar's creator change a calendar and its events. */
export function requireCalendarManager(member: Member, calendar: CalendarRow): void {
  if (calendar.uid === member.uid || member.capabilities.has('workspace.update')) return
  throw forbidden('only the creator of the calendar, owners and admins may change it', { capability: 'workspace.update' })
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/

function parseDate(value: unknown): number | null {
  if (typeof value !== 'string') return null
  const m = DATE.exec(value)
  if (!m) return null
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  return new Date(ms).toISOString().slice(0, 10) === value ? ms : null
}

function parseDateTime(value: unknown): number | null {
  if (typeof value !== 'string' || !DATE_TIME.test(value)) return null
  const ms = Date.parse(value)
  return Number.isFinite(ms) ? ms : null
}

export interface EventInput {
  title?: string
  description?: string | null
  location?: string | null
  start?: string
  end?: string | null
  allDay?: boolean
  timezone?: string | null
}

/** An event's stored fields from its input (merged over `current` for an update); 400 at the first fault. */
export function eventFields(input: EventInput, invalid: Invalid, current?: EventRow): EventFields {
  const title = (input.title ?? current?.title ?? '').trim()
  if (!title) throw invalid('/title', 'must not be blank')
  const allDay = input.allDay ?? current?.all_day ?? false
  const start = input.start ?? current?.start
  // Switching between all-day and timed without new times would leave times of the other form.
  const end = input.end !== undefined ? input.end : input.start !== undefined || input.allDay !== undefined ? null : (current?.end ?? null)
  const timezone = input.timezone !== undefined ? input.timezone : (current?.timezone ?? null)
  if (timezone !== null && !isTimeZone(timezone)) throw invalid('/timezone', 'must be an IANA time zone name')
  const description = input.description !== undefined ? input.description : (current?.description ?? null)
  const location = input.location !== undefined ? input.location : (current?.location ?? null)
  if (allDay) {
    const startMs = parseDate(start)
    if (startMs === null) throw invalid('/start', 'must be a date YYYY-MM-DD for an all-day event')
    const endMs = end === null ? startMs : parseDate(end)
    if (endMs === null) throw invalid('/end', 'must be a date YYYY-MM-DD for an all-day event')
    if (endMs < startMs) throw invalid('/end', 'must not be before start')
    return { title, description, location, all_day: true, start: start!, end, start_ms: startMs, end_ms: endMs + DAY_MS, timezone }
  }
  const startMs = parseDateTime(start)
  if (startMs === null) throw invalid('/start', 'must be an ISO 8601 date-time with Z or an offset')
  const endMs = end === null ? startMs : parseDateTime(end)
  if (endMs === null) throw invalid('/end', 'must be an ISO 8601 date-time with Z or an offset')
  if (endMs < startMs) throw invalid('/end', 'must not be before start')
  return {
    title,
    description,
    location,
    all_day: false,
    start: new Date(startMs).toISOString(),
    end: end === null ? null : new Date(endMs).toISOString(),
    start_ms: startMs,
    end_ms: endMs,
    timezone,
  }
}

/** Text for the feed: line breaks as \n (ical.js escapes them), no other control characters. */
const clean = (text: string) => text.replace(/\r\n?/g, '\n').replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '')

/** A property whose value is TEXT, escaped by ical.js (X- properties are not escaped unless typed). */
function textProperty(component: ICAL.Component, name: string, value: string) {
  const property = new ICAL.Property(name)
  property.resetType('text')
  property.setValue(clean(value))
  component.addProperty(property)
}

const utc = (ms: number) => ICAL.Time.fromJSDate(new Date(ms), true)
function date(ms: number) {
  const d = new Date(ms)
  return ICAL.Time.fromData({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), isDate: true })
}

/**
 * The VCALENDAR of a calendar: PRODID, VERSION 2.0, X-WR-CALNAME, X-WR-TIMEZONE; one VEVENT per event
 * with UID `<eventId>@<uidDomain>`, DTSTAMP (its last change), DTSTART and DTEND (DATE for all-day
 * events, DTEND the day after the last; UTC DATE-TIME for timed ones), SUMMARY, DESCRIPTION, LOCATION.
 * The same data gives the same bytes, so the ETag is stable.
 */
export function calendarFeed(calendar: CalendarRow, events: EventRow[], uidDomain: string): string {
  const vcalendar = new ICAL.Component(['vcalendar', [], []])
  vcalendar.updatePropertyWithValue('prodid', '-//hlr-server//calendars//EN')
  vcalendar.updatePropertyWithValue('version', '2.0')
  vcalendar.updatePropertyWithValue('calscale', 'GREGORIAN')
  vcalendar.updatePropertyWithValue('method', 'PUBLISH')
  textProperty(vcalendar, 'x-wr-calname', calendar.name)
  textProperty(vcalendar, 'x-wr-timezone', calendar.timezone)
  if (calendar.description) textProperty(vcalendar, 'x-wr-caldesc', calendar.description)
  for (const e of events) {
    const vevent = new ICAL.Component('vevent')
    vevent.updatePropertyWithValue('uid', `${e._id}@${uidDomain}`)
    vevent.updatePropertyWithValue('dtstamp', utc(e.updated ?? e.created))
    vevent.updatePropertyWithValue('created', utc(e.created))
    vevent.updatePropertyWithValue('last-modified', utc(e.updated ?? e.created))
    if (e.all_day) {
      vevent.updatePropertyWithValue('dtstart', date(e.start_ms))
      vevent.updatePropertyWithValue('dtend', date(e.end_ms))
    } else {
      vevent.updatePropertyWithValue('dtstart', utc(e.start_ms))
      if (e.end !== null) vevent.updatePropertyWithValue('dtend', utc(e.end_ms))
    }
    textProperty(vevent, 'summary', e.title)
    if (e.description) textProperty(vevent, 'description', e.description)
    if (e.location) textProperty(vevent, 'location', e.location)
    vcalendar.addSubcomponent(vevent)
  }
  return vcalendar.toString() + '\r\n'
}

export const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`
