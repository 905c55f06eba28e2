/**
 * v3.activity.list at the edges the indexes must not change: keyset pages under ties in every sort
 * order, the name search and the field-value filter (alone, together, with the cursor), the 400s of
 * the filter, and the read rule for a member who sees some workflows and not others.
 */
import { type ArgsOf, Client } from '../../helpers/client'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'
import { type FieldDescriptor, newPhaseId } from '../../helpers/workflows'
import { WALK_FIRST, WALK_MOST } from '../../../server/domain/activities/list'

let cast: Cast
let owner: SignedIn
let member: JoinedMember
let anon: Client
let teamId: string
beforeAll(async () => {
  cast = await meetCast()
  ;({ owner, member, anon } = cast)
  teamId = (await owner.client.call('company.new_team', { name: 'Listers' }))._id
})
afterAll(() => closeCast(cast))

async function workflow(name: string) {
  const p = await owner.client.call('process.create', { name })
  const [phaseA, phaseB] = [newPhaseId(), newPhaseId()]
  await owner.client.call('process.set_info', p._id, { phases: { [phaseA]: { name: 'Open' }, [phaseB]: { name: 'Done' } }, phasesOrder: [phaseA, phaseB] })
  const field = async (label: string, type: FieldDescriptor['type'], extra = {}) =>
    (await owner.client.call('process.create_field', p._id, { label, type, ...extra }))._id as string
  return {
    _id: p._id as string,
    phaseA,
    phaseB,
    status: await field('Status', 'text'),
    amount: await field('Amount', 'numeric'),
    due: await field('Due', 'date'),
    people: await field('People', 'users'),
  }
}

/** Every page of a list, following `next`, with the page size given. */
async function allPages(client: Client, query: ArgsOf<'v3.activity.list'>[0], limit: number) {
  const ids: string[] = []
  let after: string | undefined
  do {
    const page = await client.call('v3.activity.list', { ...query, limit, ...(after ? { after } : {}) })
    expect(page.activities.length).toBeLessThanOrEqual(limit)
    ids.push(...page.activities.map((a: any) => a._id))
    after = page.next ?? undefined
  } while (after)
  return ids
}

test('keyset pages under ties: every sort and order, each activity exactly once, in (key, _id) order', async () => {
  const wf = await workflow('Ties')
  // One createMany: all share `created` (and `updated`, unset); names repeat in three case spellings.
  const created: any[] = await owner.client.call(
    'v3.activity.createMany',
    wf._id,
    Array.from({ length: 23 }, (_, i) => ({ name: ['same', 'Same', 'SAME', 'other'][i % 4], phaseId: i % 5 ? wf.phaseA : wf.phaseB })),
    { teamId },
  )
  const inA = created.filter((a) => a.currentPhase === wf.phaseA)
  const byId = (a: any, b: any) => (a._id < b._id ? -1 : 1)
  for (const sort of ['created', 'updated', 'name'] as const) {
    for (const order of ['asc', 'desc'] as const) {
      const expected = [...inA]
        .sort((a, b) =>
          sort === 'name' && a.name.toLowerCase() !== b.name.toLowerCase() ? (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1) : byId(a, b),
        )
        .map((a) => a._id)
      if (order === 'desc') expected.reverse()
      for (const limit of [1, 4, 50]) expect(await allPages(member.client, { processId: wf._id, phaseId: wf.phaseA, sort, order }, limit)).toEqual(expected)
    }
  }
  // Without a phase: both phases, still each once.
  expect((await allPages(member.client, { processId: wf._id, sort: 'name' }, 3)).sort()).toEqual(created.map((a) => a._id).sort())
})

test('an activity changed between pages moves in the `updated` order and is neither lost nor repeated among the rest', async () => {
  const wf = await workflow('Moving')
  const created: any[] = await owner.client.call(
    'v3.activity.createMany',
    wf._id,
    Array.from({ length: 6 }, (_, i) => ({ name: `m${i}` })),
    { teamId },
  )
  const first = await member.client.call('v3.activity.list', { processId: wf._id, sort: 'updated', limit: 3 })
  const seen = first.activities.map((a: any) => a._id)
  // The first of the rest is edited: its key is now past the cursor, so it comes later.
  const rest = created.map((a) => a._id).filter((id) => !seen.includes(id))
  await owner.client.call('v3.activity.updateMany', [{ _id: rest[0], name: 'edited' }])
  const tail = await allPages(member.client, { processId: wf._id, sort: 'updated', after: first.next }, 2)
  expect([...seen, ...tail].sort()).toEqual(created.map((a) => a._id).sort())
  expect(tail[tail.length - 1]).toBe(rest[0])
})

