/** process.create, set_info, remove, get_next_prefix_id, list; v2.process.get, star, meta */
import { Client } from '../../helpers/client'
import { MISSING } from '../../helpers/ids'
import { type Cast, closeCast, type JoinedMember, joinWorkspace, meetCast } from '../../helpers/members'
import { signedIn, type SignedIn } from '../../helpers/users'
import { loadWorkflow, newPhaseId } from '../../helpers/workflows'

const PHASE_A = newPhaseId()
const PHASE_B = newPhaseId()

let cast: Cast
let owner: SignedIn
let member: JoinedMember // a plain 'user' member of owner's workspace
let stranger: SignedIn // owner of another workspace
let anon: Client
beforeAll(async () => {
  cast = await meetCast()
  ;({ owner, member, stranger, anon } = cast)
})
afterAll(() => closeCast(cast))

const newProcess = (name = `Flow ${Math.random().toString(36).slice(2, 8)}`, extra: object = {}) => owner.client.call('process.create', { name, ...extra })

describe('process.create', () => {
  test("401, 400 naming the argument, 404 for a workspace not one's own, 403 for a guest, then the workflow and the signal members hear", async () => {
    expect((await anon.fail('process.create', { name: 'X' })).code).toBe(401)
    expect(await owner.client.fail('process.create', { name: 'X', enableUnlinkedMode: 'yes' })).toMatchObject({
      code: 400,
      details: { argument: 0, path: '/enableUnlinkedMode' },
    })
    expect(await owner.client.fail('process.create', { name: 'X', color: 'red' })).toMatchObject({ code: 400, details: { argument: 0 } })
    expect((await owner.client.fail('process.create', { name: 'X', workspaceId: stranger.cid })).code).toBe(404)
    const guest = await joinWorkspace(owner, { role: 'guest' })
    expect((await guest.client.fail('process.create', { name: 'By a guest' })).code).toBe(403)
    expect((await owner.client.call('process.list')).map((p: any) => p.name)).not.toContain('By a guest')
    await guest.client.close()

    const created = await owner.client.call('process.create', { name: ' Sales ', description: 'Leads', enableMapLocation: true })
    expect(created).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      uid: owner.uid,
      cid: owner.cid,
      name: 'Sales',
      description: 'Leads',
      enableMapLocation: true,
      enableUnlinkedMode: false,
      fields: {},
      phases: {},
      isStarred: false,
      members: [{ id: `network_${owner.cid}`, permissions: ['own'] }],
    })
    expect((await member.client.waitForSignal('process.created', (m) => m._id === created._id)).meta).toEqual({ _id: created._id })
    expect(stranger.client.signals.filter((s) => s.sig.startsWith('process.'))).toEqual([])

    // A plain user creates too, and administers what they created.
    const theirs = await member.client.call('process.create', { enableUnlinkedMode: true })
    expect(theirs).toMatchObject({ name: 'New dataset', enableUnlinkedMode: true, uid: member.uid, cid: owner.cid })
    expect(await member.client.call('process.set_info', theirs._id, { description: 'mine' })).toBe(true)
  })

  test('the processes quota of the license refuses one more workflow (422) but not a dataset', async () => {
    const admin = await signedIn('pquota')
    try {
      const { quotas } = await admin.client.call('v2.network.restrictions')
      const limit = quotas.processes.limit as number
      expect(quotas.processes.used).toBe(0)
      for (let i = 0; i < limit; i++) await admin.client.call('process.create', { name: `P${i}` })
      expect(await admin.client.fail('process.create', { name: 'one too many' })).toMatchObject({ code: 422, details: { quota: 'processes', limit } })
      expect((await admin.client.call('process.list')).length).toBe(limit)
      expect((await admin.client.call('process.create', { name: 'data', enableUnlinkedMode: true })).enableUnlinkedMode).toBe(true)
      expect((await admin.client.call('v2.network.restrictions')).quotas).toMatchObject({ processes: { used: limit }, datasets: { used: 1 } })
    } finally {
      await admin.client.close()
    }
  }, 120_000)
})

