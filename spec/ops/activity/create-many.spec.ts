/** v3.activity.create and createMany: options, teams, phases, required fields, values per type, all or nothing, quota, signals. */
import { Client } from '../../helpers/client'
import { MISSING } from '../../helpers/ids'
import { type Cast, closeCast, type JoinedMember, joinWorkspace, meetCast } from '../../helpers/members'
import { signedIn, type SignedIn } from '../../helpers/users'
import { addOpenPhase, type FieldDescriptor, loadWorkflow, newPhaseId } from '../../helpers/workflows'

const [PHASE_A, PHASE_B] = [newPhaseId(), newPhaseId()]

let cast: Cast<'outsider'>
let owner: SignedIn
let member: JoinedMember
let outsider: JoinedMember
let stranger: SignedIn
let anon: Client
let teamId: string
let f: Record<string, string>
let wf: any
let target: any
let targetActivity: any

beforeAll(async () => {
  cast = await meetCast({ outsider: 'user' })
  ;({ owner, member, outsider, stranger, anon } = cast)
  teamId = (await owner.client.call('company.new_team', { name: 'Crew' }))._id
  target = await owner.client.call('process.create', { name: 'Targets' })
  await addOpenPhase(owner.client, target._id)
  targetActivity = await owner.client.call('v3.activity.create', target._id, { name: 'Target' }, { teamId })
  wf = await owner.client.call('process.create', { name: 'Deals' })
  f = {}
  const add = async (key: string, d: Omit<FieldDescriptor, 'label'>) =>
    (f[key] = (await owner.client.call('process.create_field', wf._id, { label: key, ...d }))._id)
  await add('text', { type: 'text', required: true })
  await add('num', { type: 'numeric' })
  await add('date', { type: 'date' })
  await add('range', { type: 'daterange' })
  await add('users', { type: 'users', inviteToDiscussionOnChange: true })
  await add('teams', { type: 'teams' })
  await add('opt', { type: 'textpredefinedoptions', data: ['red', 'green'] })
  await add('link', { type: 'activitylink', data: [target._id] })
  await add('country', { type: 'country' })
  await add('area', { type: 'textarea' })
  await owner.client.call('process.set_info', wf._id, {
    phases: { [PHASE_A]: { name: 'Open', fields: [f.text] }, [PHASE_B]: { name: 'Done' } },
    phasesOrder: [PHASE_A, PHASE_B],
  })
})
afterAll(() => closeCast(cast))

const count = async () => (await owner.client.call('v3.activity.count', wf._id))[wf._id]

describe('v3.activity.create', () => {
  test('401, 400 naming the argument, 404 for another workspace, 403 without create permission, then the record and the signal', async () => {
    expect((await anon.fail('v3.activity.create', wf._id, { name: 'x' })).code).toBe(401)
    expect(await owner.client.fail('v3.activity.create', 'nope')).toMatchObject({ code: 400, details: { argument: 0 } })
    expect(await owner.client.fail('v3.activity.create', wf._id, { name: 'x', bogus: 1 })).toMatchObject({ code: 400, details: { argument: 1 } })
    expect((await stranger.client.fail('v3.activity.create', wf._id, { name: 'x', teamId, fields: { [f.text]: 'a' } })).code).toBe(404)
    expect((await owner.client.fail('v3.activity.create', MISSING, { name: 'x' })).code).toBe(404)
    // A guest without enableGuestEditing may not create.
    const guestWf = await owner.client.call('process.create', { name: 'Guests' })
    await addOpenPhase(owner.client, guestWf._id, { allowGuests: true })
    const guest = await joinWorkspace(owner, { role: 'guest' })
    await owner.client.call('v2.process.member.add', guestWf._id, `user_${guest.uid}`)
    expect((await guest.client.fail('v3.activity.create', guestWf._id, { name: 'g' }, { teamId })).code).toBe(403)
    await guest.client.close()

    const created = await member.client.call('v3.activity.create', wf._id, { name: 'First', fields: { [f.text]: 'hello', [f.num]: 3 } }, { teamId })
    expect(created).toMatchObject({
      uid: member.uid,
      cid: owner.cid,
      name: 'First',
      process: wf._id,
      currentPhase: PHASE_A,
      completePhases: [],
      followers: [member.uid],
      team_account: { team: teamId, account: null },
      fields: [
        { _id: f.text, value: 'hello' },
        { _id: f.num, value: 3 },
      ],
    })
    expect(created._id).toMatch(/^[0-9a-f]{24}$/)
    expect(created.discussion).toMatch(/^[0-9a-f]{24}$/)
    expect(typeof created.sequence).toBe('number')
    await owner.client.waitForSignal('v3.activity.created', (m) => m._id === created._id && m.processId === wf._id)
    expect(await owner.client.call('v3.activity.get', created._id)).toEqual(created)
  })

  test('teamId: required unless the workflow has a preselected team, and a team of the workspace; phase and required fields', async () => {
    expect(await owner.client.fail('v3.activity.create', wf._id, { name: 'x', fields: { [f.text]: 'a' } })).toMatchObject({
      code: 400,
      details: { name: 'activity', index: 0, path: '/teamId' },
    })
    expect(await owner.client.fail('v3.activity.create', wf._id, { name: 'x', teamId: MISSING, fields: { [f.text]: 'a' } })).toMatchObject({
      code: 400,
      details: { path: '/teamId' },
    })
    expect(await owner.client.fail('v3.activity.create', wf._id, { name: 'x', teamId })).toMatchObject({ code: 400, details: { index: 0, field: f.text } })
    expect((await owner.client.call('v3.activity.create', wf._id, { name: 'x', teamId }, { ignoreRequired: true })).currentPhase).toBe(PHASE_A)
    expect((await owner.client.call('v3.activity.create', wf._id, { name: 'x', teamId, phaseId: PHASE_B })).currentPhase).toBe(PHASE_B)
    expect(await owner.client.fail('v3.activity.create', wf._id, { name: 'x', teamId, phaseId: MISSING })).toMatchObject({ code: 422 })
    const bare = await owner.client.call('process.create', { name: 'No phases' })
    expect(await owner.client.fail('v3.activity.create', bare._id, { name: 'x', teamId })).toMatchObject({ code: 422, details: { name: 'processId' } })
    const pre = await owner.client.call('process.create', { name: 'Preselected' })
    await addOpenPhase(owner.client, pre._id, { preselectedTeam: { team: teamId } })
    expect((await owner.client.call('v3.activity.create', pre._id, { name: 'y' })).team_account.team).toBe(teamId)
  })
})