test('fields filter: equal values, a date as ISO or ms, a user in a list, null for no value; with search, phase and the cursor', async () => {
  const wf = await workflow('Filtered')
  const day = Date.parse('2026-11-23T00:00:00Z')
  const rows = Array.from({ length: 12 }, (_, i) => ({
    name: i % 2 ? `Invoice ${i}` : `Quote ${i}`,
    phaseId: i < 10 ? wf.phaseA : wf.phaseB,
    fields: {
      [wf.status]: i % 3 ? 'open' : 'closed',
      [wf.amount]: i * 10,
      ...(i % 4 ? { [wf.due]: day } : {}),
      ...(i === 5 ? { [wf.people]: [member.uid, owner.uid] } : {}),
    },
  }))
  const created: any[] = await owner.client.call('v3.activity.createMany', wf._id, rows, { teamId })
  const names = async (query: Record<string, unknown>) =>
    (await member.client.call('v3.activity.list', { processId: wf._id, sort: 'name', limit: 500, ...query })).activities.map((a: any) => a.name)
  const expected = (keep: (i: number) => boolean) =>
    rows
      .filter((_, i) => keep(i))
      .map((r) => r.name)
      .sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1))

  expect(await names({ fields: { [wf.status]: 'closed' } })).toEqual(expected((i) => i % 3 === 0))
  expect(await names({ fields: { [wf.amount]: 70 } })).toEqual(['Invoice 7'])
  expect(await names({ fields: { [wf.due]: '2026-11-23T00:00:00Z' } })).toEqual(expected((i) => i % 4 !== 0))
  expect(await names({ fields: { [wf.due]: day } })).toEqual(expected((i) => i % 4 !== 0))
  expect(await names({ fields: { [wf.due]: null } })).toEqual(expected((i) => i % 4 === 0))
  expect(await names({ fields: { [wf.people]: owner.uid } })).toEqual(['Invoice 5'])
  expect(await names({ fields: { [wf.status]: 'open', [wf.due]: null } })).toEqual(expected((i) => i % 3 !== 0 && i % 4 === 0))
  expect(await names({ fields: { [wf.status]: 'open' }, search: 'invoice', phaseId: wf.phaseA })).toEqual(expected((i) => i % 3 !== 0 && i % 2 === 1 && i < 10))
  expect(await names({ fields: { [wf.status]: 'nobody' } })).toEqual([])
  expect(await names({ fields: {} })).toHaveLength(12)
  // Filtered pages follow the same keyset: each match once.
  const paged = await allPages(member.client, { processId: wf._id, fields: { [wf.status]: 'open' }, search: 'o', sort: 'updated', order: 'desc' }, 2)
  expect(paged.sort()).toEqual(
    created
      .filter((_, i) => i % 3 !== 0)
      .map((a) => a._id)
      .sort(),
  )

  expect((await anon.fail('v3.activity.list', { processId: wf._id, fields: { [wf.status]: 'open' } })).code).toBe(401)
  expect(await member.client.fail('v3.activity.list', { processId: wf._id, fields: { [wf.amount]: 'ten' } })).toMatchObject({
    code: 400,
    details: { argument: 0, path: `/fields/${wf.amount}` },
  })
  const foreign = (await workflow('Other')).status
  expect(await member.client.fail('v3.activity.list', { processId: wf._id, fields: { [foreign]: 'open' } })).toMatchObject({
    code: 400,
    details: { argument: 0, path: `/fields/${foreign}` },
  })
  expect(await member.client.fail('v3.activity.list', { processId: wf._id, fields: { status: 'open' } })).toMatchObject({ code: 400, details: { argument: 0 } })
  expect(await member.client.fail('v3.activity.list', { processId: wf._id, fields: { [wf.status]: { $ne: 1 } } })).toMatchObject({
    code: 400,
    details: { argument: 0 },
  })
})