describe('process.set_info', () => {
  test('401, 400 naming the argument, 404 for another workspace with nothing changed, 403 for a user, 422 for unknown phases, then the settings and the signal', async () => {
    const p = await newProcess('Before')
    expect((await anon.fail('process.set_info', p._id, { name: 'x' })).code).toBe(401)
    expect(await owner.client.fail('process.set_info', p._id, { enableMessenger: 'yes' })).toMatchObject({
      code: 400,
      details: { argument: 1, path: '/enableMessenger' },
    })
    expect(await owner.client.fail('process.set_info', p._id, { unknownSetting: 1 })).toMatchObject({ code: 400, details: { argument: 1 } })
    expect(await owner.client.fail('process.set_info', 'nope', { name: 'x' })).toMatchObject({ code: 400, details: { argument: 0, name: 'processId' } })
    expect(await owner.client.fail('process.set_info', p._id, { phases: { nope: {} } })).toMatchObject({
      code: 400,
      details: { argument: 1, path: '/phases/nope' },
    })
    expect((await stranger.client.fail('process.set_info', p._id, { name: 'Hijacked' })).code).toBe(404)
    expect((await owner.client.fail('process.set_info', MISSING, { name: 'Ghost' })).code).toBe(404)
    expect((await member.client.fail('process.set_info', p._id, { name: 'By a user' })).code).toBe(403)
    expect(await owner.client.fail('process.set_info', p._id, { phases: { [PHASE_A]: { name: 'Open' } }, phasesOrder: [PHASE_A, PHASE_B] })).toMatchObject({
      code: 422,
      details: { path: '/phasesOrder', missing: [PHASE_B] },
    })
    expect(await owner.client.fail('process.set_info', p._id, { fieldsOrder: [MISSING] })).toMatchObject({ code: 422, details: { path: '/fieldsOrder' } })
    expect((await owner.client.fail('process.set_info', p._id, { members: [] })).code).toBe(422)
    expect(await loadWorkflow(owner.client, p._id)).toMatchObject({ name: 'Before', phases: {} })

    const info = {
      name: 'After',
      color: '#112233',
      key: `key-${p._id}`,
      enableMessenger: true,
      allowGuests: true,
      tags: [MISSING],
      groupNames: ['g1'],
      nameFunction: 'return "x"',
      nameFunctionVariables: { a: { type: '?', data: [PHASE_A] } },
      order: 3,
      phases: { [PHASE_A]: { name: 'Open' }, [PHASE_B]: { name: 'Done' } },
      phasesOrder: [PHASE_B, PHASE_A],
      phasesRemoved: [],
      translations: { sv: { name: 'Efter' } },
      preselectedTeam: { team: (await owner.client.call('company.new_team', { name: 'Preselected' }))._id },
    }
    expect(await owner.client.call('process.set_info', p._id, info)).toBe(true)
    const got = await loadWorkflow(member.client, p._id)
    expect(got).toMatchObject({ ...info, phases: { [PHASE_A]: { _id: PHASE_A, name: 'Open' }, [PHASE_B]: { _id: PHASE_B, name: 'Done' } } })
    expect(typeof got.updated).toBe('number')
    const signal = await member.client.waitForSignal('process.updated', (m) => m._id === p._id)
    expect(signal.meta.changed).toEqual(expect.arrayContaining(['name', 'phases', 'phasesOrder']))

    // lang: text settings go to that translation; a phase given as null goes.
    expect(await owner.client.call('process.set_info', p._id, { name: 'Jälkeen', phases: { [PHASE_B]: null }, phasesOrder: [PHASE_A] }, 'fi')).toBe(true)
    const again = await loadWorkflow(owner.client, p._id)
    expect(again.name).toBe('After')
    expect(again.translations).toEqual({ sv: { name: 'Efter' }, fi: { name: 'Jälkeen' } })
    expect(Object.keys(again.phases)).toEqual([PHASE_A])
    // Keys are unique in a workspace.
    const other = await newProcess()
    expect((await owner.client.fail('process.set_info', other._id, { key: `key-${p._id}` })).code).toBe(409)
  })
})

