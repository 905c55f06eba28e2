/** wall2.unread and wall2.seen: counts per workspace and type after posts, removals, seen, and activities. */
import { Client, type ResultOf } from '../../helpers/client'
import { joinWorkspace, type JoinedMember } from '../../helpers/members'
import { signedIn, type SignedIn } from '../../helpers/users'
import { workflowWithPhase } from '../../helpers/workflows'

let owner: SignedIn
let ann: JoinedMember
let bob: JoinedMember
let stranger: SignedIn
let anon: Client
beforeAll(async () => {
  owner = await signedIn('wallu-owner')
  ann = await joinWorkspace(owner, { tag: 'ann' })
  bob = await joinWorkspace(owner, { tag: 'bob' })
  stranger = await signedIn('wallu-stranger')
  anon = await Client.connect()
}, 60_000)
afterAll(() => Promise.all([owner, ann, bob, stranger].map((p) => p.client.close()).concat(anon.close())))

const unreadOf = async (who: SignedIn, type: keyof ResultOf<'wall2.unread'>[string] = 'user') =>
  (await who.client.call('wall2.unread', { workspaceIds: [owner.cid] }))[owner.cid][type]
const postTo = (who: SignedIn[], subject = 'S') =>
  ann.client.call(
    'wall2.new_post',
    { subject, text: 'T' },
    who.map((p) => `user_${p.uid}`),
  )

describe('wall2.unread and wall2.seen', () => {
  test('401, 400 naming the argument, 404 naming a workspace that is not one’s own', async () => {
    expect((await anon.fail('wall2.unread')).code).toBe(401)
    expect((await anon.fail('wall2.seen')).code).toBe(401)
    expect(await bob.client.fail('wall2.unread', { types: ['everything'] })).toMatchObject({ code: 400, details: { argument: 0 } })
    expect(await bob.client.fail('wall2.unread', { workspaceIds: [owner.cid, stranger.cid] })).toMatchObject({
      code: 404,
      details: { argument: 0, path: '/workspaceIds/1' },
    })
    expect(await bob.client.fail('wall2.seen', { networks: ['x'] })).toMatchObject({ code: 400, details: { argument: 0 } })
    expect(await bob.client.fail('wall2.seen', { networks: [stranger.cid] })).toMatchObject({ code: 404, details: { argument: 0, path: '/networks/0' } })
  })

  test('posts count for their recipients (not their author); removal of an unseen post takes it off; seen resets; a seen post removed changes nothing', async () => {
    await bob.client.call('wall2.seen')
    const before = await bob.client.call('wall2.unread')
    expect(Object.keys(before).sort()).toEqual([bob.ownCid, owner.cid].sort())
    expect(before[owner.cid]).toEqual({ user: 0, 'activity.created': 0, 'activity.updated': 0 })

    const first = await postTo([bob])
    const second = await postTo([bob, owner])
    expect(await unreadOf(bob)).toBe(2)
    expect(await unreadOf(ann)).toBe(0)
    expect(await bob.client.call('wall2.unread', { workspaceIds: [owner.cid], types: ['user'] })).toEqual({ [owner.cid]: { user: 2 } })

    await ann.client.call('wall2.remove_post', first._id)
    expect(await unreadOf(bob)).toBe(1)

    const marked = await bob.client.call('wall2.seen', { networks: [owner.cid] })
    expect(marked).toEqual({ seen: expect.any(Number), networks: [owner.cid] })
    await bob.client.waitForSignal('wall2.seen')
    expect(await unreadOf(bob)).toBe(0)
    await ann.client.call('wall2.remove_post', second._id)
    expect(await unreadOf(bob)).toBe(0)

    await owner.client.call('wall2.new_post', { subject: 'All', text: 'T' })
    expect(await unreadOf(bob)).toBe(1)
    expect(await unreadOf(ann)).toBe(1)
    expect(await unreadOf(owner)).toBe(0)
  })

  test('someone added to a post after marking the wall seen counts it, and loses it again when it goes', async () => {
    const post = await postTo([owner])
    await bob.client.call('wall2.seen', { networks: [owner.cid] })
    await ann.client.call('wall2.edit_post', post._id, { text: 'T', recipients: [`user_${owner.uid}`, `user_${bob.uid}`] })
    expect(await unreadOf(bob)).toBe(1)
    await ann.client.call('wall2.edit_post', post._id, { text: 'T', recipients: [`user_${owner.uid}`] })
    expect(await unreadOf(bob)).toBe(0)
    await ann.client.call('wall2.edit_post', post._id, { text: 'T', recipients: [`user_${owner.uid}`, `user_${bob.uid}`] })
    await ann.client.call('wall2.remove_post', post._id)
    expect(await unreadOf(bob)).toBe(0)
  })

  test('concurrent posts all count (one statement per counter change)', async () => {
    await bob.client.call('wall2.seen', { networks: [owner.cid] })
    await Promise.all(Array.from({ length: 12 }, (_, i) => postTo([bob], `P${i}`)))
    expect(await unreadOf(bob)).toBe(12)
  })

  test('activities created and updated in a workflow one sees count as activity.created and activity.updated', async () => {
    await bob.client.call('wall2.seen', { networks: [owner.cid] })
    const { p: wf, teamId } = await workflowWithPhase(owner.client, 'Counted')
    await owner.client.call('v3.activity.createMany', wf._id, [{ name: 'a' }, { name: 'b' }], { teamId })
    const one = await owner.client.call('v3.activity.create', wf._id, { name: 'c' }, { teamId })
    await owner.client.call('v3.activity.updateMany', [{ _id: one._id, name: 'c2' }])
    const counts = (await bob.client.call('wall2.unread', { workspaceIds: [owner.cid] }))[owner.cid]
    expect(counts).toEqual({ user: 0, 'activity.created': 3, 'activity.updated': 1 })
    expect((await owner.client.call('wall2.unread', { workspaceIds: [owner.cid] }))[owner.cid]['activity.created']).toBe(0)
    await bob.client.call('wall2.seen', { networks: [owner.cid] })
    expect((await bob.client.call('wall2.unread', { workspaceIds: [owner.cid] }))[owner.cid]).toEqual({ user: 0, 'activity.created': 0, 'activity.updated': 0 })
  })
})
