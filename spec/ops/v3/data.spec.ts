/**
 * v3.user.data.export, .export.workspaces, .import and the added .job: a populated workspace on the
 * test server (A) is exported, imported into a second server (B) over HTTP, exported again there,
 * and the two archives hold the same records once ids are mapped. B always runs on its own embedded
 * PGlite, so in the PostgreSQL pass the transfer also crosses engines.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import JSZip from 'jszip'
import { KINDS } from '../../../server/transfer/kinds'
import { Client } from '../../helpers/client'
import { newId } from '../../helpers/ids'
import { joinWorkspace, type JoinedMember } from '../../helpers/members'
import { startServer, tempDataDir, type RunningServer } from '../../helpers/server'
import { signedIn, type SignedIn } from '../../helpers/users'
import { upload } from '../../helpers/upload'
import { type FieldDescriptor, loadWorkflow } from '../../helpers/workflows'

let owner: SignedIn
let member: JoinedMember
let stranger: SignedIn
let anon: Client
let b: RunningServer
let world: Awaited<ReturnType<typeof populate>>

beforeAll(async () => {
  ;[owner, stranger, anon, b] = await Promise.all([
    signedIn('xfer-owner'),
    signedIn('xfer-stranger'),
    Client.connect(),
    startServer({ IMPORT_ALLOWED_HOSTS: '127.0.0.1', DATABASE_URL: '' }),
  ])
  member = await joinWorkspace(owner, { role: 'user', tag: 'xfer-member' })
  world = await populate()
}, 120_000)
afterAll(async () => {
  await Promise.all([owner.client.close(), member.client.close(), stranger.client.close(), anon.close()])
  await b.stop()
})

/**
 * Every kind of record in the owner's workspace: teams, people, workflows with links and function
 * fields, files, calendars, insights, invites.
 */