describe('v2.process.get and v2.process.star', () => {
  test('401, 400, 404 for another workspace, then the object with isStarred for the caller only', async () => {
    const p = await newProcess('Starred')
    expect((await anon.fail('v2.process.get', p._id)).code).toBe(401)
    expect(await owner.client.fail('v2.process.get', 'x')).toMatchObject({ code: 400, details: { argument: 0, name: 'processId' } })
    expect(await owner.client.fail('v2.process.get')).toMatchObject({ code: 400, details: { argument: 0 } })
    expect((await stranger.client.fail('v2.process.get', p._id)).code).toBe(404)
    expect((await stranger.client.fail('v2.process.star', p._id)).code).toBe(404)
    expect((await anon.fail('v2.process.star', p._id)).code).toBe(401)
    expect((await owner.client.fail('v2.process.star', 5)).code).toBe(400)

    expect(await member.client.call('v2.process.star', p._id)).toEqual({ isStarred: true })
    await member.client.waitForSignal('process.starred', (m) => m._id === p._id && m.isStarred === true)
    expect((await loadWorkflow(member.client, p._id)).isStarred).toBe(true)
    expect((await loadWorkflow(owner.client, p._id)).isStarred).toBe(false)
    expect(owner.client.signals.filter((s) => s.sig === 'process.starred' && s.meta._id === p._id)).toEqual([])
    expect(await member.client.call('v2.process.star', p._id)).toEqual({ isStarred: false })
    expect((await loadWorkflow(member.client, p._id)).isStarred).toBe(false)
  })
})

describe('process.remove', () => {
  test('401, 400, 404 for another workspace with nothing changed, 403 for a user, then removal and the signal', async () => {
    const p = await newProcess()
    await owner.client.call('process.create_field', p._id, { label: 'F', type: 'text' })
    expect((await anon.fail('process.remove', p._id)).code).toBe(401)
    expect(await owner.client.fail('process.remove', 'x')).toMatchObject({ code: 400, details: { argument: 0, name: 'processId' } })
    expect((await stranger.client.fail('process.remove', p._id)).code).toBe(404)
    expect((await member.client.fail('process.remove', p._id)).code).toBe(403)
    expect((await loadWorkflow(owner.client, p._id))._id).toBe(p._id)

    expect(await owner.client.call('process.remove', p._id)).toBe(true)
    await member.client.waitForSignal('process.removed', (m) => m._id === p._id)
    expect((await owner.client.fail('v2.process.get', p._id)).code).toBe(404)
    expect((await owner.client.fail('process.remove', p._id)).code).toBe(404)
    expect((await owner.client.call('process.list')).map((x: any) => x._id)).not.toContain(p._id)
  })
})

describe('process.get_next_prefix_id', () => {
  test('401, 400, 404 for another workspace, 403 for a guest who sees but may not create, then one suffix per call', async () => {
    const p = await newProcess()
    expect((await anon.fail('process.get_next_prefix_id', p._id)).code).toBe(401)
    expect(await owner.client.fail('process.get_next_prefix_id', 'x')).toMatchObject({ code: 400, details: { argument: 0 } })
    expect((await stranger.client.fail('process.get_next_prefix_id', p._id)).code).toBe(404)
    const guest = await joinWorkspace(owner, { role: 'guest' })
    try {
      expect((await guest.client.fail('process.get_next_prefix_id', p._id)).code).toBe(404)
      await owner.client.call('process.set_info', p._id, { allowGuests: true })
      await owner.client.call('v2.process.member.add', p._id, `user_${guest.uid}`)
      expect((await guest.client.fail('process.get_next_prefix_id', p._id)).code).toBe(403)
      await owner.client.call('process.set_info', p._id, { enableGuestEditing: true })
      expect(await guest.client.call('process.get_next_prefix_id', p._id)).toEqual({ latestSuffix: 1 })
    } finally {
      await guest.client.close()
    }
    expect(await member.client.call('process.get_next_prefix_id', p._id)).toEqual({ latestSuffix: 2 })
    expect(await owner.client.call('process.get_next_prefix_id', p._id)).toEqual({ latestSuffix: 3 })
  })
})

