/**
 * The audit trail (docs/guides/audit.md): every kind of administrative act leaves exactly one entry
 * in its workspace with the right actor, target, before and after; only owners and admins read it
 * (v3.audit.list, GET /audit.csv); nothing a caller sends forges an entry; retention removes only
 * entries older than AUDIT_RETENTION_DAYS.
 */
import { execFile } from 'node:child_process'
import path from 'node:path'
import { AUDIT_KINDS, type AuditKind } from '../../../server/db/audit'
import { api, Client, type ArgsOf, type ResultOf } from '../../helpers/client'
import { openDatabase } from '../../helpers/database'
import { MISSING } from '../../helpers/ids'
import { startServer, tempDataDir, type RunningServer } from '../../helpers/server'
import { pause } from '../../helpers/stream'
import { signedIn, uniqueEmail, type SignedIn } from '../../helpers/users'
import { newPhaseId } from '../../helpers/workflows'

type Entry = ResultOf<'v3.audit.list'>[number]

const ROOT = path.join(__dirname, '..', '..', '..')
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx')
const SECRET = 'audit-bot-secret-0123456789'
const LOOPBACK = expect.stringMatching(/127\.0\.0\.1$/)

let server: RunningServer
let owner: SignedIn
/** How many of the owner's workspace's entries the test has looked at. */
let seen = 0
/** The kinds of the entries looked at, in any workspace. */
const kindsSeen = new Set<string>()

type Query = NonNullable<ArgsOf<'v3.audit.list'>[1]>

const list = (c: Client, cid: string, query: Query = {}): Promise<Entry[]> => c.call('v3.audit.list', cid, { limit: 1000, ...query })

/** The entries of the owner's workspace written since the last look. */
async function fresh(): Promise<Entry[]> {
  const all = await list(owner.client, owner.cid)
  const added = all.slice(seen)
  seen = all.length
  for (const e of added) kindsSeen.add(e.kind)
  return added
}

interface Expected {
  actor?: string | null
  apiKey?: string | null
  /** Default: the test's loopback address. */
  address?: string | null
  before?: unknown
  after?: unknown
}

/** The act left exactly one entry: of `kind`, on `targetId`, by `actor` (default the owner). */
async function one(kind: AuditKind, targetId: string, expected: Expected = {}): Promise<Entry> {
  const added = await fresh()
  expect(added).toEqual([entry(kind, targetId, expected)])
  return added[0]
}

function entry(kind: AuditKind, targetId: string, expected: Expected = {}) {
  return {
    _id: expect.any(String),
    workspaceId: owner.cid,
    ts: expect.any(Number),
    kind,
    actor: expected.actor === undefined ? owner.uid : expected.actor,
    apiKey: expected.apiKey ?? null,
    address: expected.address === undefined ? LOOPBACK : expected.address,
    target: { kind: AUDIT_KINDS[kind].target, id: targetId },
    before: expected.before === undefined ? null : expected.before,
    after: expected.after === undefined ? null : expected.after,
  }
}

/** A new user who joined the owner's workspace by invite (its two entries looked at). */
async function join(tag: string): Promise<SignedIn> {
  const user = await signedIn(tag, server.wsUrl)
  const invite = await owner.client.call('v2.network.invite.send', { email: user.email, role: 'user', cid: owner.cid })
  await user.client.call('v2.user.invite.accept', invite.invite_key)
  expect((await fresh()).map((e) => e.kind)).toEqual(['invite.create', 'invite.accept'])
  return user
}

async function finished(client: Client, jobId: string) {
  for (;;) {
    const job = await client.call('v3.user.data.job', jobId)
    if (job.state !== 'running') return job
    await pause(200)
  }
}

function setLicenseScript(dataDir: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    execFile(TSX, [path.join(ROOT, 'scripts', 'set-license.ts'), ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } }, (err) =>
      resolve(err ? ((err as { code?: number }).code ?? 1) : 0),
    )
  })
}

