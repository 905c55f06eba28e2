/** v3.activity.linkedFrom.next, overview, refresh, search: the activities that link to an activity. */
import { Client } from '../../helpers/client'
import { MISSING, newId } from '../../helpers/ids'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'
import type { FieldValues } from '../../helpers/workflows'

let cast: Cast
let owner: SignedIn
let member: JoinedMember
let stranger: SignedIn
let anon: Client
let teamId: string
beforeAll(async () => {
  cast = await meetCast()
  ;({ owner, member, stranger, anon } = cast)
  teamId = (await owner.client.call('company.new_team', { name: 'Linkers' }))._id
})
afterAll(() => closeCast(cast))

async function workflow(name: string, phases = 1) {
  const p = await owner.client.call('process.create', { name: `${name} ${newId().slice(0, 6)}` })
  const ids = Array.from({ length: phases }, newId)
  await owner.client.call('process.set_info', p._id, { phases: Object.fromEntries(ids.map((id, i) => [id, { name: `Phase ${i}` }])), phasesOrder: ids })
  return { p, phases: ids }
}

/** A target company, deals linking to it in two phases (plus one removed and one linking elsewhere), a restricted workflow linking to it, and an empty one. */
async function world() {
  const target = await workflow('Companies')
  const deals = await workflow('Deals', 2)
  const secret = await workflow('Secret')
  const empty = await workflow('Empty')
  const link = await owner.client.call('process.create_field', deals.p._id, { label: 'Company', type: 'activitylink', data: [target.p._id] })
  const amount = await owner.client.call('process.create_field', deals.p._id, { label: 'Amount', type: 'numeric' })
  const due = await owner.client.call('process.create_field', deals.p._id, { label: 'Due', type: 'date' })
  const secretLink = await owner.client.call('process.create_field', secret.p._id, { label: 'Company', type: 'activitylink', data: [target.p._id] })
  await owner.client.call('process.create_field', empty.p._id, { label: 'Company', type: 'activitylink', data: [target.p._id] })
  const [acme, other] = await owner.client.call('v3.activity.createMany', target.p._id, [{ name: 'Acme' }, { name: 'Other' }], { teamId })
  const [P0, P1] = deals.phases
  const deal = (name: string, phaseId: string, to = acme._id, extra: FieldValues = {}) => ({
    name,
    phaseId,
    fields: { [link._id]: [to], ...extra },
  })
  const created = await owner.client.call(
    'v3.activity.createMany',
    deals.p._id,
    [
      deal('Alpha', P0, acme._id, { [amount._id]: 10, [due._id]: '2026-01-02' }),
      deal('Beta', P0),
      deal('Gamma', P0),
      deal('Delta', P1),
      deal('Gone', P1),
      deal('Elsewhere', P0, other._id),
    ],
    { teamId },
  )
  await owner.client.call('v3.activity.remove', [created[4]._id])
  const hidden = await owner.client.call('v3.activity.create', secret.p._id, { name: 'Hidden', fields: { [secretLink._id]: [acme._id] } }, { teamId })
  await owner.client.call('v2.process.member.add', secret.p._id, `user_${owner.uid}`)
  await owner.client.call('v2.process.member.remove', secret.p._id, `network_${owner.cid}`)
  const [alpha, beta, gamma, delta] = created
  return { target, deals, secret, empty, acme, other, alpha, beta, gamma, delta, hidden, P0, P1 }
}

