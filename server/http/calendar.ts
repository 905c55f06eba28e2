/**
 * GET /ical/:subscribe_code: a calendar's iCalendar feed (server/domain/calendars.ts) for calendar
 * apps, without a session: the code is the credential. `.ics` may be appended to the code. An
 * unknown or rotated code -> 404. ETag is a hash of the body; If-None-Match with it -> 304.
 */
import express from 'express'
import { calendarBySubscribeHash, listEvents } from '../db/calendars'
import { calendarFeed, etagOf } from '../domain/calendars'
import { hashSecret } from '../ids'
import { notFound } from '../errors'
import type { RouteDeps } from './routes'
import { USER_CONTENT_CSP } from './user-content'

/** The host part of event UIDs: PUBLIC_URL's host when set, else a fixed name, so UIDs never change with the Host header. */
function uidDomain(publicUrl: string | null): string {
  if (publicUrl) {
    try {
      return new URL(publicUrl).hostname
    } catch {
      // fall through
    }
  }
  return 'hlr-server.invalid'
}

export function calendarRouter({ config, db }: RouteDeps) {
  const router = express.Router()
  router.get('/ical/:subscribe_code', async (req, res) => {
    const code = req.params.subscribe_code.replace(/\.ics$/, '')
    const calendar = code.length >= 16 && code.length <= 64 ? await calendarBySubscribeHash(db.kysely, hashSecret(code)) : undefined
    if (!calendar) throw notFound('calendar')
    const events = await listEvents(db.kysely, calendar.cid, calendar._id)
    const body = calendarFeed(calendar, events, uidDomain(config.publicUrl))
    const etag = etagOf(body)
    res.set({ ETag: etag, 'Cache-Control': 'private, no-cache', 'Content-Security-Policy': USER_CONTENT_CSP })
    const match = req.get('if-none-match')
    if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*')) return void res.status(304).end()
    res.status(200).type('text/calendar; charset=utf-8').send(body)
  })
  return router
}