async function populate() {
  const c = owner.client
  const team = await c.call('company.new_team', { name: 'Movers' })
  await c.call('company.update_team_users', team._id, [owner.uid, member.uid])
  await c.call('company.new_account', { name: 'North', team_id: team._id })
  await c.call('v2.network.role.create', { name: 'Keepers', capabilities: ['teams.manage'] })
  const prop = await c.call('company.add_property_field', 'users', { label: 'Desk', type: 'text', filledBy: 'user' })
  await c.call('company.set_property_value', prop._id, 'users', { uid: member.uid, data: 'B12' })
  await c.call('v2.network.invite.send', { email: `pending.${newId()}@example.test`, role: 'guest', cid: owner.cid })
  const phases = [newId(), newId()]
  const companies = await c.call('process.create', { name: 'Companies' })
  await c.call('process.set_info', companies._id, { phases: { [phases[0]]: { name: 'Lead' } }, phasesOrder: [phases[0]] })
  const deals = await c.call('process.create', { name: 'Deals' })
  await c.call('process.set_info', deals._id, { phases: { [phases[1]]: { name: 'Open' } }, phasesOrder: [phases[1]] })
  const link = await c.call('process.create_field', deals._id, { label: 'Company', type: 'activitylink', data: [companies._id] })
  const amount = await c.call('process.create_field', deals._id, { label: 'Amount', type: 'numeric' })
  // Function fields: one reads a field of its own activity, one a field of the linked activity, one
  // (on the linked workflow) the activities linking to it; their variables name fields and a workflow.
  const size = await c.call('process.create_field', companies._id, { label: 'Size', type: 'numeric' })
  const fn = (label: string, body: string, functionVariables: FieldDescriptor['functionVariables']): FieldDescriptor => ({
    label,
    type: 'numeric',
    function: body,
    functionEnabled: true,
    functionVariables,
  })
  const doubled = await c.call('process.create_field', deals._id, fn('Doubled', 'return dep.amount * 2', { amount: { type: '=', data: [amount._id] } }))
  const companySize = await c.call(
    'process.create_field',
    deals._id,
    fn('Company size', 'return dep.size', { size: { type: '>', data: [link._id, size._id] } }),
  )
  const dealTotal = await c.call(
    'process.create_field',
    companies._id,
    fn('Deal total', 'return dep.amounts.reduce((a, b) => a + (b || 0), 0)', { amounts: { type: '<', data: [deals._id, amount._id] } }),
  )
  // A function whose value is in error: the error is part of the value (fields[].error).
  const capped = await c.call(
    'process.create_field',
    deals._id,
    fn('Capped', "if (dep.amount > 40) throw new Error('over 40'); return dep.amount", { amount: { type: '=', data: [amount._id] } }),
  )
  // A cycle in the data: Acme will be its own parent, so its Depth is in error, the text naming Acme by id.
  const parent = await c.call('process.create_field', companies._id, { label: 'Parent', type: 'activitylink', data: [companies._id] })
  const depth = await c.call('process.create_field', companies._id, { label: 'Depth', type: 'numeric' })
  await c.call('process.update_field', companies._id, depth._id, {
    function: 'return dep.parent == null ? 0 : dep.parent + 1',
    functionEnabled: true,
    functionVariables: { parent: { type: '>', data: [parent._id, depth._id] } },
  })
  const fileBytes = Buffer.from(`contract ${newId()}`)
  const file = await upload(fileBytes, 'contract.txt', { key: owner.key })
  const [acme] = await c.call('v3.activity.createMany', companies._id, [{ name: 'Acme', fields: { [size._id]: 7 } }], { teamId: team._id })
  const [deal] = await c.call(
    'v3.activity.createMany',
    deals._id,
    [{ name: 'Big deal', fields: { [link._id]: [acme._id], [amount._id]: 42 }, fileIds: [file.body._id], followerIds: [member.uid] }],
    { teamId: team._id },
  )
  await c.call('v3.activity.updateMany', [{ _id: acme._id, fields: { [parent._id]: [acme._id] } }])
  const calendar = await c.call('v3.calendar.create', { name: 'Launches' })
  await c.call('v3.calendar.event.create', calendar._id, { title: 'Go live', start: '2026-03-02T09:00:00Z' })
  await c.call('v3.insight.create', { processId: deals._id, name: 'Pipeline', fields: [amount._id] })
  const post = await c.call('wall2.new_post', { subject: 'Launch', text: 'We go live in March', files: [file.body._id] }, [`user_${member.uid}`])
  await member.client.call('wall2.save_comment', { text: 'Great news' }, post._id)
  await member.client.call('wall2.like_post', post._id, 'like')
  // Computed on A before the export: the deal's from its amount and from Acme, Acme's from the deal.
  const values = async (activityId: string) => Object.fromEntries((await c.call('v3.activity.get', activityId)).fields!.map((f: any) => [f._id, f.value]))
  expect(await values(deal._id)).toMatchObject({ [doubled._id]: 84, [companySize._id]: 7 })
  expect((await c.call('v3.activity.get', deal._id)).fields).toContainEqual({ _id: capped._id, value: null, error: 'Error: over 40' })
  expect(await values(acme._id)).toMatchObject({ [dealTotal._id]: 42 })
  expect((await c.call('v3.activity.get', acme._id)).fields).toContainEqual({
    _id: depth._id,
    value: 0,
    error: `Circular reference: Companies.Depth(${acme._id}) → Companies.Depth(${acme._id})`,
  })
  return {
    cid: owner.cid,
    acmeId: acme._id,
    fileBytes,
    fields: {
      link: link._id,
      amount: amount._id,
      size: size._id,
      doubled: doubled._id,
      companySize: companySize._id,
      dealTotal: dealTotal._id,
      capped: capped._id,
    } as Record<string, string>,
  }
}

