/**
 * v2.network.license.get, v2.network.restrictions, and licenses set by a server administrator with
 * scripts/set-license.ts, whose quotas and switches the server then enforces.
 */
import { execFile } from 'node:child_process'
import path from 'node:path'
import { DEFAULT_LICENSE } from '../../../server/db/workspaces'
import { operations } from '../../../server/ops'
import { roleTableOf } from '../../../server/rpc/registry'
import { Client } from '../../helpers/client'
import { MISSING } from '../../helpers/ids'
import { joinWorkspace, type JoinedMember } from '../../helpers/members'
import { startServer, tempDataDir, type RunningServer } from '../../helpers/server'
import { signedIn, uniqueEmail, type SignedIn } from '../../helpers/users'
import { newPhaseId } from '../../helpers/workflows'

/** The role table, from the operations' declarations. */
const ROLE_TABLE = roleTableOf(operations)

const ROOT = path.join(__dirname, '..', '..', '..')
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx')

/** Runs scripts/set-license.ts as an administrator would, against a server's data folder. */
function setLicenseScript(dataDir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(TSX, [path.join(ROOT, 'scripts', 'set-license.ts'), ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
  })
}

let owner: SignedIn
let guest: JoinedMember
let stranger: SignedIn
let anon: Client
beforeAll(async () => {
  owner = await signedIn('lic-owner')
  guest = await joinWorkspace(owner, { role: 'guest' })
  stranger = await signedIn('lic-stranger')
  anon = await Client.connect()
})
afterAll(() => Promise.all([owner, guest, stranger].map((p) => p.client.close()).concat(anon.close())))

describe('v2.network.license.get', () => {
  test('401, 400, a new workspace has the default license, members see their current workspace only', async () => {
    expect((await anon.fail('v2.network.license.get')).code).toBe(401)
    expect((await owner.client.fail('v2.network.license.get', owner.cid)).code).toBe(400)
    const license = await owner.client.call('v2.network.license.get')
    expect(license).toEqual({ ...DEFAULT_LICENSE, activated: expect.any(Number) })
    expect(await guest.client.call('v2.network.license.get')).toEqual(license)
    // No argument names a workspace: a stranger gets their own workspace's license, never another's.
    expect(await stranger.client.call('v2.network.license.get')).toEqual({ ...DEFAULT_LICENSE, activated: expect.any(Number) })
    expect((await stranger.client.fail('v3.session.switchWorkspace', owner.cid)).code).toBe(404)
  })
})

describe('v2.network.restrictions', () => {
  test('401, 400, then what the role and the license restrict for the caller', async () => {
    expect((await anon.fail('v2.network.restrictions')).code).toBe(401)
    expect((await owner.client.fail('v2.network.restrictions', 1)).code).toBe(400)
    const mine = await owner.client.call('v2.network.restrictions')
    expect(mine).toMatchObject({
      cid: owner.cid,
      restricted: false,
      member: { uid: owner.uid, role: 'owner' },
      deniedOperations: [],
      license: { type: 'free', functionFields: true, indexedData: true },
      quotas: { users: { limit: DEFAULT_LICENSE.users, used: 2 }, processes: { limit: DEFAULT_LICENSE.processes } },
    })
    const theirs = await guest.client.call('v2.network.restrictions')
    expect(theirs.member).toMatchObject({ uid: guest.uid, role: 'guest', capabilities: expect.not.arrayContaining(['workspace.update']) })
    expect(theirs.deniedOperations).toEqual(expect.arrayContaining(['company.set_user_data', 'v2.network.update', 'v2.network.invite.send']))
    expect(theirs.deniedOperations).not.toContain('v2.network.get')
    expect(theirs.deniedOperations.every((op: string) => ROLE_TABLE.has(op))).toBe(true)
    // The stranger's answer is about their own workspace.
    expect((await stranger.client.call('v2.network.restrictions')).cid).toBe(stranger.cid)
  })
})

