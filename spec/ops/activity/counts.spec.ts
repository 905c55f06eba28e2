/** v3.activity.count, phaseCount, buildPhaseCountCache: only visible workflows, kept by every change. */
import { Client } from '../../helpers/client'
import { MISSING } from '../../helpers/ids'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'
import { newPhaseId } from '../../helpers/workflows'

const [PHASE_A, PHASE_B, HIDDEN_A, HIDDEN_B] = [newPhaseId(), newPhaseId(), newPhaseId(), newPhaseId()]

let cast: Cast
let owner: SignedIn
let member: JoinedMember
let stranger: SignedIn
let anon: Client
let teamId: string
let open: any
let hidden: any
beforeAll(async () => {
  cast = await meetCast()
  ;({ owner, member, stranger, anon } = cast)
  teamId = (await owner.client.call('company.new_team', { name: 'Crew' }))._id
  const phases = (a: string, b: string) => ({ phases: { [a]: { name: 'Open' }, [b]: { name: 'Done' } }, phasesOrder: [a, b] })
  open = await owner.client.call('process.create', { name: 'Open' })
  hidden = await owner.client.call('process.create', { name: 'Hidden' })
  await owner.client.call('process.set_info', open._id, phases(PHASE_A, PHASE_B))
  await owner.client.call('process.set_info', hidden._id, phases(HIDDEN_A, HIDDEN_B))
  await owner.client.call('v3.activity.createMany', open._id, [{ name: '1' }, { name: '2' }, { name: '3', phaseId: PHASE_B }], { teamId })
  await owner.client.call('v3.activity.createMany', hidden._id, [{ name: '1' }], { teamId })
  await owner.client.call('v2.process.member.remove', hidden._id, `network_${owner.cid}`)
})
afterAll(() => closeCast(cast))

test('count: 401, 400, 404 for another workspace or a hidden workflow, the visible workflows only', async () => {
  expect((await anon.fail('v3.activity.count')).code).toBe(401)
  expect(await owner.client.fail('v3.activity.count', 'x')).toMatchObject({ code: 400, details: { argument: 0 } })
  expect((await stranger.client.fail('v3.activity.count', open._id)).code).toBe(404)
  expect((await member.client.fail('v3.activity.count', hidden._id)).code).toBe(404)
  expect((await owner.client.fail('v3.activity.count', MISSING)).code).toBe(404)
  expect(await owner.client.call('v3.activity.count')).toEqual({ [open._id]: 3, [hidden._id]: 1 })
  expect(await member.client.call('v3.activity.count')).toEqual({ [open._id]: 3 })
  expect(await member.client.call('v3.activity.count', open._id)).toEqual({ [open._id]: 3 })
  expect(await stranger.client.call('v3.activity.count')).toEqual({})
})

test('phaseCount: per phase, every live phase listed', async () => {
  expect((await anon.fail('v3.activity.phaseCount')).code).toBe(401)
  expect(await owner.client.fail('v3.activity.phaseCount', 'x')).toMatchObject({ code: 400, details: { argument: 0 } })
  expect((await stranger.client.fail('v3.activity.phaseCount', open._id)).code).toBe(404)
  expect(await member.client.call('v3.activity.phaseCount')).toEqual({ [open._id]: { [PHASE_A]: 2, [PHASE_B]: 1 } })
  expect(await owner.client.call('v3.activity.phaseCount', hidden._id)).toEqual({ [hidden._id]: { [HIDDEN_A]: 1, [HIDDEN_B]: 0 } })
})

test('buildPhaseCountCache: owners and admins only (403), recomputes the same counts', async () => {
  expect((await anon.fail('v3.activity.buildPhaseCountCache')).code).toBe(401)
  expect(await owner.client.fail('v3.activity.buildPhaseCountCache', 1)).toMatchObject({ code: 400 })
  expect((await member.client.fail('v3.activity.buildPhaseCountCache')).code).toBe(403)
  const before = await owner.client.call('v3.activity.phaseCount')
  expect(await owner.client.call('v3.activity.buildPhaseCountCache')).toEqual({ processes: 2, activities: 4 })
  expect(await owner.client.call('v3.activity.phaseCount')).toEqual(before)
  // The stranger's own workspace is untouched by the owner's rebuild, and theirs has nothing.
  expect(await stranger.client.call('v3.activity.buildPhaseCountCache')).toEqual({ processes: 0, activities: 0 })
})