test('a member who sees some workflows: their activities, filtered and searched; the others 404 with or without a filter', async () => {
  const open = await workflow('Everyone')
  const teamOnly = await workflow('Team only')
  const hidden = await workflow('Hidden')
  const ownTeam = (await owner.client.call('company.new_team', { name: 'Members' }))._id
  await owner.client.call('company.update_team_users', ownTeam, [member.uid])
  for (const wf of [teamOnly, hidden]) await owner.client.call('v2.process.member.remove', wf._id, `network_${owner.cid}`)
  await owner.client.call('v2.process.member.add', teamOnly._id, `team_${ownTeam}`)
  for (const wf of [open, teamOnly, hidden])
    await owner.client.call(
      'v3.activity.createMany',
      wf._id,
      [
        { name: 'alpha', fields: { [wf.status]: 'x' } },
        { name: 'beta', fields: { [wf.status]: 'y' } },
      ],
      { teamId },
    )

  for (const wf of [open, teamOnly]) {
    const page = await member.client.call('v3.activity.list', { processId: wf._id, search: 'alp', fields: { [wf.status]: 'x' } })
    expect(page.activities.map((a: any) => a.process)).toEqual([wf._id])
    expect((await member.client.call('v3.activity.list', { processId: wf._id })).activities).toHaveLength(2)
  }
  expect((await member.client.fail('v3.activity.list', { processId: hidden._id })).code).toBe(404)
  expect((await member.client.fail('v3.activity.list', { processId: hidden._id, search: 'alp', fields: { [hidden.status]: 'x' } })).code).toBe(404)
  expect((await owner.client.call('v3.activity.list', { processId: hidden._id, search: 'alp', fields: { [hidden.status]: 'x' } })).activities).toHaveLength(1)
  // Out of the team: the team-only workflow is gone for them.
  await owner.client.call('company.update_team_users', ownTeam, [])
  expect((await member.client.fail('v3.activity.list', { processId: teamOnly._id, fields: { [teamOnly.status]: 'x' } })).code).toBe(404)
})

test('walks and lookups: matches before, between and after the walked rows, in order, each once, in every page size and order', async () => {
  const wf = await workflow('Long')
  expect(WALK_MOST).toBeGreaterThan(2 * WALK_FIRST)
  // Needles: two in the first walk, then walks on; with small pages a walk after the cursor finds none
  // and the rest is looked up. "late": none in the first walk, so looked up at once. Every 30th
  // "some": the page fills by walking on.
  const needles = new Set([5, WALK_FIRST - 1, WALK_FIRST, WALK_FIRST + 1, 2 * WALK_FIRST + 40])
  const late = new Set([WALK_FIRST + 100, 2 * WALK_FIRST + 50])
  const statusOf = (i: number) => (needles.has(i) ? 'rare' : late.has(i) ? 'late' : i % 30 === 0 ? 'some' : 'common')
  const created: any[] = []
  const total = 2 * WALK_FIRST + 100
  for (let start = 0; start < total; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, total - start) }, (_, r) => {
      const i = start + r
      return { name: needles.has(i) ? `needle ${i}` : `hay ${i}`, fields: { [wf.status]: statusOf(i) } }
    })
    created.push(...(await owner.client.call('v3.activity.createMany', wf._id, batch, { teamId })))
  }
  const inOrder = [...created].sort((a, b) => a.created - b.created || (a._id < b._id ? -1 : 1))
  const idsWhere = (keep: (a: any) => boolean) => inOrder.filter(keep).map((a) => a._id)
  const withStatus = (status: string) => idsWhere((a) => a.fields.find((f: any) => f._id === wf.status)?.value === status)
  const cases: [Record<string, unknown>, string[]][] = [
    [{ fields: { [wf.status]: 'rare' } }, withStatus('rare')],
    [{ search: 'needle' }, withStatus('rare')],
    [{ search: 'needle', fields: { [wf.status]: 'rare' } }, withStatus('rare')],
    [{ fields: { [wf.status]: 'late' } }, withStatus('late')],
    [{ fields: { [wf.status]: 'some' } }, withStatus('some')],
  ]
  expect(cases.map(([, ids]) => ids.length)).toEqual([needles.size, needles.size, needles.size, late.size, Math.ceil(total / 30) - 0])
  for (const [query, expected] of cases) {
    for (const limit of [1, 2, 50]) {
      expect(await allPages(member.client, { processId: wf._id, phaseId: wf.phaseA, ...query }, limit)).toEqual(expected)
      expect(await allPages(member.client, { processId: wf._id, phaseId: wf.phaseA, order: 'desc', ...query }, limit)).toEqual([...expected].reverse())
    }
  }
})
