/** v2.process.publicForm.create / update, v3.publicForm.get (added: a form read by its key without a session) */
import { api, Client } from '../../helpers/client'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'
import { loadWorkflow } from '../../helpers/workflows'

let cast: Cast
let owner: SignedIn
let member: JoinedMember
let stranger: SignedIn
let anon: Client
let team: { _id: string }
let account: { _id: string }
let otherAccount: { _id: string }
let theirTeam: { _id: string }
beforeAll(async () => {
  cast = await meetCast()
  ;({ owner, member, stranger, anon } = cast)
  team = await owner.client.call('company.new_team', { name: 'Sales' })
  account = await owner.client.call('company.new_account', { name: 'ACME', team_id: team._id })
  const other = await owner.client.call('company.new_team', { name: 'Support' })
  otherAccount = await owner.client.call('company.new_account', { name: 'Initech', team_id: other._id })
  theirTeam = await stranger.client.call('company.new_team', { name: 'Theirs' })
})
afterAll(() => closeCast(cast))

const newProcess = () => owner.client.call('process.create', { name: `Form ${Math.random().toString(36).slice(2, 8)}`, description: 'Tell us' })

describe('v2.process.publicForm.create', () => {
  test('401, 400 naming the argument, 404 for another workspace and for people, teams and accounts not of it, 403 for a user, then the form, the signal and key rotation', async () => {
    const p = await newProcess()
    expect((await anon.fail('v2.process.publicForm.create', { processId: p._id })).code).toBe(401)
    expect(await owner.client.fail('v2.process.publicForm.create', { processId: p._id, followers: 'all' })).toMatchObject({
      code: 400,
      details: { argument: 0, path: '/followers' },
    })
    expect(await owner.client.fail('v2.process.publicForm.create', { processId: p._id, allowRead: true })).toMatchObject({
      code: 400,
      details: { argument: 0 },
    })
    expect((await stranger.client.fail('v2.process.publicForm.create', { processId: p._id })).code).toBe(404)
    expect((await member.client.fail('v2.process.publicForm.create', { processId: p._id })).code).toBe(403)
    expect(await owner.client.fail('v2.process.publicForm.create', { processId: p._id, creator: stranger.uid })).toMatchObject({
      code: 404,
      msg: 'creator not found',
    })
    expect(await owner.client.fail('v2.process.publicForm.create', { processId: p._id, team: theirTeam._id })).toMatchObject({
      code: 404,
      msg: 'team not found',
    })
    expect(await owner.client.fail('v2.process.publicForm.create', { processId: p._id, team: team._id, account: otherAccount._id })).toMatchObject({
      code: 404,
      msg: 'account not found',
    })
    expect((await loadWorkflow(owner.client, p._id)).publicForm).toBeUndefined()

    const form = await owner.client.call('v2.process.publicForm.create', {
      processId: p._id,
      creator: member.uid,
      team: team._id,
      account: account._id,
      followers: 'team',
      theme: { color: '#123456' },
    })
    expect(form).toEqual({
      key: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      creator: member.uid,
      team_account: { team: team._id, account: account._id },
      followers: 'team',
      active: true,
      enableMessaging: false,
      allowRead: false,
      theme: { color: '#123456' },
    })
    const signal = await member.client.waitForSignal('process.updated', (m) => m._id === p._id && m.changed.includes('publicForm'))
    expect(JSON.stringify(signal.meta)).not.toContain(form.key)
    expect((await loadWorkflow(member.client, p._id)).publicForm).toEqual(form)
    expect((await anon.call('v3.publicForm.get', form.key)).name).toBe(p.name)

    // A new key each time; the old one stops working; the settings stay.
    const again = await owner.client.call('v2.process.publicForm.create', { processId: p._id, enableMessaging: true })
    expect(again.key).not.toBe(form.key)
    expect(again).toEqual({ ...form, key: again.key, enableMessaging: true })
    expect((await anon.fail('v3.publicForm.get', form.key)).code).toBe(404)
    expect((await anon.call('v3.publicForm.get', again.key)).enableMessaging).toBe(true)
    expect(stranger.client.signals.filter((sig) => sig.meta?._id === p._id)).toEqual([])
  })
})