describe('v3.activity.createMany', () => {
  test('values are checked per type: a bad value is a 400 naming the index and the field', async () => {
    const ok = { name: 'ok', fields: { [f.text]: 'a' } }
    const cases: [Record<string, unknown>, string][] = [
      [{ [f.num]: 'three' }, f.num],
      [{ [f.date]: 'yesterday' }, f.date],
      [{ [f.range]: ['2026-01-02', '2026-01-01'] }, f.range],
      [{ [f.users]: [stranger.uid] }, f.users],
      [{ [f.teams]: [MISSING] }, f.teams],
      [{ [f.opt]: 'blue' }, f.opt],
      [{ [f.link]: [MISSING] }, f.link],
      [{ [f.country]: 'XX' }, f.country],
      [{ [f.area]: 5 }, f.area],
      [{ [MISSING]: 'x' }, MISSING],
    ]
    for (const [fields, field] of cases) {
      const e = await owner.client.fail('v3.activity.createMany', wf._id, [ok, { name: 'bad', fields: { [f.text]: 'a', ...fields } }], { teamId })
      expect(e).toMatchObject({ code: 400, details: { argument: 1, name: 'activities', index: 1, path: `/1/fields/${field}`, field } })
    }
    const good = await owner.client.call(
      'v3.activity.createMany',
      wf._id,
      [
        {
          name: 'all',
          fields: {
            [f.text]: 't',
            [f.num]: 1.5,
            [f.date]: '2026-03-01',
            [f.range]: [0, 1000],
            [f.users]: [member.uid],
            [f.teams]: [teamId],
            [f.opt]: 'red',
            [f.link]: [targetActivity._id],
            [f.country]: 'fi',
            [f.area]: 'long',
          },
        },
      ],
      { teamId, returnDocument: true },
    )
    const values = Object.fromEntries(good[0].fields!.map((x: any) => [x._id, x.value]))
    expect(values).toEqual({
      [f.text]: 't',
      [f.num]: 1.5,
      [f.date]: Date.parse('2026-03-01'),
      [f.range]: [0, 1000],
      [f.users]: [member.uid],
      [f.teams]: [teamId],
      [f.opt]: 'red',
      [f.link]: [targetActivity._id],
      [f.country]: 'FI',
      [f.area]: 'long',
    })
    // inviteToDiscussionOnChange: the user of the users field follows.
    expect(good[0].followers).toEqual([owner.uid, member.uid])
  })

  test('an activity link must name a visible activity: a restricted linked workflow hides its activities', async () => {
    const hidden = await owner.client.call('process.create', { name: 'Hidden' })
    await addOpenPhase(owner.client, hidden._id)
    const secret = await owner.client.call('v3.activity.create', hidden._id, { name: 'Secret' }, { teamId })
    const linkWf = await owner.client.call('process.create', { name: 'Linker' })
    const link = (await owner.client.call('process.create_field', linkWf._id, { label: 'l', type: 'activitylink', data: [hidden._id] }))._id
    await addOpenPhase(owner.client, linkWf._id)
    await owner.client.call('v2.process.member.remove', hidden._id, `network_${owner.cid}`)
    expect(await member.client.fail('v3.activity.create', linkWf._id, { name: 'l', fields: { [link]: [secret._id] } }, { teamId })).toMatchObject({
      code: 400,
      details: { field: link },
    })
    expect((await owner.client.call('v3.activity.create', linkWf._id, { name: 'l', fields: { [link]: secret._id } }, { teamId })).fields).toEqual([
      { _id: link, value: [secret._id] },
    ])
  })

  test('all or nothing: a bad 3rd activity writes nothing; options apply unless the activity sets its own; one signal', async () => {
    const before = await count()
    const e = await owner.client.fail(
      'v3.activity.createMany',
      wf._id,
      [
        { name: 'a', fields: { [f.text]: 'a' } },
        { name: 'b', fields: { [f.text]: 'b' } },
        { name: 'c', fields: { [f.text]: 'c', [f.num]: 'NaN' } },
      ],
      { teamId },
    )
    expect(e).toMatchObject({ code: 400, details: { argument: 1, index: 2, field: f.num } })
    expect(await count()).toBe(before)

    const other = (await owner.client.call('company.new_team', { name: 'Other' }))._id
    const made = await owner.client.call(
      'v3.activity.createMany',
      wf._id,
      [
        { name: 'a', fields: { [f.text]: 'a' } },
        { name: 'b', teamId: other, phaseId: PHASE_A, followerIds: [], fields: { [f.text]: 'b' } },
      ],
      { teamId, phaseId: PHASE_B, followerIds: [member.uid], location: { lat: 1 } },
    )
    expect(made.map((a: any) => [a.team_account.team, a.currentPhase, a.followers, a.location])).toEqual([
      [teamId, PHASE_B, [owner.uid, member.uid], { lat: 1 }],
      [other, PHASE_A, [owner.uid], { lat: 1 }],
    ])
    expect(made[1].sequence).toBe(made[0].sequence! + 1)
    expect(await count()).toBe(before + 2)
    const sig = await member.client.waitForSignal('v3.activity.created', (m) => m.processId === wf._id && m.ids?.length === 2)
    expect(sig.meta.ids).toEqual(made.map((a: any) => a._id))
    // The follower joined the discussion: the member reads it, and so does everyone who sees the workflow.
    expect((await member.client.call('v3.activity.get', made[0]._id)).followers).toEqual([owner.uid, member.uid])
  })

  test('401, 404 for another workspace, 403 without create permission; a workflow key works; signals do not reach a member who may not see the workflow', async () => {
    expect((await anon.fail('v3.activity.createMany', wf._id, [])).code).toBe(401)
    expect(await owner.client.fail('v3.activity.createMany', wf._id)).toMatchObject({ code: 400, details: { argument: 1 } })
    expect((await stranger.client.fail('v3.activity.createMany', wf._id, [{ name: 'x' }], { teamId })).code).toBe(404)
    const restricted = await owner.client.call('process.create', { name: 'Restricted' })
    await addOpenPhase(owner.client, restricted._id, { key: `R${Date.now()}` })
    await owner.client.call('v2.process.member.remove', restricted._id, `network_${owner.cid}`)
    await owner.client.call('v2.process.member.add', restricted._id, `user_${member.uid}`)
    expect((await outsider.client.fail('v3.activity.createMany', restricted._id, [{ name: 'x' }], { teamId })).code).toBe(404)
    const got = await loadWorkflow(owner.client, restricted._id)
    const made = await owner.client.call('v3.activity.createMany', got.key!, [{ name: 'k' }], { teamId })
    expect(made[0].process).toBe(restricted._id)
    await member.client.waitForSignal('v3.activity.created', (m) => m.processId === restricted._id)
    await new Promise((r) => setTimeout(r, 300))
    expect(outsider.client.signals.some((s) => s.sig.startsWith('v3.activity.') && s.meta.processId === restricted._id)).toBe(false)
  })

  test('the activities quota counts active activities (v2.network.restrictions)', async () => {
    const solo = await signedIn('quota')
    const p = await solo.client.call('process.create', { name: 'Q' })
    await addOpenPhase(solo.client, p._id)
    const team = (await solo.client.call('company.new_team', { name: 'T' }))._id
    await solo.client.call('v3.activity.createMany', p._id, [{ name: '1' }, { name: '2' }], { teamId: team })
    const restrictions = await solo.client.call('v2.network.restrictions')
    expect(restrictions.quotas.activities).toMatchObject({ limit: 1000000, used: 2 })
    await solo.client.close()
  })
})
