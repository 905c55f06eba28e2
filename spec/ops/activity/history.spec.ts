/** v3.activity.timeline2 and extractHistory: reading the recorded history. */
import { Client } from '../../helpers/client'
import { MISSING, newId } from '../../helpers/ids'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'
import { addOpenPhase } from '../../helpers/workflows'

let cast: Cast
let owner: SignedIn
let member: JoinedMember
let stranger: SignedIn
let anon: Client
let teamId: string
beforeAll(async () => {
  cast = await meetCast()
  ;({ owner, member, stranger, anon } = cast)
  teamId = (await owner.client.call('company.new_team', { name: 'Historians' }))._id
})
afterAll(() => closeCast(cast))

async function story() {
  const p = await owner.client.call('process.create', { name: `History ${newId().slice(0, 6)}` })
  await addOpenPhase(owner.client, p._id)
  const a = await owner.client.call('v3.activity.create', p._id, { name: 'Told', followerIds: [member.uid] }, { teamId })
  const b = await owner.client.call('v3.activity.create', p._id, { name: 'Other' }, { teamId })
  await owner.client.call('v3.activity.ball.pass', a._id, member.uid)
  await owner.client.call('v3.activity.remove', [a._id])
  await owner.client.call('v3.activity.removed.recover', [a._id])
  return { p, a, b }
}

describe('v3.activity.extractHistory', () => {
  test('401, 400 naming the argument, 404 for another workspace, then the whole history oldest first', async () => {
    const { p, a } = await story()
    expect((await anon.fail('v3.activity.extractHistory', { activityId: a._id })).code).toBe(401)
    expect(await owner.client.fail('v3.activity.extractHistory', {})).toMatchObject({ code: 400, details: { argument: 0, name: 'options' } })
    expect(await owner.client.fail('v3.activity.extractHistory', { activityId: 'x' })).toMatchObject({
      code: 400,
      details: { argument: 0, name: 'options', path: '/activityId' },
    })
    expect((await stranger.client.fail('v3.activity.extractHistory', { activityId: a._id })).code).toBe(404)
    expect((await owner.client.fail('v3.activity.extractHistory', { activityId: MISSING })).code).toBe(404)

    const history = await member.client.call('v3.activity.extractHistory', { activityId: a._id })
    expect(history.map((h: any) => h.kind)).toEqual(['created', 'ball', 'removed', 'recovered'])
    for (const h of history)
      expect(h).toEqual({
        _id: expect.any(String),
        activityId: a._id,
        processId: p._id,
        uid: owner.uid,
        at: expect.any(Number),
        kind: h.kind,
        changes: expect.any(Object),
      })
    expect(history[1].changes).toEqual({ ball: { from: null, to: member.uid } })
    expect(history.map((h: any) => h.at)).toEqual([...history.map((h: any) => h.at)].sort((x: number, y: number) => x - y))

    // A removed activity's history stays readable.
    await owner.client.call('v3.activity.remove', [a._id])
    expect((await owner.client.call('v3.activity.extractHistory', { activityId: a._id })).map((h: any) => h.kind).at(-1)).toBe('removed')
  })
})

describe('v3.activity.timeline2', () => {
  test('401, 400 naming the argument, 404 for another workspace, then newest first by activity, workflow, window and page', async () => {
    const { p, a, b } = await story()
    expect((await anon.fail('v3.activity.timeline2', {})).code).toBe(401)
    expect(await owner.client.fail('v3.activity.timeline2', { limit: 501 })).toMatchObject({
      code: 400,
      details: { argument: 0, name: 'options', path: '/limit' },
    })
    expect(await owner.client.fail('v3.activity.timeline2', { processId: 'x' })).toMatchObject({ code: 400, details: { argument: 0, name: 'options' } })
    expect((await stranger.client.fail('v3.activity.timeline2', { activityId: a._id })).code).toBe(404)
    expect((await stranger.client.fail('v3.activity.timeline2', { processId: p._id })).code).toBe(404)
    expect((await stranger.client.fail('v3.activity.timeline2', { workspaceId: owner.cid })).code).toBe(404)

    const ofA = await member.client.call('v3.activity.timeline2', { activityId: a._id })
    expect(ofA.map((h: any) => h.kind)).toEqual(['recovered', 'removed', 'ball', 'created'])
    const ofP = await member.client.call('v3.activity.timeline2', { processId: p._id })
    expect(ofP.map((h: any) => [h.activityId, h.kind])).toEqual([
      [a._id, 'recovered'],
      [a._id, 'removed'],
      [a._id, 'ball'],
      [b._id, 'created'],
      [a._id, 'created'],
    ])
    const page = await member.client.call('v3.activity.timeline2', { processId: p._id, limit: 2 })
    expect(page).toEqual(ofP.slice(0, 2))
    const older = await member.client.call('v3.activity.timeline2', { processId: p._id, before: ofP[2].at + 1, after: ofP[4].at - 1 })
    expect(older.map((h: any) => h._id)).toEqual(ofP.filter((h: any) => h.at <= ofP[2].at).map((h: any) => h._id))
    const everything = await member.client.call('v3.activity.timeline2', { workspaceId: owner.cid, limit: 500 })
    expect(everything.filter((h: any) => h.processId === p._id)).toEqual(ofP)
    expect((await stranger.client.call('v3.activity.timeline2', {})).filter((h: any) => h.processId === p._id)).toEqual([])

    // Restricted away from the member: its history is gone for them.
    await owner.client.call('v2.process.member.add', p._id, `user_${owner.uid}`)
    await owner.client.call('v2.process.member.remove', p._id, `network_${owner.cid}`)
    expect((await member.client.fail('v3.activity.timeline2', { processId: p._id })).code).toBe(404)
    expect((await member.client.fail('v3.activity.timeline2', { activityId: a._id })).code).toBe(404)
    expect((await member.client.call('v3.activity.timeline2', {})).filter((h: any) => h.processId === p._id)).toEqual([])
    expect(await owner.client.call('v3.activity.timeline2', { processId: p._id })).toEqual(ofP)
  })
})