/** RFC 4180 with CRLF line ends, as GET /audit.csv writes it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') ((cell += '"'), i++)
      else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') (row.push(cell), (cell = ''))
    else if (ch === '\r' && text[i + 1] === '\n') (row.push(cell), rows.push(row), (row = []), (cell = ''), i++)
    else cell += ch
  }
  return rows
}

const csv = (query: string, key?: string) => fetch(`${server.url}/audit.csv?${query}`, { headers: key ? { hlrkey: key } : {} })

beforeAll(async () => {
  server = await startServer({ BOT_SECRET: SECRET, IMPORT_ALLOWED_HOSTS: '127.0.0.1', DATA_DIR: tempDataDir() })
  owner = await signedIn('audit-owner', server.wsUrl)
}, 120_000)
afterAll(async () => {
  await owner.client.close()
  await server.stop()
})

describe('every administrative act leaves one entry', () => {
  let x: SignedIn

  test('workspace settings, invites, members and custom roles', async () => {
    const c = owner.client
    await c.call('v2.network.update', owner.cid, { localauth: false })
    await one('workspace.update', owner.cid, { before: { localauth: null }, after: { localauth: false } })
    await c.call('company.set_general_options', { name: 'Audited', description: 'Kept on record' })
    await one('workspace.update', owner.cid, {
      before: { name: expect.any(String), description: null },
      after: { name: 'Audited', description: 'Kept on record' },
    })
    await c.call('v2.network.fastFunctions.set', owner.cid, false)
    await one('workspace.update', owner.cid, { before: { fastFunctions: null }, after: { fastFunctions: false } })

    x = await signedIn('audit-x', server.wsUrl)
    const invite = await c.call('v2.network.invite.send', { email: x.email, role: 'user', cid: owner.cid })
    const offered = { email: x.email, name: null, role: 'user', customRole: null, teams: [], title: null, notes: null, discussionIds: [], brandId: null }
    await one('invite.create', invite._id, { after: offered })
    await c.call('v2.network.invite.edit', invite.invite_key, { title: 'Engineer' })
    await one('invite.update', invite._id, { before: offered, after: { ...offered, title: 'Engineer' } })
    await c.call('v2.network.invite.resend', invite.invite_key)
    await one('invite.resend', invite._id, { before: { ...offered, title: 'Engineer' }, after: { ...offered, title: 'Engineer' } })
    await x.client.call('v2.user.invite.accept', invite.invite_key)
    await one('invite.accept', invite._id, {
      actor: x.uid,
      before: { ...offered, title: 'Engineer' },
      after: { uid: x.uid, role: 'user', title: 'Engineer', customRole: null, teams: [] },
    })

    const revoked = await c.call('v2.network.invite.send', { email: uniqueEmail('audit-revoked'), role: 'guest', cid: owner.cid })
    await one('invite.create', revoked._id, { after: expect.objectContaining({ role: 'guest' }) })
    await c.call('v2.network.invite.remove', revoked.invite_key)
    await one('invite.revoke', revoked._id, { before: expect.objectContaining({ email: revoked.email, role: 'guest' }) })

    // Someone holding a key creates their account with it: nobody was signed in, the new member is `after`.
    const newcomer = uniqueEmail('audit-newcomer')
    const registered = await c.call('v2.network.invite.send', { email: newcomer, role: 'user', cid: owner.cid })
    await one('invite.create', registered._id, { after: expect.objectContaining({ email: newcomer }) })
    const anon = await Client.connect({ url: server.wsUrl })
    const made = await anon.call('v2.user.invite.register', { firstname: 'New', lastname: 'Comer', password: 'correct horse battery' }, registered.invite_key)
    await anon.close()
    await one('invite.accept', registered._id, {
      actor: null,
      before: expect.objectContaining({ email: newcomer }),
      after: expect.objectContaining({ uid: made.uid }),
    })

    await c.call('company.set_user_data', { workspaceId: owner.cid, uid: x.uid, section: 'admin', value: 'true' })
    const standing = { role: 'user', inviter: false, feedAdmin: false, title: 'Engineer', customRole: null }
    await one('member.update', x.uid, { before: standing, after: { ...standing, role: 'admin' } })

    const role = await c.call('v2.network.role.create', { name: 'Keepers', capabilities: ['teams.manage'] })
    await one('role.create', role._id, { after: { name: 'Keepers', capabilities: ['teams.manage'] } })
    await c.call('v2.network.role.update', role._id, { capabilities: ['teams.manage', 'audit.read'] })
    await one('role.update', role._id, {
      before: { name: 'Keepers', capabilities: ['teams.manage'] },
      after: { name: 'Keepers', capabilities: ['audit.read', 'teams.manage'] },
    })
    await c.call('v2.network.role.remove', role._id)
    await one('role.remove', role._id, { before: { name: 'Keepers', capabilities: ['audit.read', 'teams.manage'], holders: [] } })
  })

  test('teams and their accounts', async () => {
    const c = owner.client
    const team = await c.call('company.new_team', { name: 'Ops' })
    await one('team.create', team!._id, { after: { name: 'Ops', description: null } })
    await c.call('company.set_team_data', { team_id: team!._id, section: 'name', data: 'Operations' })
    await one('team.update', team!._id, { before: { name: 'Ops' }, after: { name: 'Operations' } })
    await c.call('company.update_team_users', team!._id, [owner.uid, x.uid])
    await one('team.members', team!._id, { before: { members: [] }, after: { members: [owner.uid, x.uid] } })
    const account = await c.call('company.new_account', { name: 'North', team_id: team!._id })
    await one('teamAccount.create', account._id, { after: { teamId: team!._id, name: 'North', color: null } })
    await c.call('company.set_account_data', 'color', { account_id: account._id, color: '#112233' })
    await one('teamAccount.update', account._id, {
      before: { teamId: team!._id, name: 'North', color: null },
      after: { teamId: team!._id, name: 'North', color: '#112233' },
    })
    await c.call('company.remove_account', { account_id: account._id, team_id: team!._id })
    await one('teamAccount.remove', account._id, { before: { teamId: team!._id, name: 'North', color: '#112233' } })
    await c.call('company.remove_team', team!._id)
    await one('team.remove', team!._id, {
      before: { name: 'Operations', description: null, public: expect.any(Boolean), default_view: null, members: expect.arrayContaining([owner.uid, x.uid]) },
    })
  })

  test('workflows: settings, phases, fields, members and permissions', async () => {
    const c = owner.client
    const wf = await c.call('process.create', { name: 'Deals' })
    await one('workflow.create', wf._id, { after: { name: 'Deals', dataset: false } })

    // Settings and a phase in one call: an entry for the settings, one for the phase.
    const phase = newPhaseId()
    // `expect` (the settings as read) is a precondition of the call, not a setting: it is not on record.
    await c.call('process.set_info', wf._id, { description: 'Sales', phases: { [phase]: { name: 'Open' } }, phasesOrder: [phase], expect: { name: 'Deals' } })
    expect(await fresh()).toEqual([
      entry('workflow.update', wf._id, { before: { description: null, phasesOrder: null }, after: { description: 'Sales', phasesOrder: [phase] } }),
      entry('phase.create', phase, { after: { name: 'Open', _id: phase } }),
    ])
    await c.call('process.set_info', wf._id, { phases: { [phase]: { name: 'Won' } } })
    await one('phase.update', phase, { before: { name: 'Open', _id: phase }, after: { name: 'Won', _id: phase } })
    await c.call('process.set_info', wf._id, { phases: { [phase]: null }, phasesOrder: [] })
    expect(await fresh()).toEqual([
      entry('workflow.update', wf._id, { before: { phasesOrder: [phase] }, after: { phasesOrder: [] } }),
      entry('phase.remove', phase, { before: { name: 'Won', _id: phase } }),
    ])

    const field = await c.call('process.create_field', wf._id, { label: 'Amount', type: 'numeric' })
    await one('field.create', field._id, { after: { processId: wf._id, type: 'numeric', label: 'Amount' } })
    await c.call('process.update_field', wf._id, field._id, { label: 'Total' })
    await one('field.update', field._id, {
      before: { processId: wf._id, type: 'numeric', label: 'Amount' },
      after: { processId: wf._id, type: 'numeric', label: 'Total' },
    })
    await c.call('process.remove_field', wf._id, field._id)
    await one('field.remove', field._id, { before: { processId: wf._id, type: 'numeric', label: 'Total' } })

    const member = `user_${x.uid}`
    await c.call('v2.process.member.add', wf._id, member)
    await one('workflow.member.add', wf._id, { after: { member, permissions: [] } })
    await c.call('v2.process.permissions.grant', wf._id, x.uid, 'admin')
    await one('workflow.permissions', wf._id, { before: { member, permissions: [] }, after: { member, permissions: ['admin'] } })
    await c.call('v2.process.permissions.deny', wf._id, x.uid, 'admin')
    await one('workflow.permissions', wf._id, { before: { member, permissions: ['admin'] }, after: { member, permissions: [] } })
    await c.call('v2.process.member.remove', wf._id, member)
    await one('workflow.member.remove', wf._id, { before: { member, permissions: [] } })
    const [copy] = await c.call('v2.process.copy', wf._id)
    await one('workflow.create', copy, { after: { name: 'Deals (copy)', dataset: false, copiedFrom: wf._id } })
    await c.call('process.remove', wf._id)
    await one('workflow.remove', wf._id, { before: { name: 'Deals', dataset: false } })
  })

  test('API keys; an act through a key names the key; secrets never reach the trail', async () => {
    const c = owner.client
    const key = await c.call('v3.user.apikey.create', 'CI', owner.cid, ['127.0.0.1'])
    const state = {
      owner: owner.uid,
      name: 'CI',
      keyPrefix: expect.any(String),
      whitelistIps: ['127.0.0.1'],
      delegatedToUrl: null,
      expires: expect.any(Number),
    }
    await one('apiKey.create', key._id, { after: state })

    const viaKey = await api('company.new_team', [{ name: 'Robots' }], { key: key.key, url: server.url })
    expect(viaKey.status).toBe(200)
    await one('team.create', viaKey.body._id, { apiKey: key._id, after: { name: 'Robots', description: null } })

    await c.call('v3.user.apikey.update', key._id, 'CI 2', ['127.0.0.1', '10.0.0.0/8'])
    await one('apiKey.update', key._id, { before: state, after: { ...state, name: 'CI 2', whitelistIps: ['127.0.0.1', '10.0.0.0/8'] } })
    await c.call('v3.user.apikey.remove', key._id)
    await one('apiKey.revoke', key._id, { before: { ...state, name: 'CI 2', whitelistIps: ['127.0.0.1', '10.0.0.0/8'] } })

    const trail = JSON.stringify(await list(c, owner.cid))
    expect(trail).not.toContain(key.key)
    const invites = await c.call('v2.network.invite.list', owner.cid)
    for (const invite of invites) expect(trail).not.toContain(invite.invite_key)
  })

  test('webhooks: made, changed, a new secret, a redelivery, removed; never the secret', async () => {
    const c = owner.client
    const hook = await c.call('v3.webhook.create', owner.cid, { url: 'https://example.test/audit' })
    const state = { url: 'https://example.test/audit', events: null, processIds: null, description: null, enabled: true }
    await one('webhook.create', hook._id, { after: state })
    await c.call('v3.webhook.update', hook._id, { enabled: false, description: 'paused' })
    const paused = { ...state, description: 'paused', enabled: false }
    await one('webhook.update', hook._id, { before: state, after: paused })
    const rotated = await c.call('v3.webhook.rotateSecret', hook._id)
    await one('webhook.rotateSecret', hook._id)
    await c.call('v3.webhook.redeliver', hook._id, hook.position + 1)
    await one('webhook.redeliver', hook._id, { after: { fromSeq: hook.position + 1 } })
    await c.call('v3.webhook.remove', hook._id)
    await one('webhook.remove', hook._id, { before: paused })
    const trail = JSON.stringify(await list(c, owner.cid))
    expect(trail).not.toContain(hook.secret!.slice(6))
    expect(trail).not.toContain(rotated.secret!.slice(6))
  })

  test('automations: made, changed, removed; never the secret', async () => {
    const c = owner.client
    const p = await c.call('process.create', { name: 'Audited rules' })
    const phase = newPhaseId()
    await c.call('process.set_info', p._id, { phases: { [phase]: { name: 'Open' } }, phasesOrder: [phase] })
    await fresh()
    const trigger = { type: 'activity.created' as const }
    const actions: [{ type: 'move'; phaseId: string }] = [{ type: 'move', phaseId: phase }]
    const rule = await c.call('v3.automation.create', owner.cid, { processId: p._id, name: 'Audited', trigger, actions })
    const state = { processId: p._id, name: 'Audited', trigger, actions, enabled: true }
    await one('automation.create', rule._id, { after: state })
    await c.call('v3.automation.update', rule._id, { enabled: false, name: 'Paused' })
    const paused = { ...state, name: 'Paused', enabled: false }
    await one('automation.update', rule._id, { before: state, after: paused })
    await c.call('v3.automation.remove', rule._id)
    await one('automation.remove', rule._id, { before: paused })
    expect(JSON.stringify(await list(c, owner.cid))).not.toContain(rule.secret!.slice(6))
  })

  test('the bot flag, leaving, removal of a member and of an account', async () => {
    await owner.client.call('v3.user.setBot', { uid: x.uid, isBot: true, secret: SECRET })
    await one('user.bot', x.uid, { before: { isBot: false }, after: { isBot: true } })

    const leaver = await join('audit-leaver')
    await leaver.client.call('company.leave', owner.cid)
    await one('member.leave', leaver.uid, { actor: leaver.uid, before: expect.objectContaining({ role: 'user' }) })

    const removed = await join('audit-removed')
    await owner.client.call('company.remove_user', removed.uid)
    await one('member.remove', removed.uid, { before: expect.objectContaining({ role: 'user' }) })

    const gone = await join('audit-gone')
    await gone.client.call('v3.user.remove', { password: gone.password })
    await one('user.remove', gone.uid, { actor: gone.uid, before: { role: 'user' } })
    await Promise.all([leaver, removed, gone].map((u) => u.client.close()))
  })

  test('exports and imports', async () => {
    const c = owner.client
    const exported = await c.call('v3.user.data.export', [owner.cid])
    await one('data.export', exported._id, { after: { workspaceIds: [owner.cid] } })
    expect((await finished(c, exported._id)).state).toBe('finished')

    // Importing from this very server: its export of the workspace is on record too (through the HTTP mirror).
    const started = await c.call('v3.user.data.import', { host: server.url, username: owner.email, password: owner.password }, { workspaceIds: [owner.cid] })
    const job = await finished(c, started._id)
    expect(job.state).toBe('finished')
    await one('data.export', expect.any(String), { after: { workspaceIds: [owner.cid] } })
    const [imported] = job.result!.workspaces as { _id: string }[]
    kindsSeen.add('data.import')
    expect(await list(c, imported._id)).toEqual([
      {
        ...entry('data.import', imported._id, { after: expect.objectContaining({ jobId: started._id, host: server.url, from: owner.cid }) }),
        workspaceId: imported._id,
      },
    ])
  })

  test('who may read it: owners and admins, and a custom role granting audit.read', async () => {
    const plain = await join('audit-plain')
    const stranger = await signedIn('audit-stranger', server.wsUrl)
    const anon = await Client.connect({ url: server.wsUrl })
    expect((await plain.client.fail('v3.audit.list', owner.cid)).code).toBe(403)
    expect((await stranger.client.fail('v3.audit.list', owner.cid)).code).toBe(404)
    expect((await anon.fail('v3.audit.list', owner.cid)).code).toBe(401)
    // x was made an admin above.
    expect((await list(x.client, owner.cid)).length).toBe(seen)

    const reader = await owner.client.call('v2.network.role.create', { name: 'Auditors', capabilities: ['audit.read'] })
    await owner.client.call('company.set_user_data', { workspaceId: owner.cid, uid: plain.uid, section: 'customRole', value: reader._id })
    expect((await fresh()).map((e) => e.kind)).toEqual(['role.create', 'member.update'])
    expect((await list(plain.client, owner.cid)).length).toBe(seen)
    await Promise.all([plain.client.close(), stranger.client.close(), anon.close()])
  })

  test('paging by time and the filters', async () => {
    const all = await list(owner.client, owner.cid)
    const pages: Entry[] = []
    for (let page = await list(owner.client, owner.cid, { limit: 7 }); page.length;) {
      pages.push(...page)
      const last = page[page.length - 1]
      page = await list(owner.client, owner.cid, { limit: 7, afterTs: last.ts, afterId: last._id })
    }
    expect(pages).toEqual(all)
    const byX = await list(owner.client, owner.cid, { actor: x.uid })
    expect(byX.length).toBeGreaterThan(0)
    expect(byX.every((e) => e.actor === x.uid)).toBe(true)
    const updates = await list(owner.client, owner.cid, { kind: 'member.update' })
    expect(updates).toEqual(all.filter((e) => e.kind === 'member.update'))
    expect(await owner.client.fail('v3.audit.list', owner.cid, { kind: 'made.up' })).toMatchObject({ code: 400, details: { path: '/kind' } })
    expect((await owner.client.fail('v3.audit.list', owner.cid, { afterId: all[0]._id })).code).toBe(400)
  })
})

describe('nothing a caller sends forges an entry', () => {
  test('extra properties are refused; the actor, the address and the time come from the call', async () => {
    const c = owner.client
    for (const forged of [{ ts: 0 }, { address: '203.0.113.9' }, { apiKey: owner.uid }, { target: { kind: 'member', id: owner.uid } }]) {
      expect(await c.fail('v3.audit.list', owner.cid, forged)).toMatchObject({ code: 400 })
    }
    expect((await c.fail('company.new_team', { name: 'Forged', actor: MISSING, kind: 'license.set', ts: 0 })).code).toBe(400)
    expect(await fresh()).toEqual([])

    // A forwarded-for header names no one: the address is the connection's.
    const sent = await fetch(`${server.url}/api/company/new_team`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', hlrkey: owner.key, 'x-forwarded-for': '203.0.113.9', forwarded: 'for=203.0.113.9' },
      body: JSON.stringify([{ name: 'Forwarded' }]),
    })
    expect(sent.status).toBe(200)
    const made = (await sent.json()) as { _id: string }
    const [written] = await fresh()
    expect(written).toEqual(entry('team.create', made._id, { after: { name: 'Forwarded', description: null } }))
  })
})

describe('GET /audit.csv', () => {
  test('the same entries as v3.audit.list, as CSV; filters; owners and admins only', async () => {
    const all = await list(owner.client, owner.cid)
    const res = await csv(`workspaceId=${owner.cid}`, owner.key)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="?audit-${owner.cid}\\.csv"?$`))
    const [header, ...rows] = parseCsv(await res.text())
    expect(header).toEqual(['id', 'time', 'ts', 'kind', 'actor', 'apiKey', 'address', 'targetKind', 'targetId', 'before', 'after'])
    const cell = (v: string | null) => v ?? ''
    const json = (v: unknown) => (v === null ? '' : JSON.stringify(v))
    expect(rows).toEqual(
      all.map((e) => [
        e._id,
        new Date(e.ts).toISOString(),
        String(e.ts),
        e.kind,
        cell(e.actor),
        cell(e.apiKey),
        cell(e.address),
        e.target.kind,
        e.target.id,
        json(e.before),
        json(e.after),
      ]),
    )

    const filtered = parseCsv(await (await csv(`workspaceId=${owner.cid}&kind=member.update`, owner.key)).text()).slice(1)
    expect(filtered.map((r) => r[0])).toEqual(all.filter((e) => e.kind === 'member.update').map((e) => e._id))
    const after = all[all.length - 3]
    const tail = parseCsv(await (await csv(`workspaceId=${owner.cid}&afterTs=${after.ts}&afterId=${after._id}`, owner.key)).text()).slice(1)
    expect(tail.map((r) => r[0])).toEqual(all.slice(-2).map((e) => e._id))

    const plain = await join('audit-csv-plain')
    const stranger = await signedIn('audit-csv-stranger', server.wsUrl)
    expect((await csv(`workspaceId=${owner.cid}`, plain.key)).status).toBe(403)
    expect((await csv(`workspaceId=${owner.cid}`, stranger.key)).status).toBe(404)
    expect((await csv(`workspaceId=${owner.cid}`)).status).toBe(401)
    expect((await csv(`workspaceId=${owner.cid}&kind=made.up`, owner.key)).status).toBe(400)
    await Promise.all([plain.client.close(), stranger.client.close()])
  })
})

describe('with the server stopped', () => {
  test('the table itself refuses to change an entry; the license set by a server administrator is on record with no actor', async () => {
    await owner.client.close()
    expect(await server.stop()).toBe(0)
    const db = await openDatabase(server.dataDir)
    try {
      await expect(db.query(`update audit_log set actor_uid = $1 where cid = $2`, [MISSING, owner.cid])).rejects.toThrow(/audit entries cannot be changed/)
    } finally {
      await db.close()
    }
    expect(await setLicenseScript(server.dataDir, [owner.cid, '{"type":"premium","users":250}'])).toBe(0)
    server = await startServer({ BOT_SECRET: SECRET, DATA_DIR: server.dataDir })
    const client = await Client.connect({ url: server.wsUrl })
    owner = { ...owner, client, key: await client.call('login', owner.email, owner.password) }
    await one('license.set', owner.cid, {
      actor: null,
      address: null,
      before: expect.objectContaining({ type: expect.any(String) }),
      after: expect.objectContaining({ type: 'premium', users: 250 }),
    })
  }, 120_000)
})

test('every kind the trail declares was made above', () => {
  expect([...kindsSeen].sort()).toEqual(Object.keys(AUDIT_KINDS).sort())
})

describe('retention', () => {
  test('AUDIT_RETENTION_DAYS removes the entries older than it, and only those', async () => {
    // 0.0001 days is 8.64 s: the sweep runs every quarter of it. On PostgreSQL the database is shared
    // with the run's other servers: the sweep deletes their old entries too, which no other spec reads.
    const short = await startServer({ AUDIT_RETENTION_DAYS: '0.0001', DATA_DIR: tempDataDir() })
    try {
      const admin = await signedIn('audit-retention', short.wsUrl)
      const older = await admin.client.call('company.new_team', { name: 'Older' })
      await pause(6000)
      const newer = await admin.client.call('company.new_team', { name: 'Newer' })
      const ids = async () => (await admin.client.call('v3.audit.list', admin.cid, {})).map((e) => e.target.id)
      expect(await ids()).toEqual([older!._id, newer!._id])
      let left = await ids()
      while (left.includes(older!._id)) {
        await pause(100)
        left = await ids()
      }
      expect(left).toEqual([newer!._id])
      await admin.client.close()
    } finally {
      await short.stop()
    }
  }, 60_000)
})
