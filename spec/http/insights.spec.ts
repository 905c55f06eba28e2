/** v3.insight.* and v3.insight.publicKey.*, and GET /public/insight/:key/:type? (CSV parsed back, JSON). */
import { Client, serverUrl } from '../helpers/client'
import { MISSING } from '../helpers/ids'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../helpers/members'
import type { SignedIn } from '../helpers/users'
import { newPhaseId } from '../helpers/workflows'

const OPEN = newPhaseId()
const DONE = newPhaseId()

let cast: Cast<'guest'>
let owner: SignedIn
let member: JoinedMember // a plain user: sees the workflow, does not administer it
let guest: JoinedMember // does not see the workflow
let stranger: SignedIn
let second: Client // another socket of owner
let anon: Client
let wf: any
const f: Record<string, string> = {}
beforeAll(async () => {
  cast = await meetCast({ guest: 'guest' })
  ;({ owner, member, guest, stranger, anon } = cast)
  second = await Client.connect({ key: owner.key })
  const teamId = (await owner.client.call('company.new_team', { name: 'Sales' }))._id
  wf = await owner.client.call('process.create', { name: 'Deals' })
  await owner.client.call('process.set_info', wf._id, { phases: { [OPEN]: { name: 'Open' }, [DONE]: { name: 'Won' } }, phasesOrder: [OPEN, DONE] })
  f.amount = (await owner.client.call('process.create_field', wf._id, { label: 'Amount', type: 'numeric' }))._id
  f.note = (await owner.client.call('process.create_field', wf._id, { label: 'Note; "quoted"', type: 'text' }))._id
  f.due = (await owner.client.call('process.create_field', wf._id, { label: 'Due', type: 'date' }))._id
  const rows = [
    { name: 'Acme', phaseId: OPEN, fields: { [f.amount]: 1234.5, [f.note]: 'big, "important"\nsecond line', [f.due]: '2026-04-01' } },
    { name: '=HYPERLINK("x")', phaseId: DONE, fields: { [f.amount]: -7.25, [f.note]: 'plain' } },
    { name: 'Initech', phaseId: OPEN, fields: { [f.amount]: 10 } },
  ]
  for (const r of rows) await owner.client.call('v3.activity.create', wf._id, r, { ignoreRequired: true, teamId })
})
afterAll(() => Promise.all([closeCast(cast), second.close()]))

/** A small RFC 4180 parser. */
function parseCsv(text: string, delimiter: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') ((cell += '"'), i++)
      else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === delimiter) (row.push(cell), (cell = ''))
    else if (c === '\r' && text[i + 1] === '\n') {
      ;(row.push(cell), rows.push(row), (row = []), (cell = ''), i++)
    } else cell += c
  }
  if (cell || row.length) (row.push(cell), rows.push(row))
  return rows
}

const exportOf = (path: string) => fetch(`${serverUrl()}${path}`)

