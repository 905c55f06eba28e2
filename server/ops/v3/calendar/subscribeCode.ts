/**
 * A calendar's subscribe code (added operations): the secret of GET /ical/:subscribe_code, 32
 * characters (192 bits), kept only as its sha256, so it is shown once: when created or rotated.
 * Rotating replaces it: the old code answers 404 from then on. The calendar's managers (its creator,
 * owners, admins) hold these.
 *
 * Signal: `v3.calendar.updated` `{cid, _id}` on workspace:<cid> (the calendar's `subscribable` changes).
 */
import { setSubscribeHash } from '../../../db/calendars'
import { calendarIn, requireCalendarManager } from '../../../domain/calendars'
import { conflict } from '../../../errors'
import { hashSecret, newSecret } from '../../../ids'
import type { MemberContext } from '../../../context'
import { operation } from '../../../rpc/operation'

async function issue(ctx: MemberContext, calendarId: string, mustExist: boolean) {
  const { cid, member, calendar } = await calendarIn(ctx, calendarId)
  requireCalendarManager(member, calendar)
  if (!mustExist && calendar.subscribe_hash)
    throw conflict('the calendar has a subscribe code already: rotate it to get a new one', { argument: 0, name: 'calendarId' })
  const code = newSecret()
  await setSubscribeHash(ctx.db, cid, calendarId, hashSecret(code))
  ctx.publish(`workspace:${cid}`, 'v3.calendar.updated', { cid, _id: calendarId })
  return { code, path: `/ical/${code}` }
}

/** `[calendarId]`: a first code (409 when one exists). Returns `{code, path}` (path: `/ical/<code>`). */
export const create = operation({
  name: 'v3.calendar.subscribeCode.create',
  access: 'member',
  capability: 'workspace.read',
  rule: "the calendar's creator, owners and admins (workspace.update)",
  run: (ctx, calendarId: string) => issue(ctx, calendarId, false),
})

/** `[calendarId]`: a new code replacing any old one. Returns `{code, path}`. */
export const rotate = operation({
  name: 'v3.calendar.subscribeCode.rotate',
  access: 'member',
  capability: 'workspace.read',
  rule: "the calendar's creator, owners and admins (workspace.update)",
  run: (ctx, calendarId: string) => issue(ctx, calendarId, true),
})