describe('v2.process.publicForm.update', () => {
  test('401, 400, 404 without a form and for another workspace, 403, then the change with the key kept; an inactive form is not found by its key', async () => {
    const p = await newProcess()
    const form = { processId: p._id, allowRead: true }
    expect((await anon.fail('v2.process.publicForm.update', form)).code).toBe(401)
    expect(await owner.client.fail('v2.process.publicForm.update', { processId: p._id, active: 'no' })).toMatchObject({
      code: 400,
      details: { argument: 0, path: '/active' },
    })
    expect(await owner.client.fail('v2.process.publicForm.update', form)).toMatchObject({ code: 404, msg: 'public form not found' })
    const created = await owner.client.call('v2.process.publicForm.create', { processId: p._id })
    expect(created).toMatchObject({ creator: owner.uid, team_account: { team: null, account: null }, followers: 'none', active: true })
    expect((await stranger.client.fail('v2.process.publicForm.update', form)).code).toBe(404)
    expect((await member.client.fail('v2.process.publicForm.update', form)).code).toBe(403)
    expect((await loadWorkflow(owner.client, p._id)).publicForm).toEqual(created)

    const updated = await owner.client.call('v2.process.publicForm.update', { ...form, account: otherAccount._id })
    expect(updated).toEqual({ ...created, allowRead: true, team_account: { team: expect.any(String), account: otherAccount._id } })
    await member.client.waitForSignal('process.updated', (m) => m._id === p._id && m.changed.includes('publicForm'))
    // A new team drops the account of the former one.
    expect((await owner.client.call('v2.process.publicForm.update', { processId: p._id, team: team._id })).team_account).toEqual({
      team: team._id,
      account: null,
    })
    expect((await anon.call('v3.publicForm.get', created.key)).allowRead).toBe(true)
    expect((await owner.client.call('v2.process.publicForm.update', { processId: p._id, active: false })).key).toBe(created.key)
    expect((await anon.fail('v3.publicForm.get', created.key)).code).toBe(404)
    expect((await owner.client.call('v2.process.publicForm.update', { processId: p._id, active: true })).active).toBe(true)
    expect((await anon.call('v3.publicForm.get', created.key)).name).toBe(p.name)
  })
})

describe('v3.publicForm.get', () => {
  test('400, 404 for an unknown key, then the public face of the form over the socket and HTTP without a session, never the creator', async () => {
    const p = await newProcess()
    const name = await owner.client.call('process.create_field', p._id, {
      label: 'Your name',
      type: 'text',
      required: true,
      placeholder: 'Jane',
      description: 'Full name',
    })
    const size = await owner.client.call('process.create_field', p._id, { label: 'Size', type: 'textpredefinedoptions', data: ['S', 'M'] })
    await owner.client.call('process.create_field', p._id, { label: 'Handler', type: 'users' })
    await owner.client.call('process.create_field', p._id, { label: 'Score', type: 'numeric', function: 'return 1', functionEnabled: true })
    const form = await owner.client.call('v2.process.publicForm.create', { processId: p._id, creator: member.uid, team: team._id, theme: { logo: 'x' } })
    expect(await anon.fail('v3.publicForm.get', '')).toMatchObject({ code: 400, details: { argument: 0 } })
    expect((await anon.fail('v3.publicForm.get', 'no-such-key-at-all-no-such-key-00')).code).toBe(404)

    const face = await anon.call('v3.publicForm.get', form.key)
    expect(face).toEqual({
      name: p.name,
      description: 'Tell us',
      translations: {},
      fields: [
        { _id: name._id, label: 'Your name', type: 'text', required: true, placeholder: 'Jane', description: 'Full name' },
        { _id: size._id, label: 'Size', type: 'textpredefinedoptions', required: false, data: ['S', 'M'] },
      ],
      theme: { logo: 'x' },
      enableMessaging: false,
      allowRead: false,
    })
    expect(JSON.stringify(face)).not.toContain(member.uid)
    expect(JSON.stringify(face)).not.toContain(team._id)
    const http = await api('v3.publicForm.get', [form.key])
    expect(http.status).toBe(200)
    expect(http.body).toEqual(face)
  })
})
