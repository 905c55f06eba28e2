/**
 * Followers of an activity: v3.activity.followers.remove and .eligible, and who may follow or hold
 * the ball: only members who may see the workflow (updateMany's followerIds and ball.pass refuse
 * anyone else, 422 naming them). Adding and removing are told as `v3.activity.followers`.
 */
import { Client } from '../../helpers/client'
import { MISSING, newId } from '../../helpers/ids'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'
import { addOpenPhase } from '../../helpers/workflows'

let cast: Cast<'editor' | 'outsider'>
let owner: SignedIn
let member: JoinedMember
let editor: JoinedMember
let outsider: JoinedMember
let stranger: SignedIn
let anon: Client
let teamId: string
beforeAll(async () => {
  cast = await meetCast({ editor: 'user', outsider: 'user' })
  ;({ owner, member, editor, outsider, stranger, anon } = cast)
  teamId = (await owner.client.call('company.new_team', { name: 'Followers' }))._id
})
afterAll(() => closeCast(cast))

/** A workflow the owner, member and editor (who edits any activity) see; `restrict` hides it from everyone else, outsider included. */
async function workflow() {
  const p = await owner.client.call('process.create', { name: `Followers ${newId().slice(0, 6)}` })
  await addOpenPhase(owner.client, p._id)
  await owner.client.call('v2.process.member.add', p._id, `user_${member.uid}`)
  await owner.client.call('v2.process.member.add', p._id, `user_${editor.uid}`)
  await owner.client.call('v2.process.permissions.grant', p._id, editor.uid, 'any')
  const restrict = () => owner.client.call('v2.process.member.remove', p._id, `network_${owner.cid}`)
  const a = await owner.client.call('v3.activity.create', p._id, { name: 'Followed', followerIds: [member.uid, editor.uid] }, { teamId })
  return { p, a, restrict }
}
const followers = async (id: string) => ((await owner.client.call('v3.activity.get', id)).followers as string[]).slice().sort()

describe('v3.activity.followers: who may follow', () => {
  test('eligible lists the members who see the workflow; 401, 400, 404', async () => {
    const { a, restrict } = await workflow()
    expect((await member.client.call('v3.activity.followers.eligible', a._id)).sort()).toEqual([owner.uid, member.uid, editor.uid, outsider.uid].sort())
    await restrict()
    expect((await member.client.call('v3.activity.followers.eligible', a._id)).sort()).toEqual([owner.uid, member.uid, editor.uid].sort())
    expect((await anon.fail('v3.activity.followers.eligible', a._id)).code).toBe(401)
    expect(await owner.client.fail('v3.activity.followers.eligible', 'x')).toMatchObject({ code: 400, details: { argument: 0 } })
    expect((await outsider.client.fail('v3.activity.followers.eligible', a._id)).code).toBe(404)
    expect((await stranger.client.fail('v3.activity.followers.eligible', a._id)).code).toBe(404)
    expect((await owner.client.fail('v3.activity.followers.eligible', MISSING)).code).toBe(404)
  })

  test('updateMany refuses a follower who may not see the workflow (422 naming them, nothing added); adding is signalled', async () => {
    const { p, a, restrict } = await workflow()
    await restrict()
    const refusal = await owner.client.fail('v3.activity.updateMany', [{ _id: a._id, name: 'Renamed', followerIds: [outsider.uid] }])
    expect(refusal).toMatchObject({
      code: 422,
      details: {
        argument: 0,
        index: 0,
        path: '/followerIds',
        reason: 'cannot see',
        userId: outsider.uid,
        person: `${outsider.firstname} ${outsider.lastname}`,
      },
    })
    expect(refusal.msg).toContain(`${outsider.firstname} ${outsider.lastname}`)
    expect(await followers(a._id)).toEqual([owner.uid, member.uid, editor.uid].sort())
    expect((await owner.client.call('v3.activity.get', a._id)).name).toBe('Followed')

    const b = await owner.client.call('v3.activity.create', p._id, { name: 'Other' }, { teamId })
    expect(await owner.client.call('v3.activity.updateMany', [{ _id: b._id, followerIds: [member.uid] }])).toBe(0)
    const s = await member.client.waitForSignal('v3.activity.followers', (m) => m._id === b._id)
    expect(s.meta).toEqual({ _id: b._id, processId: p._id, added: [member.uid], removed: [] })
    expect(await followers(b._id)).toEqual([owner.uid, member.uid].sort())
  })

  test('create and createMany refuse a follower who may not see the workflow (422 naming them, nothing created)', async () => {
    const { p, restrict } = await workflow()
    await restrict()
    const count = async () => (await owner.client.call('v3.activity.list', { processId: p._id })).activities.length
    const before = await count()
    const refusal = await owner.client.fail('v3.activity.create', p._id, { name: 'Hidden', followerIds: [member.uid, outsider.uid] }, { teamId })
    expect(refusal).toMatchObject({ code: 422, details: { argument: 1, path: '/followerIds', reason: 'cannot see', userId: outsider.uid } })
    const many = await owner.client.fail('v3.activity.createMany', p._id, [{ name: 'Seen' }, { name: 'Hidden' }], { teamId, followerIds: [outsider.uid] })
    expect(many).toMatchObject({ code: 422, details: { argument: 2, path: '/followerIds', reason: 'cannot see', userId: outsider.uid } })
    const second = await owner.client.fail(
      'v3.activity.createMany',
      p._id,
      [
        { name: 'Seen', followerIds: [member.uid] },
        { name: 'Hidden', followerIds: [outsider.uid] },
      ],
      { teamId },
    )
    expect(second).toMatchObject({ code: 422, details: { argument: 1, index: 1, path: '/1/followerIds', userId: outsider.uid } })
    expect(await count()).toBe(before)
    const made = await owner.client.call('v3.activity.create', p._id, { name: 'Seen', followerIds: [member.uid] }, { teamId })
    expect(await followers(made._id)).toEqual([owner.uid, member.uid].sort())
  })

  test('ball.pass refuses a follower who has lost sight of the workflow (422 naming them)', async () => {
    const { a, restrict } = await workflow()
    await owner.client.call('v3.activity.updateMany', [{ _id: a._id, followerIds: [outsider.uid] }])
    await restrict()
    const refusal = await owner.client.fail('v3.activity.ball.pass', a._id, outsider.uid)
    expect(refusal).toMatchObject({
      code: 422,
      details: { argument: 1, name: 'userId', reason: 'cannot see', userId: outsider.uid, person: `${outsider.firstname} ${outsider.lastname}` },
    })
    expect(refusal.msg).toContain(outsider.lastname)
    expect((await owner.client.call('v3.activity.get', a._id)).ballHolder ?? null).toBeNull()
    expect((await owner.client.call('v3.activity.ball.pass', a._id, member.uid)).ballHolder!.uid).toBe(member.uid)
  })
})

