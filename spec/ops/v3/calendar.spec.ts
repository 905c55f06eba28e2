/** v3.calendar.* (create, update, remove, list), v3.calendar.event.*, v3.calendar.subscribeCode.* */
import { Client } from '../../helpers/client'
import { MISSING } from '../../helpers/ids'
import { type Cast, closeCast, joinWorkspace, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'

let cast: Cast
let owner: SignedIn
let member: SignedIn // a plain 'user' member of owner's workspace
let stranger: SignedIn // owner of another workspace
let anon: Client
beforeAll(async () => {
  cast = await meetCast()
  ;({ owner, member, stranger, anon } = cast)
})
afterAll(() => closeCast(cast))

const newCalendar = (name = `Cal ${Math.random().toString(36).slice(2, 8)}`) => owner.client.call('v3.calendar.create', { name })

describe('v3.calendar.create and list', () => {
  test('401, 400 naming the argument, then the calendar, its signal, and any member (a guest too) creates and lists', async () => {
    expect((await anon.fail('v3.calendar.create', { name: 'X' })).code).toBe(401)
    expect(await owner.client.fail('v3.calendar.create', { name: '' })).toMatchObject({ code: 400, details: { argument: 0 } })
    expect(await owner.client.fail('v3.calendar.create', { name: '  ' })).toMatchObject({ code: 400, details: { argument: 0, path: '/name' } })
    expect(await owner.client.fail('v3.calendar.create', { name: 'X', timezone: 'Mars/Olympus' })).toMatchObject({
      code: 400,
      details: { argument: 0, path: '/timezone' },
    })
    expect((await owner.client.fail('v3.calendar.create', { name: 'X', extra: 1 })).code).toBe(400)

    const calendar = await owner.client.call('v3.calendar.create', {
      name: ' Team days ',
      description: 'All of us',
      color: '#ff0000',
      timezone: 'Europe/Berlin',
    })
    expect(calendar).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      cid: owner.cid,
      name: 'Team days',
      description: 'All of us',
      color: '#ff0000',
      timezone: 'Europe/Berlin',
      uid: owner.uid,
      subscribable: false,
    })
    expect((await member.client.waitForSignal('v3.calendar.created', (m) => m._id === calendar._id)).meta).toEqual({ cid: owner.cid, _id: calendar._id })
    expect(stranger.client.signals.filter((s) => s.sig.startsWith('v3.calendar'))).toEqual([])
    expect((await owner.client.call('v3.calendar.create', { name: 'Plain' })).timezone).toBe('UTC')

    const guest = await joinWorkspace(owner, { role: 'guest' })
    try {
      const own = await guest.client.call('v3.calendar.create', { name: 'Guest calendar' })
      const listed = (await guest.client.call('v3.calendar.list')).map((c: any) => c._id)
      expect(listed).toEqual(expect.arrayContaining([calendar._id, own._id]))
    } finally {
      await guest.client.close()
    }
    expect((await stranger.client.call('v3.calendar.list')).map((c: any) => c._id)).not.toContain(calendar._id)
    expect((await anon.fail('v3.calendar.list')).code).toBe(401)
  })
})

