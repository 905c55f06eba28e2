/** GET /ical/:subscribe_code: the iCalendar feed, parsed back with ical.js. */
import ICAL from 'ical.js'
import { serverUrl } from '../helpers/client'
import { signedIn, type SignedIn } from '../helpers/users'

let owner: SignedIn
beforeAll(async () => {
  owner = await signedIn('ical')
})
afterAll(() => owner.client.close())

const feed = (code: string, headers: Record<string, string> = {}) => fetch(`${serverUrl()}/ical/${code}`, { headers })

describe('GET /ical/:subscribe_code', () => {
  test('a feed of all-day and timed events with stable UIDs, escaped text, ETag and 304; rotation makes the old code 404', async () => {
    const calendar = await owner.client.call('v3.calendar.create', { name: 'Team; days, all\r\nX-INJECTED:1', timezone: 'Europe/Berlin' })
    const evil = 'Party\r\nATTENDEE:mailto:evil@example.test, with; commas\\and\nlines'
    const timed = await owner.client.call('v3.calendar.event.create', calendar._id, {
      title: evil,
      description: 'Bring: snacks; drinks, cups\r\nEND:VEVENT',
      location: 'Room 1, Floor 2; Building\rB',
      start: '2026-03-02T09:00:00+01:00',
      end: '2026-03-02T10:30:00+01:00',
      timezone: 'Europe/Berlin',
    })
    const day = await owner.client.call('v3.calendar.event.create', calendar._id, { title: 'Offsite', start: '2026-03-05', end: '2026-03-06', allDay: true })
    const { code } = await owner.client.call('v3.calendar.subscribeCode.create', calendar._id)

    const res = await feed(code)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/)
    const etag = res.headers.get('etag')
    expect(etag).toBeTruthy()
    const body = await res.text()
    // No value made a property or a component of its own.
    const lines = body.split('\r\n')
    expect(lines.filter((l) => /^(ATTENDEE|X-INJECTED)/i.test(l))).toEqual([])
    expect(lines.filter((l) => l === 'END:VEVENT')).toHaveLength(2)
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)

    const vcalendar = new ICAL.Component(ICAL.parse(body))
    expect(vcalendar.getFirstPropertyValue('version')).toBe('2.0')
    expect(vcalendar.getFirstPropertyValue('prodid')).toBeTruthy()
    expect(vcalendar.getFirstPropertyValue('x-wr-calname')).toBe('Team; days, all\nX-INJECTED:1')
    const events = vcalendar.getAllSubcomponents('vevent')
    expect(events).toHaveLength(2)
    const byUid = new Map(events.map((e) => [String(e.getFirstPropertyValue('uid')), e]))
    const t = byUid.get([...byUid.keys()].find((u) => u.startsWith(`${timed._id}@`))!)!
    const d = byUid.get([...byUid.keys()].find((u) => u.startsWith(`${day._id}@`))!)!
    expect(t.getFirstPropertyValue('summary')).toBe(evil.replace(/\r\n/g, '\n'))
    expect(t.getFirstPropertyValue('description')).toBe('Bring: snacks; drinks, cups\nEND:VEVENT')
    expect(t.getFirstPropertyValue('location')).toBe('Room 1, Floor 2; Building\nB')
    expect(t.getFirstPropertyValue('dtstamp')).toBeTruthy()
    const start = t.getFirstPropertyValue('dtstart') as ICAL.Time
    const end = t.getFirstPropertyValue('dtend') as ICAL.Time
    expect(start.isDate).toBe(false)
    expect(start.toJSDate().toISOString()).toBe('2026-03-02T08:00:00.000Z')
    expect(end.toJSDate().toISOString()).toBe('2026-03-02T09:30:00.000Z')
    const dStart = d.getFirstPropertyValue('dtstart') as ICAL.Time
    const dEnd = d.getFirstPropertyValue('dtend') as ICAL.Time
    expect(dStart.isDate).toBe(true)
    expect(dStart.toString()).toBe('2026-03-05')
    expect(dEnd.toString()).toBe('2026-03-07') // exclusive: the day after the last

    // Same data: same bytes, same UIDs, same ETag; If-None-Match -> 304.
    const again = await feed(code)
    expect(again.headers.get('etag')).toBe(etag)
    const againUids = new ICAL.Component(ICAL.parse(await again.text())).getAllSubcomponents('vevent').map((e) => String(e.getFirstPropertyValue('uid')))
    expect(againUids.sort()).toEqual([...byUid.keys()].sort())
    const cached = await feed(code, { 'if-none-match': etag! })
    expect(cached.status).toBe(304)
    expect(await cached.text()).toBe('')
    expect((await feed(`${code}.ics`)).status).toBe(200)

    // A change changes the ETag.
    await owner.client.call('v3.calendar.event.update', day._id, { title: 'Offsite!' })
    const changed = await feed(code, { 'if-none-match': etag! })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
    await changed.text()

    // Rotation: the old code is gone, the new one serves.
    const rotated = await owner.client.call('v3.calendar.subscribeCode.rotate', calendar._id)
    const old = await feed(code)
    expect(old.status).toBe(404)
    expect(await old.json()).toMatchObject({ code: 404 })
    expect((await feed(rotated.code)).status).toBe(200)
  })

  test('an unknown code -> 404; a removed calendar -> 404', async () => {
    expect((await feed('x'.repeat(32))).status).toBe(404)
    expect((await feed('short')).status).toBe(404)
    const calendar = await owner.client.call('v3.calendar.create', { name: 'Gone soon' })
    const { code } = await owner.client.call('v3.calendar.subscribeCode.create', calendar._id)
    expect((await feed(code)).status).toBe(200)
    await owner.client.call('v3.calendar.remove', calendar._id)
    expect((await feed(code)).status).toBe(404)
  })

  test('long lines fold within 75 octets (RFC 5545 3.1), multi-byte characters whole, and unfold to the same text', async () => {
    const calendar = await owner.client.call('v3.calendar.create', { name: 'Folding' })
    // One-, two-, three- and four-octet characters, so a fold lands after each kind.
    const text = ['x'.repeat(150), 'ä'.repeat(80), '€'.repeat(60), '😀'.repeat(40), 'Größe € 😀 '.repeat(20)].join(' ')
    await owner.client.call('v3.calendar.event.create', calendar._id, { title: 'Long', description: text, start: '2026-03-02T09:00:00Z' })
    const { code } = await owner.client.call('v3.calendar.subscribeCode.create', calendar._id)
    const body = Buffer.from(await (await feed(code)).arrayBuffer())
    const lines: Buffer[] = []
    for (let start = 0, end; start < body.length; start = end + 2) {
      end = body.indexOf('\r\n', start)
      if (end < 0) end = body.length
      lines.push(body.subarray(start, end))
    }
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(75)
    expect(lines.filter((l) => l[0] === 0x20).length).toBeGreaterThan(5)
    // Every line is valid UTF-8 on its own: no character was cut in two.
    for (const l of lines) expect(l.toString('utf8')).not.toContain('\uFFFD')
    const [event] = new ICAL.Component(ICAL.parse(body.toString('utf8'))).getAllSubcomponents('vevent')
    expect(event.getFirstPropertyValue('description')).toBe(text)
  })
})
