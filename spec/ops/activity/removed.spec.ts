/** v3.activity.removed.more, overview, recover: soft removal and recovery round trip. */
import { Client } from '../../helpers/client'
import { MISSING, newId } from '../../helpers/ids'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'

let cast: Cast
let owner: SignedIn
let member: JoinedMember
let stranger: SignedIn
let anon: Client
let teamId: string
beforeAll(async () => {
  cast = await meetCast()
  ;({ owner, member, stranger, anon } = cast)
  teamId = (await owner.client.call('company.new_team', { name: 'Removers' }))._id
})
afterAll(() => closeCast(cast))

async function workflow() {
  const p = await owner.client.call('process.create', { name: `Removed ${newId().slice(0, 6)}` })
  const A = newId()
  const B = newId()
  await owner.client.call('process.set_info', p._id, { phases: { [A]: { name: 'Open' }, [B]: { name: 'Done' } }, phasesOrder: [A, B] })
  const make = (name: string, phaseId = A) => owner.client.call('v3.activity.create', p._id, { name, phaseId }, { teamId })
  return { p, A, B, make }
}

describe('v3.activity.removed.more and overview', () => {
  test('401, 400 naming the argument, 404 for another workspace, then the removed entries of the phase, paged and searched', async () => {
    const { p, A, B, make } = await workflow()
    const apple = await make('Apple')
    const banana = await make('Banana')
    const cherry = await make('Cherry', B)
    await make('Kept')
    expect(await owner.client.call('v3.activity.remove', [apple._id, banana._id, cherry._id])).toEqual([apple._id, banana._id, cherry._id])

    expect((await anon.fail('v3.activity.removed.more', A)).code).toBe(401)
    expect((await anon.fail('v3.activity.removed.overview', [p._id])).code).toBe(401)
    expect(await owner.client.fail('v3.activity.removed.more', 'nope')).toMatchObject({ code: 400, details: { argument: 0, name: 'phaseId' } })
    expect(await owner.client.fail('v3.activity.removed.more', A, { limit: 5000 })).toMatchObject({ code: 400, details: { argument: 1, name: 'options' } })
    expect(await owner.client.fail('v3.activity.removed.overview', ['nope'])).toMatchObject({ code: 400, details: { argument: 0, name: 'processIds' } })
    expect((await stranger.client.fail('v3.activity.removed.more', A)).code).toBe(404)
    expect((await owner.client.fail('v3.activity.removed.more', MISSING)).code).toBe(404)
    expect(await stranger.client.fail('v3.activity.removed.overview', [p._id])).toMatchObject({ code: 404, details: { argument: 0, name: 'processIds' } })

    const listed = await member.client.call('v3.activity.removed.more', A)
    expect(listed.map((e: any) => e._id).sort()).toEqual([apple._id, banana._id].sort())
    for (const e of listed)
      expect(e).toEqual({ _id: e._id, name: e._id === apple._id ? 'Apple' : 'Banana', removedOn: expect.any(Number), removedBy: owner.uid })
    expect(await owner.client.call('v3.activity.removed.more', A, { search: 'ban' })).toEqual([expect.objectContaining({ _id: banana._id })])
    expect(await owner.client.call('v3.activity.removed.more', A, { search: '%' })).toEqual([])
    const first = await owner.client.call('v3.activity.removed.more', A, { limit: 1 })
    const second = await owner.client.call('v3.activity.removed.more', A, { limit: 1, skip: 1 })
    expect([...first, ...second].map((e: any) => e._id)).toEqual(listed.map((e: any) => e._id))

    const overview = await member.client.call('v3.activity.removed.overview', [p._id])
    expect(Object.keys(overview)).toEqual([p._id])
    expect(overview[p._id][A].map((e: any) => e._id)).toEqual(listed.map((e: any) => e._id))
    expect(overview[p._id][B]).toEqual([{ _id: cherry._id, name: 'Cherry', removedOn: expect.any(Number), removedBy: owner.uid }])
    expect((await owner.client.call('v3.activity.removed.overview', [p._id], { limit: 1 }))[p._id][A]).toHaveLength(1)
    expect(await owner.client.call('v3.activity.removed.overview', [p._id], { search: 'cher' })).toEqual({
      [p._id]: { [B]: [expect.objectContaining({ _id: cherry._id })] },
    })
  })

  test('a workflow restricted away from a member: its removed activities are 404 for them', async () => {
    const { p, A, make } = await workflow()
    const gone = await make('Secret')
    await owner.client.call('v3.activity.remove', [gone._id])
    await owner.client.call('v2.process.member.add', p._id, `user_${owner.uid}`)
    await owner.client.call('v2.process.member.remove', p._id, `network_${owner.cid}`)
    expect((await member.client.fail('v3.activity.removed.more', A)).code).toBe(404)
    expect((await member.client.fail('v3.activity.removed.overview', [p._id])).code).toBe(404)
    expect(await member.client.call('v3.activity.removed.recover', [gone._id])).toEqual([])
    expect((await owner.client.call('v3.activity.removed.more', A)).map((e: any) => e._id)).toEqual([gone._id])
  })
})