describe('v3.calendar.update and remove', () => {
  test('401, 400, 404 for another workspace, 403 for a user who did not create it, then changes and removal with signals', async () => {
    const calendar = await newCalendar()
    expect((await anon.fail('v3.calendar.update', calendar._id, { name: 'Y' })).code).toBe(401)
    expect(await owner.client.fail('v3.calendar.update', 'abc', { name: 'Y' })).toMatchObject({ code: 400, details: { argument: 0, name: 'calendarId' } })
    expect(await owner.client.fail('v3.calendar.update', calendar._id, { timezone: 'Nowhere' })).toMatchObject({
      code: 400,
      details: { argument: 1, path: '/timezone' },
    })
    expect((await stranger.client.fail('v3.calendar.update', calendar._id, { name: 'Y' })).code).toBe(404)
    expect((await owner.client.fail('v3.calendar.update', MISSING, { name: 'Y' })).code).toBe(404)
    expect((await member.client.fail('v3.calendar.update', calendar._id, { name: 'Y' })).code).toBe(403)
    expect((await member.client.fail('v3.calendar.remove', calendar._id)).code).toBe(403)

    const updated = await owner.client.call('v3.calendar.update', calendar._id, { name: 'Renamed', description: null, timezone: 'America/New_York' })
    expect(updated).toMatchObject({ _id: calendar._id, name: 'Renamed', description: null, timezone: 'America/New_York' })
    await member.client.waitForSignal('v3.calendar.updated', (m) => m._id === calendar._id)

    // The creator manages their own calendar, though a plain user.
    const mine = await member.client.call('v3.calendar.create', { name: 'Mine' })
    expect((await member.client.call('v3.calendar.update', mine._id, { color: 'blue' })).color).toBe('blue')
    expect(await member.client.call('v3.calendar.remove', mine._id)).toBe(true)

    expect((await stranger.client.fail('v3.calendar.remove', calendar._id)).code).toBe(404)
    expect(await owner.client.call('v3.calendar.remove', calendar._id)).toBe(true)
    await member.client.waitForSignal('v3.calendar.removed', (m) => m._id === calendar._id && m.cid === owner.cid)
    expect((await owner.client.call('v3.calendar.list')).map((c: any) => c._id)).not.toContain(calendar._id)
    expect((await owner.client.fail('v3.calendar.remove', calendar._id)).code).toBe(404)
  })

  test('the license quota of calendars: 422 naming the quota', async () => {
    const solo = await (await import('../../helpers/users')).signedIn('quota')
    try {
      const license = await solo.client.call('v2.network.license.get')
      const limit = typeof license?.calendars === 'number' ? license.calendars : 50
      if (limit > 60) return // an unusual default license: nothing cheap to check
      for (let i = 0; i < limit; i++) await solo.client.call('v3.calendar.create', { name: `Q${i}` })
      expect(await solo.client.fail('v3.calendar.create', { name: 'One too many' })).toMatchObject({ code: 422, details: { quota: 'calendars', limit } })
    } finally {
      await solo.client.close()
    }
  })
})