describe('scripts/set-license.ts', () => {
  let server: RunningServer | null = null
  afterAll(async () => {
    await server?.stop()
  })

  test('an administrator sets a license on a stopped server; the server then enforces its quota and switches', async () => {
    const dataDir = tempDataDir()
    server = await startServer({ DATA_DIR: dataDir })
    const admin = await signedIn('lic-admin', server.wsUrl)
    await admin.client.close()
    expect(await server.stop()).toBe(0)
    server = null

    const usage = await setLicenseScript(dataDir, [])
    expect(usage.code).toBe(2)
    expect(usage.stderr).toMatch(/STOP THE SERVER FIRST/)
    const bad = await setLicenseScript(dataDir, [admin.cid, '{"users":"many"}'])
    expect(bad).toMatchObject({ code: 1, stderr: expect.stringMatching(/invalid license: \/users must be number/) })
    const unknown = await setLicenseScript(dataDir, [MISSING, '{"users":5}'])
    expect(unknown).toMatchObject({ code: 1, stderr: expect.stringMatching(/workspace not found/) })
    const done = await setLicenseScript(dataDir, [admin.cid, '{"type":"premium","users":1,"activities":2,"functionFields":false}'])
    expect(done.code).toBe(0)
    expect(JSON.parse(done.stdout)).toMatchObject({ type: 'premium', users: 1, activities: 2, functionFields: false, processes: DEFAULT_LICENSE.processes })
    const shown = await setLicenseScript(dataDir, [admin.cid, '--show'])
    expect(JSON.parse(shown.stdout)).toEqual(JSON.parse(done.stdout))

    server = await startServer({ DATA_DIR: dataDir })
    const client = await Client.connect({ url: server.wsUrl })
    await client.call('login', admin.email, admin.password)
    expect(await client.call('v2.network.license.get')).toMatchObject({ type: 'premium', users: 1, functionFields: false })
    // users: 1, and the owner is that one: an invite would be a second user.
    const refused = await client.fail('v2.network.invite.send', { email: uniqueEmail('over'), role: 'user' })
    expect(refused).toMatchObject({ code: 422, details: { quota: 'users', limit: 1 } })
    expect((await client.call('v2.network.invite.list', admin.cid)).length).toBe(0)
    expect(await client.call('v2.network.restrictions')).toMatchObject({
      license: { type: 'premium', functionFields: false },
      quotas: { users: { limit: 1, used: 1 } },
    })
    expect(await client.fail('v2.network.fastFunctions.set', admin.cid, true)).toMatchObject({ code: 422, details: { feature: 'functionFields' } })
    expect(await client.call('v2.network.fastFunctions.set', admin.cid, false)).toBe(true)

    // activities: 2 — createMany over the quota writes nothing; creating up to it works, one more does not.
    const team = await client.call('company.new_team', { name: 'Sales' })
    const wf = await client.call('process.create', { name: 'Leads' })
    // functionFields: false — no function may be saved or switched on; plain fields still may.
    const fn = { label: 'Total', type: 'numeric', function: 'return 1', functionEnabled: true }
    expect(await client.fail('process.create_field', wf._id, fn)).toMatchObject({ code: 422, details: { feature: 'functionFields' } })
    const plain = await client.call('process.create_field', wf._id, { label: 'Amount', type: 'numeric' })
    expect(await client.fail('process.update_field', wf._id, plain._id, { functionEnabled: true, function: 'return 2' })).toMatchObject({
      code: 422,
      details: { feature: 'functionFields' },
    })
    expect(await client.fail('process.set_info', wf._id, { nameFunction: 'return "x"', nameFunctionEnabled: true })).toMatchObject({ code: 422 })
    const phase = newPhaseId()
    await client.call('process.set_info', wf._id, { phases: { [phase]: { name: 'New' } }, phasesOrder: [phase] })
    const many = await client.fail('v3.activity.createMany', wf._id, [{ name: 'a' }, { name: 'b' }, { name: 'c' }], { teamId: team._id })
    expect(many).toMatchObject({ code: 422, details: { quota: 'activities', limit: 2 } })
    expect(await client.call('v3.activity.count', wf._id)).toEqual({ [wf._id]: 0 })
    await client.call('v3.activity.createMany', wf._id, [{ name: 'a' }, { name: 'b' }], { teamId: team._id })
    const one = await client.fail('v3.activity.create', wf._id, { name: 'c', teamId: team._id })
    expect(one).toMatchObject({ code: 422, details: { quota: 'activities', limit: 2 } })
    expect(await client.call('v3.activity.count', wf._id)).toEqual({ [wf._id]: 2 })
    await client.close()
  }, 180_000)
})