describe('process.list and v2.process.meta', () => {
  test('401, 400, by id, by key, by phase; required and other fields per phase; only what the caller can see', async () => {
    const [OPEN, CLOSED] = [newPhaseId(), newPhaseId()]
    const p = await newProcess('Listed')
    const a = await owner.client.call('process.create_field', p._id, { label: 'Amount', type: 'numeric', required: true, key: 'amount' })
    const b = await owner.client.call('process.create_field', p._id, { label: 'Notes', type: 'textarea' })
    const c = await owner.client.call('process.create_field', p._id, { label: 'Owner', type: 'users', required: true })
    await owner.client.call('process.set_info', p._id, {
      key: `listed-${p._id}`,
      phases: { [OPEN]: { name: 'Open', fields: [a._id, b._id] }, [CLOSED]: { name: 'Closed' } },
      phasesOrder: [CLOSED, OPEN],
    })
    const hidden = await newProcess('Hidden')
    await owner.client.call('v2.process.member.remove', hidden._id, `network_${owner.cid}`)
    const elsewhere = await stranger.client.call('process.create', { name: 'Elsewhere' })

    expect((await anon.fail('process.list')).code).toBe(401)
    expect(await owner.client.fail('process.list', p._id, 'x')).toMatchObject({ code: 400, details: { argument: 1 } })
    expect((await anon.fail('v2.process.meta', { process: p._id })).code).toBe(401)
    expect(await owner.client.fail('v2.process.meta', { process: p._id, search: 5 })).toMatchObject({ code: 400, details: { argument: 0, path: '/search' } })
    expect((await stranger.client.fail('v2.process.meta', { process: p._id })).code).toBe(404)
    expect((await stranger.client.fail('process.list', p._id)).code).toBe(404)
    expect((await member.client.fail('process.list', hidden._id)).code).toBe(404)

    const all = await member.client.call('process.list')
    const ids = all.map((x: any) => x._id)
    expect(ids).toContain(p._id)
    expect(ids).not.toContain(hidden._id)
    expect(ids).not.toContain(elsewhere._id)
    expect((await owner.client.call('process.list')).map((x: any) => x._id)).toContain(hidden._id)

    const [listed] = await member.client.call('process.list', p._id)
    expect(listed).toEqual({
      _id: p._id,
      cid: owner.cid,
      name: 'Listed',
      key: `listed-${p._id}`,
      enableUnlinkedMode: false,
      phasesOrder: [CLOSED, OPEN],
      phases: [
        { _id: CLOSED, name: 'Closed', requiredFields: [a._id, c._id], fields: [b._id] },
        { _id: OPEN, name: 'Open', requiredFields: [a._id], fields: [b._id] },
      ],
    })
    expect((await member.client.call('process.list', p._id, OPEN))[0].phases).toEqual([{ _id: OPEN, name: 'Open', requiredFields: [a._id], fields: [b._id] }])
    expect(await member.client.call('process.list', p._id, MISSING)).toEqual([])
    expect((await member.client.call('process.list', `listed-${p._id}`, owner.cid)).map((x: any) => x._id)).toEqual([p._id])
    expect((await member.client.call('process.list', `listed-${p._id}`)).map((x: any) => x._id)).toEqual([p._id])
    expect((await stranger.client.fail('process.list', `listed-${p._id}`, owner.cid)).code).toBe(404)
    expect((await member.client.call('process.list', null, OPEN)).map((x: any) => x._id)).toContain(p._id)

    const meta = await member.client.call('v2.process.meta', { process: p._id })
    expect(Object.keys(meta)).toEqual([a._id, b._id, c._id])
    expect(meta[a._id]).toEqual({ _id: a._id, label: 'Amount', type: 'numeric', required: true, key: 'amount' })
    expect(Object.keys(await member.client.call('v2.process.meta', { process: p._id, search: 'NOT' }))).toEqual([b._id])
    expect((await member.client.fail('v2.process.meta', { process: hidden._id })).code).toBe(404)
  })
})