describe('insights', () => {
  test('create: 401, 400 naming the argument, 404 for another workspace and a hidden workflow, then the record and its signal', async () => {
    const ok = { processId: wf._id, name: 'Pipeline', fields: [f.amount, f.note] }
    expect((await anon.fail('v3.insight.create', ok)).code).toBe(401)
    expect(await owner.client.fail('v3.insight.create', { ...ok, fields: ['x'] })).toMatchObject({ code: 400, details: { argument: 0 } })
    expect(await owner.client.fail('v3.insight.create', { ...ok, fields: [MISSING] })).toMatchObject({ code: 400, details: { argument: 0, path: '/fields/0' } })
    expect(await owner.client.fail('v3.insight.create', { ...ok, name: ' ' })).toMatchObject({ code: 400, details: { argument: 0, path: '/name' } })
    expect(await owner.client.fail('v3.insight.create', { ...ok, filters: { phases: [MISSING] } })).toMatchObject({
      code: 400,
      details: { path: '/filters/phases/0' },
    })
    expect((await stranger.client.fail('v3.insight.create', ok)).code).toBe(404)
    expect((await guest.client.fail('v3.insight.create', ok)).code).toBe(404)

    const insight = await owner.client.call('v3.insight.create', ok)
    expect(insight).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      processId: wf._id,
      name: 'Pipeline',
      fields: [f.amount, f.note],
      filters: {},
      uid: owner.uid,
      public: false,
    })
    expect((await second.waitForSignal('v3.insight.created', (m) => m._id === insight._id)).meta).toEqual({
      cid: owner.cid,
      processId: wf._id,
      _id: insight._id,
    })
    expect((await member.client.call('v3.insight.list')).map((i: any) => i._id)).toContain(insight._id)
    expect((await member.client.call('v3.insight.list', wf._id)).map((i: any) => i._id)).toEqual([insight._id])
    expect((await guest.client.call('v3.insight.list')).map((i: any) => i._id)).not.toContain(insight._id)
    expect((await stranger.client.fail('v3.insight.list', wf._id)).code).toBe(404)
  })

  test('run, update and remove: 404 for another workspace, 403 for a member who neither created it nor administers the workflow', async () => {
    const insight = await owner.client.call('v3.insight.create', { processId: wf._id, name: 'Open deals', fields: [f.amount], filters: { phases: [OPEN] } })
    expect((await anon.fail('v3.insight.run', insight._id)).code).toBe(401)
    expect((await stranger.client.fail('v3.insight.run', insight._id)).code).toBe(404)
    expect((await guest.client.fail('v3.insight.run', insight._id)).code).toBe(404)
    const result = await member.client.call('v3.insight.run', insight._id)
    expect(result.columns).toEqual([
      { key: 'name', label: 'Name', type: 'text' },
      { key: 'phase', label: 'Phase', type: 'text' },
      { key: f.amount, label: 'Amount', type: 'numeric' },
    ])
    expect(result.rows.map((r: any) => [r.name, r.phase, r.values[f.amount]])).toEqual([
      ['Acme', 'Open', 1234.5],
      ['Initech', 'Open', 10],
    ])
    expect(result.truncated).toBe(false)

    expect((await stranger.client.fail('v3.insight.update', insight._id, { name: 'X' })).code).toBe(404)
    expect((await member.client.fail('v3.insight.update', insight._id, { name: 'X' })).code).toBe(403)
    expect(await owner.client.fail('v3.insight.update', insight._id, { filters: { where: [{ field: 'nope', op: 'eq', value: 1 }] } })).toMatchObject({
      code: 400,
      details: { argument: 1, path: '/filters/where/0/field' },
    })
    const updated = await owner.client.call('v3.insight.update', insight._id, {
      name: 'Big ones',
      filters: { where: [{ field: f.amount, op: 'gt', value: 100 }] },
    })
    expect(updated).toMatchObject({ name: 'Big ones', filters: { where: [{ field: f.amount, op: 'gt', value: 100 }] } })
    await second.waitForSignal('v3.insight.updated', (m) => m._id === insight._id)
    expect((await owner.client.call('v3.insight.run', insight._id)).rows.map((r: any) => r.name)).toEqual(['Acme'])

    // The member's own insight is theirs to change.
    const mine = await member.client.call('v3.insight.create', { processId: wf._id, name: 'Mine', fields: [] })
    expect((await member.client.call('v3.insight.update', mine._id, { fields: [f.note] })).fields).toEqual([f.note])
    expect(await member.client.call('v3.insight.remove', mine._id)).toBe(true)

    expect((await member.client.fail('v3.insight.remove', insight._id)).code).toBe(403)
    expect(await owner.client.call('v3.insight.remove', insight._id)).toBe(true)
    await second.waitForSignal('v3.insight.removed', (m) => m._id === insight._id)
    expect((await owner.client.fail('v3.insight.run', insight._id)).code).toBe(404)
  })

  test('public export: CSV with delimiter, decimal separator and BOM parsed back, JSON, 404 once revoked', async () => {
    const insight = await owner.client.call('v3.insight.create', { processId: wf._id, name: 'Export', fields: [f.amount, f.note, f.due] })
    expect((await anon.fail('v3.insight.publicKey.create', insight._id)).code).toBe(401)
    expect((await stranger.client.fail('v3.insight.publicKey.create', insight._id)).code).toBe(404)
    expect((await member.client.fail('v3.insight.publicKey.create', insight._id)).code).toBe(403)
    const { publicKey, path } = await owner.client.call('v3.insight.publicKey.create', insight._id)
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(path).toBe(`/public/insight/${publicKey}`)
    expect((await owner.client.call('v3.insight.list', wf._id)).find((i: any) => i._id === insight._id).public).toBe(true)

    const csv = await exportOf(path)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="?Export\.csv"?$/)
    const text = await csv.text()
    expect(text.charCodeAt(0)).not.toBe(0xfeff)
    expect(parseCsv(text, ',')).toEqual([
      ['Name', 'Phase', 'Amount', 'Note; "quoted"', 'Due'],
      ['Acme', 'Open', '1234.5', 'big, "important"\nsecond line', '2026-04-01'],
      [`'=HYPERLINK("x")`, 'Won', '-7.25', 'plain', ''],
      ['Initech', 'Open', '10', '', ''],
    ])

    const european = await exportOf(`${path}/csv?delimiter=%3B&separator=%2C&bom=1`)
    const bytes = Buffer.from(await european.arrayBuffer())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = parseCsv(bytes.subarray(3).toString('utf8'), ';')
    expect(rows[0]).toEqual(['Name', 'Phase', 'Amount', 'Note; "quoted"', 'Due'])
    expect(rows[1].slice(0, 3)).toEqual(['Acme', 'Open', '1234,5'])
    expect(rows[2][2]).toBe('-7,25')
    expect(parseCsv(await (await exportOf(`${path}/csv?delimiter=tab`)).text(), '\t')[1][2]).toBe('1234.5')

    const json = await exportOf(`${path}/json`)
    expect(json.headers.get('content-type')).toMatch(/^application\/json/)
    const body = await json.json()
    expect(body.name).toBe('Export')
    expect(body.rows.map((r: any) => r.values[f.amount])).toEqual([1234.5, -7.25, 10])

    expect((await exportOf(`${path}/xml`)).status).toBe(400)
    expect((await exportOf(`${path}/csv?delimiter=x`)).status).toBe(400)
    expect((await exportOf(`${path}/csv?separator=%3B`)).status).toBe(400)
    expect((await exportOf(`${path}/csv?delimiter=%2C&separator=%2C`)).status).toBe(400)
    expect((await exportOf(`/public/insight/${'x'.repeat(32)}/csv`)).status).toBe(404)

    // A new key replaces the old; revoking ends the export.
    const fresh = await owner.client.call('v3.insight.publicKey.create', insight._id)
    expect((await exportOf(path)).status).toBe(404)
    expect((await exportOf(fresh.path)).status).toBe(200)
    expect((await member.client.fail('v3.insight.publicKey.revoke', insight._id)).code).toBe(403)
    expect(await owner.client.call('v3.insight.publicKey.revoke', insight._id)).toBe(true)
    expect((await exportOf(fresh.path)).status).toBe(404)
    expect((await exportOf(`${fresh.path}/json`)).status).toBe(404)
  })
})