describe('v3.calendar.event.*', () => {
  test('401, 400 naming the argument, 404 for another workspace, 403 for a user, then create, list, update, remove with signals', async () => {
    const calendar = await newCalendar()
    const ok = { title: 'Standup', start: '2026-03-02T09:00:00+01:00', end: '2026-03-02T09:15:00+01:00', timezone: 'Europe/Berlin' }
    expect((await anon.fail('v3.calendar.event.create', calendar._id, ok)).code).toBe(401)
    expect(await owner.client.fail('v3.calendar.event.create', 'nope', ok)).toMatchObject({ code: 400, details: { argument: 0, name: 'calendarId' } })
    expect(await owner.client.fail('v3.calendar.event.create', calendar._id, { ...ok, title: ' ' })).toMatchObject({
      code: 400,
      details: { argument: 1, path: '/title' },
    })
    expect(await owner.client.fail('v3.calendar.event.create', calendar._id, { ...ok, start: '2026-03-02T09:00:00' })).toMatchObject({
      code: 400,
      details: { argument: 1, path: '/start' },
    })
    expect(await owner.client.fail('v3.calendar.event.create', calendar._id, { ...ok, end: '2026-03-01T09:00:00Z' })).toMatchObject({
      code: 400,
      details: { argument: 1, path: '/end' },
    })
    expect(await owner.client.fail('v3.calendar.event.create', calendar._id, { title: 'Day', start: '2026-02-30', allDay: true })).toMatchObject({
      code: 400,
      details: { argument: 1, path: '/start' },
    })
    expect(await owner.client.fail('v3.calendar.event.create', calendar._id, { ...ok, timezone: 'Atlantis' })).toMatchObject({
      code: 400,
      details: { argument: 1, path: '/timezone' },
    })
    expect((await stranger.client.fail('v3.calendar.event.create', calendar._id, ok)).code).toBe(404)
    expect((await owner.client.fail('v3.calendar.event.create', MISSING, ok)).code).toBe(404)
    expect((await member.client.fail('v3.calendar.event.create', calendar._id, ok)).code).toBe(403)

    const timed = await owner.client.call('v3.calendar.event.create', calendar._id, ok)
    expect(timed).toMatchObject({
      calendarId: calendar._id,
      title: 'Standup',
      allDay: false,
      start: '2026-03-02T08:00:00.000Z',
      end: '2026-03-02T08:15:00.000Z',
      timezone: 'Europe/Berlin',
      uid: owner.uid,
    })
    expect((await member.client.waitForSignal('v3.calendar.event.created', (m) => m._id === timed._id)).meta).toEqual({
      cid: owner.cid,
      calendarId: calendar._id,
      _id: timed._id,
    })
    const day = await owner.client.call('v3.calendar.event.create', calendar._id, {
      title: 'Offsite',
      start: '2026-03-05',
      end: '2026-03-06',
      allDay: true,
      location: 'Lake',
    })
    expect(day).toMatchObject({ allDay: true, start: '2026-03-05', end: '2026-03-06', location: 'Lake' })

    // Any member reads; ranges overlap [from, to).
    expect((await member.client.call('v3.calendar.event.list', calendar._id)).map((e: any) => e._id)).toEqual([timed._id, day._id])
    expect((await member.client.call('v3.calendar.event.list', calendar._id, { from: '2026-03-03' })).map((e: any) => e._id)).toEqual([day._id])
    expect((await member.client.call('v3.calendar.event.list', calendar._id, { to: '2026-03-03' })).map((e: any) => e._id)).toEqual([timed._id])
    expect(await member.client.fail('v3.calendar.event.list', calendar._id, { from: 'yesterdayish' })).toMatchObject({
      code: 400,
      details: { argument: 1, path: '/from' },
    })
    expect((await stranger.client.fail('v3.calendar.event.list', calendar._id)).code).toBe(404)
    expect((await anon.fail('v3.calendar.event.list', calendar._id)).code).toBe(401)

    expect((await stranger.client.fail('v3.calendar.event.update', timed._id, { title: 'X' })).code).toBe(404)
    expect((await member.client.fail('v3.calendar.event.update', timed._id, { title: 'X' })).code).toBe(403)
    expect(await owner.client.fail('v3.calendar.event.update', timed._id, { end: '2020-01-01T00:00:00Z' })).toMatchObject({
      code: 400,
      details: { argument: 1, path: '/end' },
    })
    const moved = await owner.client.call('v3.calendar.event.update', timed._id, { title: 'Daily', location: 'Room 1' })
    expect(moved).toMatchObject({ title: 'Daily', location: 'Room 1', start: timed.start, end: timed.end })
    await member.client.waitForSignal('v3.calendar.event.updated', (m) => m._id === timed._id)
    const allDay = await owner.client.call('v3.calendar.event.update', timed._id, { allDay: true, start: '2026-03-02' })
    expect(allDay).toMatchObject({ allDay: true, start: '2026-03-02', end: null })

    expect((await member.client.fail('v3.calendar.event.remove', day._id)).code).toBe(403)
    expect(await owner.client.call('v3.calendar.event.remove', day._id)).toBe(true)
    await member.client.waitForSignal('v3.calendar.event.removed', (m) => m._id === day._id && m.calendarId === calendar._id)
    expect((await owner.client.fail('v3.calendar.event.remove', day._id)).code).toBe(404)
  })
})

describe('v3.calendar.subscribeCode.*', () => {
  test('401, 400, 404 for another workspace, 403 for a user, then a 192-bit code, 409 on a second create, rotation', async () => {
    const calendar = await newCalendar()
    expect((await anon.fail('v3.calendar.subscribeCode.create', calendar._id)).code).toBe(401)
    expect(await owner.client.fail('v3.calendar.subscribeCode.create', 7)).toMatchObject({ code: 400, details: { argument: 0, name: 'calendarId' } })
    expect((await stranger.client.fail('v3.calendar.subscribeCode.create', calendar._id)).code).toBe(404)
    expect((await member.client.fail('v3.calendar.subscribeCode.create', calendar._id)).code).toBe(403)
    expect((await member.client.fail('v3.calendar.subscribeCode.rotate', calendar._id)).code).toBe(403)

    const first = await owner.client.call('v3.calendar.subscribeCode.create', calendar._id)
    expect(first.code).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(first.path).toBe(`/ical/${first.code}`)
    await member.client.waitForSignal('v3.calendar.updated', (m) => m._id === calendar._id)
    expect((await owner.client.call('v3.calendar.list')).find((c: any) => c._id === calendar._id).subscribable).toBe(true)
    expect((await owner.client.fail('v3.calendar.subscribeCode.create', calendar._id)).code).toBe(409)
    const second = await owner.client.call('v3.calendar.subscribeCode.rotate', calendar._id)
    expect(second.code).not.toBe(first.code)
  })
})