/** Polls a job (on the client's server) until it ends. */
async function finished(client: Client, jobId: string, ms = 60_000) {
  const until = Date.now() + ms
  for (;;) {
    const job = await client.call('v3.user.data.job', jobId)
    if (job.state !== 'running') return job
    if (Date.now() > until) throw new Error(`job ${jobId} still running: ${JSON.stringify(job)}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

async function download(base: string, key: string, fileId: string) {
  const res = await fetch(`${base}/file/${fileId}?dl=1`, { headers: { hlrkey: key } })
  expect(res.status).toBe(200)
  return JSZip.loadAsync(Buffer.from(await res.arrayBuffer()))
}

/**
 * Each kind's rows, every ObjectId replaced by a name given in a content order that ignores ids.
 * The people of the archive are one person: an import credits what they made to the importer
 * (server/transfer/import.ts), so on the target they are one account, named once in an id list,
 * and rows that differed only by who they were are one row. Of a person's own state (Kind.ownState)
 * only `own`'s rows are compared: the importer's, the one person an import keeps it for (none when
 * the importer is not in the archive).
 */
async function canonical(zip: JSZip, skip: string[], own: string | null) {
  const lines = (text: string) =>
    text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
  const people = new Set(lines(await zip.file('people.jsonl')!.async('string')).map((p: { _id: string }) => p._id))
  const PERSON = new Set(['person', 'user_person'])
  const asOnePerson = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replace(/(?<![0-9a-f])[0-9a-f]{24}(?![0-9a-f])/g, (id) => (people.has(id) ? 'person' : id))
    if (Array.isArray(v)) {
      const list = v.map(asOnePerson)
      return list.filter((x, i) => !(PERSON.has(x as string) && list.indexOf(x) !== i))
    }
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [asOnePerson(k), asOnePerson(x)]))
    return v
  }
  // In the order an import writes them, so ids are named where their record is, before their uses.
  const kinds: Record<string, Record<string, unknown>[]> = {}
  for (const { name, ownState } of KINDS.filter((k) => !skip.includes(k.name))) {
    const text = await zip.file(`${name}.jsonl`)?.async('string')
    if (text !== undefined) {
      const rows = new Map<string, Record<string, unknown>>()
      const kept = lines(text).filter((row: { uid?: string }) => !ownState || row.uid === own)
      for (const row of kept.map(asOnePerson) as Record<string, unknown>[]) rows.set(JSON.stringify(row), row)
      kinds[`${name}.jsonl`] = [...rows.values()]
    }
  }
  const ID = /^([a-z]+_)?([0-9a-f]{24})$/
  const mask = (v: unknown): unknown =>
    typeof v === 'string'
      ? v.replace(/[0-9a-f]{24}/g, '#')
      : Array.isArray(v)
        ? v.map(mask)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [mask(k), mask(x)]))
          : v
  const names = new Map<string, string>()
  const rename = (v: unknown): unknown => {
    // Ids inside a sentence (an error message) are named too, so a text still naming the old ids differs.
    if (typeof v === 'string')
      return v.replace(/(?<![0-9a-f])[0-9a-f]{24}(?![0-9a-f])/g, (id) => {
        if (!names.has(id)) names.set(id, `id${names.size}`)
        return names.get(id)!
      })
    if (Array.isArray(v)) return v.map(rename)
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v)
          .sort(([a], [b]) => (ID.test(a) && ID.test(b) ? 0 : a.localeCompare(b)))
          .map(([k, x]) => [rename(k), rename(x)]),
      )
    return v
  }
  const out: Record<string, unknown[]> = {}
  for (const [name, rows] of Object.entries(kinds)) {
    const sorted = rows.map((r) => ({ r, key: JSON.stringify(mask(r)) })).sort((x, y) => x.key.localeCompare(y.key))
    out[name] = sorted.map(({ r }) => (rename(r._id), rename(r)))
  }
  return out
}

describe('v3.user.data.export and .job', () => {
  test('401, 400, 404 for a workspace not yours or a job not yours; the archive has a manifest, one file per kind and the bytes', async () => {
    expect((await anon.fail('v3.user.data.export')).code).toBe(401)
    expect((await anon.fail('v3.user.data.job', newId())).code).toBe(401)
    expect(await owner.client.fail('v3.user.data.export', ['nope'])).toMatchObject({ code: 400, details: { argument: 0 } })
    expect(await owner.client.fail('v3.user.data.export', [stranger.cid])).toMatchObject({ code: 404, details: { argument: 0, path: '/0' } })
    expect(await owner.client.fail('v3.user.data.export', null, { omitEverything: true })).toMatchObject({ code: 400, details: { argument: 1 } })

    const started = await owner.client.call('v3.user.data.export', [world.cid])
    expect(started).toMatchObject({ kind: 'export', state: 'running' })
    expect((await stranger.client.fail('v3.user.data.job', started._id)).code).toBe(404)
    const job = await finished(owner.client, started._id)
    expect(job).toMatchObject({ state: 'finished', fileId: expect.any(String), expires: expect.any(Number) })
    await owner.client.waitForSignal('transfer.progress', (m) => m._id === started._id && m.state === 'finished')

    const zip = await download(process.env.TEST_SERVER_URL!, owner.key, job.fileId)
    const manifest = JSON.parse(await zip.file('manifest.json')!.async('string'))
    expect(manifest).toMatchObject({ format: 'hlr-export', formatVersion: 1, workspaces: [{ _id: world.cid, whole: true }] })
    expect(manifest.counts).toMatchObject({
      workflows: 2,
      fields: 9,
      activities: 2,
      functionState: 2,
      files: 1,
      fileContents: 1,
      invites: 1,
      calendars: 1,
      events: 1,
      insights: 1,
      teams: 1,
      wallPosts: 1,
      wallComments: 1,
      wallLikes: 1,
    })
    const fileRow = JSON.parse((await zip.file('files.jsonl')!.async('string')).trim())
    expect(await zip.file(`files/${fileRow._id}`)!.async('nodebuffer')).toEqual(world.fileBytes)
    const invite = JSON.parse((await zip.file('invites.jsonl')!.async('string')).trim())
    expect(invite.invite_key).toBeNull()
    // Someone else's archive is not yours to read.
    expect((await fetch(`${process.env.TEST_SERVER_URL}/file/${job.fileId}`, { headers: { hlrkey: stranger.key } })).status).toBe(404)
  })

  test('omit flags skip their kinds; a member exports only what they may see', async () => {
    const omitted = await finished(
      owner.client,
      (await owner.client.call('v3.user.data.export', [world.cid], { omitActivities: true, omitFileContents: true, omitInvites: true, omitFeed: true }))._id,
    )
    const zip = await download(process.env.TEST_SERVER_URL!, owner.key, omitted.fileId)
    expect(zip.file('activities.jsonl')).toBeNull()
    expect(zip.file('history.jsonl')).toBeNull()
    expect(zip.file('functionState.jsonl')).toBeNull()
    expect(zip.file('invites.jsonl')).toBeNull()
    expect(zip.file('wallPosts.jsonl')).toBeNull()
    expect(zip.file('wallComments.jsonl')).toBeNull()
    expect(zip.file('files.jsonl')).not.toBeNull()
    expect(Object.keys(zip.files).some((n) => n.startsWith('files/'))).toBe(false)

    const theirs = await finished(member.client, (await member.client.call('v3.user.data.export', [world.cid]))._id)
    expect(theirs).toMatchObject({ state: 'finished' })
    const mine = JSON.parse(await (await download(process.env.TEST_SERVER_URL!, member.key, theirs.fileId)).file('manifest.json')!.async('string'))
    expect(mine.workspaces).toEqual([{ _id: world.cid, name: expect.any(String), whole: false }])
    expect(mine.counts).toMatchObject({ invites: 0, customRoles: 0, propertyValues: 1, workflows: 2 })
  })
})

describe('an export archive is kept EXPORT_KEEP_HOURS', () => {
  test('then the archive and its job are removed (by the sweep, which also runs at start)', async () => {
    const server = await startServer({ EXPORT_KEEP_HOURS: '0.0005', DATABASE_URL: '', DATA_DIR: tempDataDir() })
    let me = await signedIn('xfer-expiry', server.wsUrl)
    const job = await finished(me.client, (await me.client.call('v3.user.data.export'))._id)
    expect(job).toMatchObject({ state: 'finished', expires: expect.any(Number) })
    expect(job.expires - job.updated).toBeLessThanOrEqual(2000)
    expect((await fetch(`${server.url}/file/${job.fileId}`, { headers: { hlrkey: me.key } })).status).toBe(200)
    await me.client.close()
    await server.stop()
    await new Promise((r) => setTimeout(r, 2000))
    const again = await startServer({ EXPORT_KEEP_HOURS: '0.0005', DATABASE_URL: '', DATA_DIR: server.dataDir })
    try {
      const client = await Client.connect({ url: again.wsUrl })
      const key = await client.call('login', me.email, me.password)
      me = { ...me, client, key }
      for (let i = 0; i < 50 && (await client.send('v3.user.data.job', [job._id])).result; i++) await new Promise((r) => setTimeout(r, 100))
      expect((await client.fail('v3.user.data.job', job._id)).code).toBe(404)
      expect((await fetch(`${again.url}/file/${job.fileId}`, { headers: { hlrkey: key } })).status).toBe(404)
      await client.close()
    } finally {
      await again.stop()
    }
  }, 120_000)
})

describe('v3.user.data.export.workspaces and .import', () => {
  test('401, 400 for a host that is not http(s); a private address refused unless the operator allows it', async () => {
    const creds = { host: process.env.TEST_SERVER_URL!, username: owner.email, password: owner.password }
    expect((await anon.fail('v3.user.data.export.workspaces', creds)).code).toBe(401)
    expect((await anon.fail('v3.user.data.import', creds)).code).toBe(401)
    expect(await owner.client.fail('v3.user.data.import', { ...creds, host: 'ftp://example.test' })).toMatchObject({ code: 400, details: { path: '/host' } })
    // The test server has no IMPORT_ALLOWED_HOSTS: its own loopback address is refused.
    const refusedNow = await owner.client.fail('v3.user.data.export.workspaces', creds)
    expect(refusedNow).toMatchObject({ code: 422, msg: expect.stringContaining('private or local address') })
    const refused = await finished(owner.client, (await owner.client.call('v3.user.data.import', creds))._id)
    expect(refused).toMatchObject({ state: 'failed', error: expect.stringContaining('private or local address') })
  })

  test('the round trip: imported into another server with new ids, re-exported identically; people invited', async () => {
    const importer = await signedIn('xfer-owner', b.wsUrl)
    // The member has an account on B too (same e-mail): invited all the same, as the owner of A is (no account on B).
    const onB = await Client.connect({ url: b.wsUrl })
    await onB.call('v2.user.register', { email: member.email, password: member.password, firstname: 'Test', lastname: 'member' })
    await onB.close()
    const creds = { host: process.env.TEST_SERVER_URL!, username: owner.email, password: owner.password }
    expect(await importer.client.fail('v3.user.data.export.workspaces', { ...creds, password: 'wrong password!' })).toMatchObject({ code: 422 })
    const owned = await importer.client.call('v3.user.data.export.workspaces', creds)
    expect(owned).toEqual(expect.arrayContaining([{ _id: world.cid, name: expect.any(String) }]))

    // The importer on B is the owner's address on A only if registered so; here B's importer is a new person, so the owner of A is invited too.
    const started = await importer.client.call('v3.user.data.import', creds, { workspaceIds: [world.cid] })
    const job = await finished(importer.client, started._id, 120_000)
    expect(job.state).toBe('finished')
    const [imported] = job.result.workspaces
    expect(imported._id).not.toBe(world.cid)
    expect(job.result.invited.sort()).toEqual([owner.email, member.email].sort())
    expect(job.result.linked).toBe(0)

    // What B holds: the workflows, activities and the file, under new ids.
    await importer.client.call('v3.session.switchWorkspace', imported._id)
    const workflows = await importer.client.call('process.list')
    expect(workflows.map((w: any) => w.name).sort()).toEqual(['Companies', 'Deals'])
    const invites = await importer.client.call('v2.network.invite.list', imported._id)
    expect(invites.map((i) => i.email)).toEqual(expect.arrayContaining([owner.email, member.email]))
    expect((await importer.client.call('v2.network.get', imported._id)).members.map((m) => m.uid)).toEqual([importer.uid])

    // The function fields: new ids, their variables naming B's fields and workflow (none of A's ids).
    const workflowOnB: Record<string, string> = Object.fromEntries(workflows.map((w: any) => [w.name, w._id]))
    const processesOnB = await Promise.all([workflowOnB.Companies, workflowOnB.Deals].map((id) => loadWorkflow(importer.client, id)))
    type Field = { _id: string; label: string; function?: string; functionEnabled?: boolean; functionVariables?: unknown }
    const fieldOnB: Record<string, Field> = Object.fromEntries(
      processesOnB.flatMap((p) => Object.values(p.fields as Record<string, Field>)).map((f) => [f.label, f]),
    )
    const idOnB = (label: string) => fieldOnB[label]._id
    expect(Object.keys(fieldOnB).sort()).toEqual(['Amount', 'Capped', 'Company', 'Company size', 'Deal total', 'Depth', 'Doubled', 'Parent', 'Size'])
    for (const f of Object.values(fieldOnB)) expect(Object.values(world.fields)).not.toContain(f._id)
    expect(fieldOnB.Doubled).toMatchObject({
      function: 'return dep.amount * 2',
      functionEnabled: true,
      functionVariables: { amount: { type: '=', data: [idOnB('Amount')] } },
    })
    expect(fieldOnB['Company size'].functionVariables).toEqual({ size: { type: '>', data: [idOnB('Company'), idOnB('Size')] } })
    expect(fieldOnB['Deal total'].functionVariables).toEqual({ amounts: { type: '<', data: [workflowOnB.Deals, idOnB('Amount')] } })
    // The values computed on A come across as they were, on the activities' new ids and links: an
    // import writes the stored values and does not evaluate. A value in error keeps its error.
    const only = async (processId: string) => {
      const { activities } = await importer.client.call('v3.activity.list', { processId })
      expect(activities).toHaveLength(1)
      return importer.client.call('v3.activity.get', activities[0]._id)
    }
    const [acmeOnB, dealOnB] = await Promise.all([only(workflowOnB.Companies), only(workflowOnB.Deals)])
    expect(dealOnB.fields).toEqual(
      expect.arrayContaining([
        { _id: idOnB('Company'), value: [acmeOnB._id] },
        { _id: idOnB('Amount'), value: 42 },
        { _id: idOnB('Doubled'), value: 84 },
        { _id: idOnB('Company size'), value: 7 },
        { _id: idOnB('Capped'), value: null, error: 'Error: over 40' },
      ]),
    )
    // The error's text names the activity by its id on B.
    const cycle = `Circular reference: Companies.Depth(${acmeOnB._id}) → Companies.Depth(${acmeOnB._id})`
    expect(acmeOnB.fields).toEqual(
      expect.arrayContaining([
        { _id: idOnB('Depth'), value: 0, error: cycle },
        { _id: idOnB('Size'), value: 7 },
        { _id: idOnB('Deal total'), value: 42 },
      ]),
    )

    const again = await finished(importer.client, (await importer.client.call('v3.user.data.export', [imported._id]))._id)
    const first = await finished(owner.client, (await owner.client.call('v3.user.data.export', [world.cid]))._id)
    const [x, y] = await Promise.all([download(process.env.TEST_SERVER_URL!, owner.key, first.fileId), download(b.url, importer.key, again.fileId)])
    // Differences by design: the importer owns the workspace, and the people of A are invites on B.
    const byDesign = ['workspaces', 'members', 'invites', 'teamMembers']
    // B's importer is not in A's archive: no one's unread counts come across.
    const [cx, cy] = await Promise.all([canonical(x, byDesign, null), canonical(y, byDesign, importer.uid)])
    expect((await y.file('wallUnread.jsonl')!.async('string')).trim()).toBe('')
    expect(Object.keys(cy)).toEqual(Object.keys(cx))
    for (const kind of Object.keys(cx)) expect([kind, cy[kind]]).toEqual([kind, cx[kind]])

    // Writes on B recompute through the rewritten variables (same activity, linked, linking); the
    // imported error clears.
    await importer.client.call('v3.activity.updateMany', [
      { _id: dealOnB._id, fields: { [idOnB('Amount')]: 30 } },
      { _id: acmeOnB._id, fields: { [idOnB('Size')]: 9 } },
    ])
    const [acmeAfter, dealAfter] = await Promise.all([acmeOnB, dealOnB].map((a) => importer.client.call('v3.activity.get', a._id)))
    expect(dealAfter.fields).toEqual(
      expect.arrayContaining([
        { _id: idOnB('Doubled'), value: 60 },
        { _id: idOnB('Company size'), value: 9 },
        { _id: idOnB('Capped'), value: 30 },
      ]),
    )
    expect(acmeAfter.fields).toEqual(expect.arrayContaining([{ _id: idOnB('Deal total'), value: 30 }]))
    await importer.client.close()
  }, 180_000)
})

describe("npm run export / import (the operator's path)", () => {
  const npm = (args: string[], env: Record<string, string>) =>
    promisify(execFile)('npm', ['run', '--silent', ...args], { cwd: path.join(__dirname, '..', '..', '..'), env: { ...process.env, ...env }, timeout: 120_000 })

  test("an archive imported into a stopped server's folder and exported from it again holds the same records", async () => {
    const job = await finished(owner.client, (await owner.client.call('v3.user.data.export', [world.cid]))._id)
    const res = await fetch(`${process.env.TEST_SERVER_URL}/file/${job.fileId}?dl=1`, { headers: { hlrkey: owner.key } })
    const dir = tempDataDir()
    const archive = path.join(dir, 'in.zip')
    fs.writeFileSync(archive, Buffer.from(await res.arrayBuffer()))

    // A fresh server folder where the owner and the member have accounts (the owner imports; the member is invited); then the server stops and the commands run on its folder.
    const c = await startServer({ DATA_DIR: tempDataDir(), DATABASE_URL: '' })
    const anonC = await Client.connect({ url: c.wsUrl })
    for (const person of [owner, member])
      await anonC.call('v2.user.register', { email: person.email, password: person.password, firstname: 'Test', lastname: 'x' })
    await anonC.close()
    expect(await c.stop()).toBe(0)
    const env = { DATA_DIR: c.dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' }

    expect(await npm(['import'], env).catch((e) => e.code)).toBe(2)
    const imported = JSON.parse((await npm(['import', '--', archive, owner.email], env)).stdout)
    expect(imported).toMatchObject({ workspaces: [expect.anything()], linked: 1, invited: [member.email] })
    const out = path.join(dir, 'out.zip')
    await npm(['export', '--', imported.workspaces[0]._id, out], env)
    const byDesign = ['workspaces', 'members', 'invites', 'teamMembers']
    const [before, after] = await Promise.all([JSZip.loadAsync(fs.readFileSync(archive)), JSZip.loadAsync(fs.readFileSync(out))])
    // The owner imports: their own unread counts come across, the member's do not.
    const ownerOnC = JSON.parse(await after.file('me.json')!.async('string'))._id
    const unreadOf = async (zip: JSZip) =>
      (await zip.file('wallUnread.jsonl')!.async('string'))
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l).uid)
    expect(await unreadOf(before)).toContain(member.uid)
    expect(new Set(await unreadOf(after))).toEqual(new Set((await unreadOf(before)).includes(owner.uid) ? [ownerOnC] : []))
    const [cx, cy] = await Promise.all([canonical(before, byDesign, owner.uid), canonical(after, byDesign, ownerOnC)])
    for (const kind of Object.keys(cx)) expect([kind, cy[kind]]).toEqual([kind, cx[kind]])
  }, 180_000)
})