describe('v3.activity.linkedFrom', () => {
  test('401, 400 naming the argument, 404 for another workspace', async () => {
    const w = await world()
    expect((await anon.fail('v3.activity.linkedFrom.overview', w.acme._id)).code).toBe(401)
    expect((await anon.fail('v3.activity.linkedFrom.next', w.acme._id, w.alpha._id)).code).toBe(401)
    expect((await anon.fail('v3.activity.linkedFrom.refresh', w.acme._id, w.P0)).code).toBe(401)
    expect((await anon.fail('v3.activity.linkedFrom.search', w.acme._id, 'a')).code).toBe(401)
    expect(await owner.client.fail('v3.activity.linkedFrom.overview', 'x')).toMatchObject({ code: 400, details: { argument: 0, name: 'activityId' } })
    expect(await owner.client.fail('v3.activity.linkedFrom.overview', w.acme._id, { activityLimit: -1 })).toMatchObject({
      code: 400,
      details: { argument: 1, name: 'options' },
    })
    expect(await owner.client.fail('v3.activity.linkedFrom.next', w.acme._id, 'x')).toMatchObject({
      code: 400,
      details: { argument: 1, name: 'afterActivityId' },
    })
    expect(await owner.client.fail('v3.activity.linkedFrom.refresh', w.acme._id, 'x')).toMatchObject({ code: 400, details: { argument: 1, name: 'phaseId' } })
    expect(await owner.client.fail('v3.activity.linkedFrom.search', w.acme._id, 5)).toMatchObject({ code: 400, details: { argument: 1, name: 'searchString' } })
    for (const [op, ...args] of [
      ['v3.activity.linkedFrom.overview', w.acme._id],
      ['v3.activity.linkedFrom.next', w.acme._id, w.alpha._id],
      ['v3.activity.linkedFrom.refresh', w.acme._id, w.P0],
      ['v3.activity.linkedFrom.search', w.acme._id, 'a'],
    ]) {
      expect((await stranger.client.fail(op, ...args)).code).toBe(404)
    }
    expect((await owner.client.fail('v3.activity.linkedFrom.overview', MISSING)).code).toBe(404)
    expect(await owner.client.call('v3.activity.linkedFrom.next', w.acme._id, w.hidden._id)).toEqual([])
    expect((await member.client.fail('v3.activity.linkedFrom.next', w.acme._id, w.hidden._id)).code).toBe(404)
    expect((await owner.client.fail('v3.activity.linkedFrom.next', w.acme._id, w.other._id)).code).toBe(404)
  })

  test('overview groups the visible linking activities by workflow and phase, with entries, counts and limits', async () => {
    const w = await world()
    const o = await member.client.call('v3.activity.linkedFrom.overview', w.acme._id)
    expect(Object.keys(o)).toEqual([w.deals.p._id])
    const group = o[w.deals.p._id]
    expect(group).toMatchObject({ _id: w.deals.p._id, name: w.deals.p.name })
    expect(Object.keys(group.phases).sort()).toEqual([w.P0, w.P1].sort())
    expect(group.phases[w.P0]).toEqual({
      _id: w.P0,
      name: 'Phase 0',
      count: 3,
      activities: [
        { _id: w.alpha._id, name: 'Alpha', index: 0, currentPhase: w.P0, primaryNumericField: 10, primaryDateField: Date.parse('2026-01-02') },
        { _id: w.beta._id, name: 'Beta', index: 1, currentPhase: w.P0 },
        { _id: w.gamma._id, name: 'Gamma', index: 2, currentPhase: w.P0 },
      ],
    })
    expect(group.phases[w.P1]).toEqual({
      _id: w.P1,
      name: 'Phase 1',
      count: 1,
      activities: [{ _id: w.delta._id, name: 'Delta', index: 0, currentPhase: w.P1 }],
    })

    // The owner sees the restricted workflow too.
    expect(Object.keys(await owner.client.call('v3.activity.linkedFrom.overview', w.acme._id)).sort()).toEqual([w.deals.p._id, w.secret.p._id].sort())

    const limited = await member.client.call('v3.activity.linkedFrom.overview', w.acme._id, { activityLimit: 1, phaseIds: [w.P0] })
    expect(Object.keys(limited[w.deals.p._id].phases)).toEqual([w.P0])
    expect(limited[w.deals.p._id].phases[w.P0]).toMatchObject({ count: 3, activities: [{ _id: w.alpha._id }] })
    const withEmpty = await member.client.call('v3.activity.linkedFrom.overview', w.acme._id, { includeEmptyWorkflows: true })
    expect(withEmpty[w.empty.p._id]).toEqual({ _id: w.empty.p._id, name: w.empty.p.name, phases: {} })
    expect(withEmpty[w.secret.p._id]).toBeUndefined()
    const elsewhere = await member.client.call('v3.activity.linkedFrom.overview', w.other._id)
    expect(Object.keys(elsewhere)).toEqual([w.deals.p._id])
    expect(elsewhere[w.deals.p._id].phases[w.P0].activities.map((e: any) => e.name)).toEqual(['Elsewhere'])
  })

  test('next pages within a phase; search and refresh filter by name and ids', async () => {
    const w = await world()
    expect(await member.client.call('v3.activity.linkedFrom.next', w.acme._id, w.alpha._id, { activityLimit: 1 })).toEqual([
      { _id: w.beta._id, name: 'Beta', index: 1, currentPhase: w.P0 },
    ])
    expect((await member.client.call('v3.activity.linkedFrom.next', w.acme._id, w.alpha._id)).map((e: any) => e._id)).toEqual([w.beta._id, w.gamma._id])
    expect(await member.client.call('v3.activity.linkedFrom.next', w.acme._id, w.gamma._id)).toEqual([])

    const found = await member.client.call('v3.activity.linkedFrom.search', w.acme._id, 'ta')
    expect(Object.keys(found)).toEqual([w.deals.p._id])
    expect(found[w.deals.p._id].phases[w.P0].activities.map((e: any) => e.name)).toEqual(['Beta'])
    expect(found[w.deals.p._id].phases[w.P1].activities.map((e: any) => e.name)).toEqual(['Delta'])
    expect(await member.client.call('v3.activity.linkedFrom.search', w.acme._id, 'Hidden')).toEqual({})
    expect(await member.client.call('v3.activity.linkedFrom.search', w.acme._id, 'zzz')).toEqual({})

    const refreshed = await member.client.call('v3.activity.linkedFrom.refresh', w.acme._id, w.P0, { activityIds: [w.gamma._id, w.delta._id] })
    expect(refreshed).toEqual({
      [w.deals.p._id]: {
        _id: w.deals.p._id,
        name: w.deals.p.name,
        phases: { [w.P0]: { _id: w.P0, name: 'Phase 0', count: 1, activities: [{ _id: w.gamma._id, name: 'Gamma', index: 0, currentPhase: w.P0 }] } },
      },
    })
    const byName = await member.client.call('v3.activity.linkedFrom.refresh', w.acme._id, w.P0, { searchString: 'alp' })
    expect(byName[w.deals.p._id].phases[w.P0].activities.map((e: any) => e._id)).toEqual([w.alpha._id])
    expect(await member.client.call('v3.activity.linkedFrom.refresh', w.acme._id, MISSING)).toEqual({})
  })
})
