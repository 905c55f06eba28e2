/** The added reads and the soft removal: v3.activity.get, list, remove. */
import { Client } from '../../helpers/client'
import { MISSING } from '../../helpers/ids'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'
import { addOpenPhase, newPhaseId } from '../../helpers/workflows'

const [PHASE_A, PHASE_B] = [newPhaseId(), newPhaseId()]

let cast: Cast<'outsider'>
let owner: SignedIn
let member: JoinedMember
let outsider: JoinedMember
let stranger: SignedIn
let anon: Client
let teamId: string
let wf: any
beforeAll(async () => {
  cast = await meetCast({ outsider: 'user' })
  ;({ owner, member, outsider, stranger, anon } = cast)
  teamId = (await owner.client.call('company.new_team', { name: 'Crew' }))._id
  wf = await owner.client.call('process.create', { name: 'Core' })
  await owner.client.call('process.set_info', wf._id, { phases: { [PHASE_A]: { name: 'Open' }, [PHASE_B]: { name: 'Done' } }, phasesOrder: [PHASE_A, PHASE_B] })
})
afterAll(() => closeCast(cast))

test('v3.activity.get: 401, 400, 404 for another workspace and for a restricted workflow, the record', async () => {
  const a = await owner.client.call('v3.activity.create', wf._id, { name: 'Read me' }, { teamId })
  expect((await anon.fail('v3.activity.get', a._id)).code).toBe(401)
  expect(await owner.client.fail('v3.activity.get', 'x')).toMatchObject({ code: 400, details: { argument: 0 } })
  expect((await stranger.client.fail('v3.activity.get', a._id)).code).toBe(404)
  expect((await owner.client.fail('v3.activity.get', MISSING)).code).toBe(404)
  expect(await member.client.call('v3.activity.get', a._id)).toEqual(a)
  const hidden = await owner.client.call('process.create', { name: 'Hidden' })
  await addOpenPhase(owner.client, hidden._id)
  const h = await owner.client.call('v3.activity.create', hidden._id, { name: 'Secret' }, { teamId })
  await owner.client.call('v2.process.member.remove', hidden._id, `network_${owner.cid}`)
  expect((await member.client.fail('v3.activity.get', h._id)).code).toBe(404)
  expect((await member.client.fail('v3.activity.list', { processId: hidden._id })).code).toBe(404)
})

test('v3.activity.list: phase filter, name search, sorting, bounded pages with a cursor', async () => {
  const p = await owner.client.call('process.create', { name: 'Paged' })
  const [OPEN, DONE] = [newPhaseId(), newPhaseId()]
  await owner.client.call('process.set_info', p._id, { phases: { [OPEN]: { name: 'Open' }, [DONE]: { name: 'Done' } }, phasesOrder: [OPEN, DONE] })
  const names = ['delta', 'Alpha', 'charlie', 'bravo', 'echo']
  await owner.client.call(
    'v3.activity.createMany',
    p._id,
    names.map((name, i) => ({ name, phaseId: i % 2 ? DONE : OPEN })),
    { teamId },
  )
  expect((await anon.fail('v3.activity.list', { processId: p._id })).code).toBe(401)
  expect(await owner.client.fail('v3.activity.list', { processId: p._id, limit: 501 })).toMatchObject({ code: 400, details: { argument: 0, path: '/limit' } })
  expect(await owner.client.fail('v3.activity.list', { processId: p._id, after: 'garbage' })).toMatchObject({ code: 400, details: { path: '/after' } })
  expect((await stranger.client.fail('v3.activity.list', { processId: p._id })).code).toBe(404)

  const byName = await member.client.call('v3.activity.list', { processId: p._id, sort: 'name' })
  expect(byName.activities.map((a: any) => a.name)).toEqual(['Alpha', 'bravo', 'charlie', 'delta', 'echo'])
  expect(byName.next).toBeNull()
  const desc = await member.client.call('v3.activity.list', { processId: p._id, sort: 'name', order: 'desc', limit: 2 })
  expect(desc.activities.map((a: any) => a.name)).toEqual(['echo', 'delta'])
  const page2 = await member.client.call('v3.activity.list', { processId: p._id, sort: 'name', order: 'desc', limit: 2, after: desc.next })
  expect(page2.activities.map((a: any) => a.name)).toEqual(['charlie', 'bravo'])
  const page3 = await member.client.call('v3.activity.list', { processId: p._id, sort: 'name', order: 'desc', limit: 2, after: page2.next })
  expect(page3).toMatchObject({ next: null })
  expect(page3.activities.map((a: any) => a.name)).toEqual(['Alpha'])

  const created: string[] = []
  let after: string | undefined
  do {
    const page = await member.client.call('v3.activity.list', { processId: p._id, limit: 2, ...(after ? { after } : {}) })
    created.push(...page.activities.map((a: any) => a.name))
    after = page.next ?? undefined
  } while (after)
  expect(created).toEqual(names)
  expect((await member.client.call('v3.activity.list', { processId: p._id, phaseId: DONE })).activities.map((a: any) => a.name)).toEqual(['Alpha', 'bravo'])
  expect((await member.client.call('v3.activity.list', { processId: p._id, search: 'ALP' })).activities.map((a: any) => a.name)).toEqual(['Alpha'])
  expect((await member.client.call('v3.activity.list', { processId: p._id, search: '%' })).activities).toEqual([])
})

test('v3.activity.remove: 401, 400, 404 (nothing changed), 403 without edit permission, then soft removal, counts, history and the signal', async () => {
  const [a, b] = await owner.client.call('v3.activity.createMany', wf._id, [{ name: 'one' }, { name: 'two' }], { teamId })
  const before = (await owner.client.call('v3.activity.count', wf._id))[wf._id]
  expect((await anon.fail('v3.activity.remove', [a._id])).code).toBe(401)
  expect(await owner.client.fail('v3.activity.remove', ['x'])).toMatchObject({ code: 400, details: { argument: 0 } })
  expect((await stranger.client.fail('v3.activity.remove', [a._id])).code).toBe(404)
  expect(await owner.client.fail('v3.activity.remove', [a._id, MISSING])).toMatchObject({ code: 404, details: { index: 1 } })
  expect(await member.client.fail('v3.activity.remove', [a._id])).toMatchObject({ code: 403, details: { index: 0 } })
  expect((await owner.client.call('v3.activity.count', wf._id))[wf._id]).toBe(before)
  await owner.client.call('v2.process.permissions.grant', wf._id, member.uid, 'any')
  expect(await member.client.call('v3.activity.remove', [a._id, b._id])).toEqual([a._id, b._id])
  await owner.client.waitForSignal('v3.activity.removed', (m) => m.processId === wf._id && m.ids.includes(a._id))
  expect((await owner.client.call('v3.activity.count', wf._id))[wf._id]).toBe(before - 2)
  expect((await owner.client.fail('v3.activity.get', a._id)).code).toBe(404)
  expect((await member.client.fail('v3.activity.remove', [a._id])).code).toBe(404)
  expect(stranger.client.signals.some((s) => s.sig.startsWith('v3.activity.'))).toBe(false)
})