describe('v3.activity.followers.remove', () => {
  test('401, 400, 404; someone else needs edit permission (403); oneself only needs to see it', async () => {
    const { a } = await workflow()
    expect((await anon.fail('v3.activity.followers.remove', a._id, member.uid)).code).toBe(401)
    expect(await owner.client.fail('v3.activity.followers.remove', a._id, 'x')).toMatchObject({ code: 400, details: { argument: 1, name: 'userId' } })
    expect((await stranger.client.fail('v3.activity.followers.remove', a._id, stranger.uid)).code).toBe(404)
    expect((await owner.client.fail('v3.activity.followers.remove', MISSING, member.uid)).code).toBe(404)
    // The member sees the owner's activity but may not edit it: not someone else off it...
    expect(await member.client.fail('v3.activity.followers.remove', a._id, editor.uid)).toMatchObject({ code: 403 })
    expect(await followers(a._id)).toContain(editor.uid)
    // ...but themselves.
    expect(await member.client.call('v3.activity.followers.remove', a._id, member.uid)).toEqual({ _id: a._id, followers: expect.any(Array) })
    expect(await followers(a._id)).toEqual([owner.uid, editor.uid].sort())
  })

  test('an editor takes a follower off; told to the viewers; the ball holder stays (422); a non-follower: no change', async () => {
    const { p, a } = await workflow()
    const removed = await editor.client.call('v3.activity.followers.remove', a._id, member.uid)
    expect(removed.followers.slice().sort()).toEqual([owner.uid, editor.uid].sort())
    const s = await owner.client.waitForSignal('v3.activity.followers', (m) => m._id === a._id && m.removed.length > 0)
    expect(s.meta).toEqual({ _id: a._id, processId: p._id, added: [], removed: [member.uid] })
    expect(await followers(a._id)).toEqual([owner.uid, editor.uid].sort())
    expect((await owner.client.call('v3.activity.ball.candidates', a._id)).sort()).toEqual([owner.uid, editor.uid].sort())

    expect((await editor.client.call('v3.activity.followers.remove', a._id, member.uid)).followers.slice().sort()).toEqual([owner.uid, editor.uid].sort())

    await owner.client.call('v3.activity.ball.pass', a._id, editor.uid)
    expect(await owner.client.fail('v3.activity.followers.remove', a._id, editor.uid)).toMatchObject({ code: 422, details: { reason: 'holds the ball' } })
    expect(await followers(a._id)).toContain(editor.uid)
    // Removed and added again: a follower once more.
    await owner.client.call('v3.activity.updateMany', [{ _id: a._id, followerIds: [member.uid] }])
    expect(await followers(a._id)).toContain(member.uid)
  })
})