describe('v3.activity.removed.recover', () => {
  test('401, 400, ids of another workspace left out and 403 without edit permission (nothing changed), then the round trip', async () => {
    const { p, A, make } = await workflow()
    const original = await make('Round trip')
    const other = await make('Still here')
    const before = await owner.client.call('v3.activity.get', original._id)
    expect((await owner.client.call('v3.activity.phaseCount', p._id))[p._id][A]).toBe(2)
    await owner.client.call('v3.activity.remove', [original._id])
    expect((await owner.client.fail('v3.activity.get', original._id)).code).toBe(404)
    expect((await owner.client.call('v3.activity.phaseCount', p._id))[p._id][A]).toBe(1)

    expect((await anon.fail('v3.activity.removed.recover', [original._id])).code).toBe(401)
    expect(await owner.client.fail('v3.activity.removed.recover', ['nope'])).toMatchObject({ code: 400, details: { argument: 0, name: 'activityIds' } })
    expect(await owner.client.fail('v3.activity.removed.recover', original._id)).toMatchObject({ code: 400, details: { argument: 0, name: 'activityIds' } })
    expect(await stranger.client.call('v3.activity.removed.recover', [original._id])).toEqual([])
    expect(await member.client.fail('v3.activity.removed.recover', [original._id])).toMatchObject({ code: 403 })
    expect((await owner.client.call('v3.activity.removed.more', A)).map((e: any) => e._id)).toEqual([original._id])

    expect(await owner.client.call('v3.activity.removed.recover', [MISSING, other._id, original._id, original._id])).toEqual([original._id])
    const signal = await member.client.waitForSignal('v3.activity.recovered', (m) => m.processId === p._id)
    expect(signal.meta).toEqual({ processId: p._id, ids: [original._id] })
    expect(await owner.client.call('v3.activity.get', original._id)).toEqual(before)
    expect((await owner.client.call('v3.activity.phaseCount', p._id))[p._id][A]).toBe(2)
    expect(await owner.client.call('v3.activity.removed.more', A)).toEqual([])
    expect(await owner.client.call('v3.activity.removed.recover', [original._id])).toEqual([])
  })

  test('a user with own permission recovers their own activities', async () => {
    const { p, A } = await workflow()
    await owner.client.call('v2.process.permissions.grant', p._id, member.uid, 'own')
    const mine = await member.client.call('v3.activity.create', p._id, { name: 'Mine', phaseId: A }, { teamId })
    const theirs = await owner.client.call('v3.activity.create', p._id, { name: 'Theirs', phaseId: A }, { teamId })
    await member.client.call('v3.activity.remove', [mine._id])
    await owner.client.call('v3.activity.remove', [theirs._id])
    expect((await member.client.fail('v3.activity.removed.recover', [mine._id, theirs._id])).code).toBe(403)
    expect(await member.client.call('v3.activity.removed.recover', [mine._id])).toEqual([mine._id])
    expect((await member.client.call('v3.activity.get', mine._id)).name).toBe('Mine')
  })
})
