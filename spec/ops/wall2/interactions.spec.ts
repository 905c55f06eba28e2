/** wall2.save_comment, edit_comment, remove_comment, load_comments; like_post, pin_post, follow_post, unfollow_post; load_posts pages and hash. */
import { Client } from '../../helpers/client'
import { MISSING } from '../../helpers/ids'
import { joinWorkspace, type JoinedMember } from '../../helpers/members'
import { signedIn, type SignedIn } from '../../helpers/users'
import { loadComment, loadComments, loadFeed, loadPost } from '../../helpers/wall'

let owner: SignedIn
let ann: JoinedMember
let bob: JoinedMember
let cat: JoinedMember // in the workspace, not a recipient
let stranger: SignedIn
let anon: Client
beforeAll(async () => {
  owner = await signedIn('wallc-owner')
  ann = await joinWorkspace(owner, { tag: 'ann' })
  bob = await joinWorkspace(owner, { tag: 'bob' })
  cat = await joinWorkspace(owner, { tag: 'cat' })
  stranger = await signedIn('wallc-stranger')
  anon = await Client.connect()
}, 60_000)
afterAll(() => Promise.all([owner, ann, bob, cat, stranger].map((p) => p.client.close()).concat(anon.close())))

const toBob = (options: object = {}) => ann.client.call('wall2.new_post', { subject: 'S', text: 'T' }, [`user_${bob.uid}`, `user_${owner.uid}`], options)

describe('comments', () => {
  test('save: 401, 400, 404 for a post one may not see, 422 when replies are off; the comment, its count, its signal; the commenter follows', async () => {
    const post = await toBob()
    expect((await anon.fail('wall2.save_comment', { text: 'hi' }, post._id)).code).toBe(401)
    expect(await bob.client.fail('wall2.save_comment', { text: ' ' }, post._id)).toMatchObject({ code: 400, details: { argument: 0, path: '/text' } })
    expect(await bob.client.fail('wall2.save_comment', { text: 'hi' }, 'x')).toMatchObject({ code: 400, details: { argument: 1 } })
    expect((await stranger.client.fail('wall2.save_comment', { text: 'hi' }, post._id)).code).toBe(404)
    expect((await cat.client.fail('wall2.save_comment', { text: 'hi' }, post._id)).code).toBe(404)
    expect(await bob.client.fail('wall2.save_comment', { text: 'hi', tagged: [cat.uid] }, post._id)).toMatchObject({
      code: 404,
      details: { path: '/tagged/0' },
    })

    const comment = await bob.client.call('wall2.save_comment', { text: ' Nice ', tagged: [ann.uid], loc: { lat: 1, lng: 2 } }, post._id)
    expect(comment).toMatchObject({
      postId: post._id,
      cid: owner.cid,
      uid: bob.uid,
      author: { _id: bob.uid },
      text: 'Nice',
      tagged: [ann.uid],
      files: [],
      loc: { lat: 1, lng: 2 },
    })
    expect((await ann.client.waitForSignal('wall2.comment.created', (m) => m._id === comment._id)).meta).toEqual({
      cid: owner.cid,
      postId: post._id,
      _id: comment._id,
    })
    expect(cat.client.signals.some((s) => s.meta?.postId === post._id)).toBe(false)
    expect(await loadPost(bob.client, post._id)).toMatchObject({ comments: 1, followed: true })

    const closed = await toBob({ allowReply: false })
    expect((await bob.client.fail('wall2.save_comment', { text: 'hi' }, closed._id)).code).toBe(422)
  })

  test('edit, remove, load: 401, 400, 404, 403; the comment author edits; authors and feed admins remove', async () => {
    const post = await toBob()
    const c1 = await bob.client.call('wall2.save_comment', { text: 'one' }, post._id)
    const c2 = await ann.client.call('wall2.save_comment', { text: 'two' }, post._id)
    expect((await anon.fail('wall2.edit_comment', post._id, c1._id, 'x')).code).toBe(401)
    expect(await bob.client.fail('wall2.edit_comment', post._id, c1._id, ' ')).toMatchObject({ code: 400, details: { argument: 2 } })
    expect((await stranger.client.fail('wall2.edit_comment', post._id, c1._id, 'x')).code).toBe(404)
    expect((await bob.client.fail('wall2.edit_comment', post._id, MISSING, 'x')).code).toBe(404)
    expect((await ann.client.fail('wall2.edit_comment', post._id, c1._id, 'x')).code).toBe(403)
    expect(await bob.client.call('wall2.edit_comment', post._id, c1._id, 'one, edited')).toMatchObject({
      _id: c1._id,
      text: 'one, edited',
      updated: expect.any(Number),
    })
    await ann.client.waitForSignal('wall2.comment.updated', (m) => m._id === c1._id)

    expect((await anon.fail('wall2.load_comments', post._id)).code).toBe(401)
    expect(await bob.client.fail('wall2.load_comments', post._id, 'x')).toMatchObject({ code: 400, details: { argument: 1, name: 'feedCommentId' } })
    expect((await cat.client.fail('wall2.load_comments', post._id)).code).toBe(404)
    expect((await loadComments(bob.client, post._id)).map((c: any) => c.text)).toEqual(['one, edited', 'two'])
    expect((await loadComment(bob.client, post._id, c2._id)).text).toBe('two')
    expect((await bob.client.fail('wall2.load_comments', post._id, MISSING)).code).toBe(404)

    // The interface's order for remove_comment: comment id, then post id.
    expect((await anon.fail('wall2.remove_comment', c2._id, post._id)).code).toBe(401)
    expect(await bob.client.fail('wall2.remove_comment', 'x', post._id)).toMatchObject({ code: 400, details: { argument: 0, name: 'commentId' } })
    expect((await stranger.client.fail('wall2.remove_comment', c2._id, post._id)).code).toBe(404)
    expect((await bob.client.fail('wall2.remove_comment', c2._id, post._id)).code).toBe(403)
    expect(await ann.client.call('wall2.remove_comment', c1._id, post._id)).toBe(true) // the post's author
    await bob.client.waitForSignal('wall2.comment.removed', (m) => m._id === c1._id)
    expect(await owner.client.call('wall2.remove_comment', c2._id, post._id)).toBe(true) // a feed admin
    expect(await loadComments(bob.client, post._id)).toEqual([])
    expect((await loadPost(bob.client, post._id)).comments).toBe(0)
  })
})

describe('likes, pins, follows', () => {
  test('like: 401, 400, 404; idempotent, counted once per person, with a signal; unlike', async () => {
    const post = await toBob()
    expect((await anon.fail('wall2.like_post', post._id, 'like')).code).toBe(401)
    expect(await bob.client.fail('wall2.like_post', post._id, 'love')).toMatchObject({ code: 400, details: { argument: 1 } })
    expect((await stranger.client.fail('wall2.like_post', post._id, 'like')).code).toBe(404)
    expect((await cat.client.fail('wall2.like_post', post._id, 'like')).code).toBe(404)
    await Promise.all([1, 2, 3].map(() => bob.client.call('wall2.like_post', post._id, 'like')))
    await Promise.all([1, 2, 3].map(() => owner.client.call('wall2.like_post', post._id, 'like')))
    expect(await loadPost(ann.client, post._id)).toMatchObject({ likes: 2, liked: false })
    expect(await loadPost(bob.client, post._id)).toMatchObject({ likes: 2, liked: true })
    await ann.client.waitForSignal('wall2.post.liked', (m) => m._id === post._id && m.likes === 2)
    await Promise.all([1, 2].map(() => bob.client.call('wall2.like_post', post._id, 'unlike')))
    expect(await loadPost(bob.client, post._id)).toMatchObject({ likes: 1, liked: false })
  })

  test('many people liking and commenting at once: each like counted once, every comment counted', async () => {
    const post = await owner.client.call('wall2.new_post', { subject: 'Busy', text: 'T' })
    const people = [owner, ann, bob, cat]
    await Promise.all(people.flatMap((p) => [1, 2, 3].map(() => p.client.call('wall2.like_post', post._id, 'like'))))
    await Promise.all(people.flatMap((p) => [1, 2].map((i) => p.client.call('wall2.save_comment', { text: `c${i}` }, post._id))))
    expect(await loadPost(bob.client, post._id)).toMatchObject({ likes: 4, liked: true, comments: 8 })
    expect(await loadComments(bob.client, post._id)).toHaveLength(8)
    await owner.client.call('wall2.remove_post', post._id) // the page test below counts every post a newcomer sees
  })

  test('pin: 403 for a user, 404 for a post one may not see; pinned posts come first', async () => {
    const first = await toBob()
    const second = await toBob()
    expect((await anon.fail('wall2.pin_post', first._id, true)).code).toBe(401)
    expect((await bob.client.fail('wall2.pin_post', first._id, 'yes')).code).toBe(400)
    expect((await bob.client.fail('wall2.pin_post', first._id, true)).code).toBe(403)
    expect((await stranger.client.fail('wall2.pin_post', first._id, true)).code).toBe(404)
    const hidden = await ann.client.call('wall2.new_post', { subject: 'S', text: 'T' }, [`user_${bob.uid}`])
    expect((await owner.client.fail('wall2.pin_post', hidden._id, true)).code).toBe(404)
    expect((await loadFeed(bob.client))[0]._id).toBe(hidden._id)
    expect(await owner.client.call('wall2.pin_post', first._id, true)).toBe(true)
    await bob.client.waitForSignal('wall2.post.pinned', (m) => m._id === first._id && m.pinned === true)
    const feed = await loadFeed(bob.client)
    expect(feed[0]).toMatchObject({ _id: first._id, pinned: true })
    expect(feed.map((p: any) => p._id).indexOf(second._id)).toBeGreaterThan(0)
    expect(await owner.client.call('wall2.pin_post', first._id, false)).toBe(true)
    expect((await loadFeed(bob.client))[0]._id).not.toBe(first._id)
  })

  test('follow and unfollow: 401, 404; the author follows by default', async () => {
    const post = await toBob()
    expect((await anon.fail('wall2.follow_post', post._id)).code).toBe(401)
    expect(await bob.client.fail('wall2.follow_post', 'x')).toMatchObject({ code: 400, details: { argument: 0, name: 'postId' } })
    expect(await bob.client.fail('wall2.unfollow_post', 'x')).toMatchObject({ code: 400, details: { argument: 0, name: 'postId' } })
    expect((await anon.fail('wall2.unfollow_post', post._id)).code).toBe(401)
    expect((await stranger.client.fail('wall2.follow_post', post._id)).code).toBe(404)
    expect((await cat.client.fail('wall2.unfollow_post', post._id)).code).toBe(404)
    expect((await loadPost(bob.client, post._id)).followed).toBe(false)
    expect(await bob.client.call('wall2.follow_post', post._id)).toBe(true)
    expect(await bob.client.call('wall2.follow_post', post._id)).toBe(true)
    expect((await loadPost(bob.client, post._id)).followed).toBe(true)
    expect((await loadPost(ann.client, post._id)).followed).toBe(true)
    expect(await ann.client.call('wall2.unfollow_post', post._id)).toBe(true)
    expect((await loadPost(ann.client, post._id)).followed).toBe(false)
  })
})

describe('wall2.load_posts pages', () => {
  test('401, 400, 404 for a workspace not one’s own; bounded pages with skip; multi; hash answers [] for an unchanged page', async () => {
    const reader = await joinWorkspace(owner, { tag: 'reader' })
    try {
      expect((await anon.fail('wall2.load_posts')).code).toBe(401)
      expect(await reader.client.fail('wall2.load_posts', null, { skip: -1 })).toMatchObject({ code: 400, details: { argument: 1 } })
      expect(await reader.client.fail('wall2.load_posts', null, { filter: ['everything'] })).toMatchObject({ code: 400, details: { argument: 1 } })
      expect((await reader.client.fail('wall2.load_posts', null, { networks: [stranger.cid] })).code).toBe(404)
      const sent: string[] = []
      for (let i = 0; i < 25; i++) sent.push((await ann.client.call('wall2.new_post', { subject: `P${i}`, text: 'T' }, [`user_${reader.uid}`]))._id)
      const page1 = await loadFeed(reader.client)
      const page2 = await loadFeed(reader.client, null, { skip: 20 })
      expect(page1.map((p: any) => p._id)).toEqual(sent.slice(5).reverse())
      expect(page2.map((p: any) => p._id)).toEqual(sent.slice(0, 5).reverse())
      // multi: every workspace of the caller (its own one too).
      const own = await reader.client.call('wall2.new_post', { subject: 'own', text: 'T' }, [`network_${reader.ownCid}`])
      expect((await loadFeed(reader.client, null, { multi: true }))[0]._id).toBe(own._id)
      expect((await loadFeed(reader.client))[0]._id).not.toBe(own._id)
      expect((await loadFeed(reader.client, null, { networks: [reader.ownCid] })).map((p: any) => p._id)).toEqual([own._id])

      // Settings: hidden posts leave the pages (not the post itself); multi takes the selected workspaces.
      await reader.client.call('v2.user.settings.global.set', { hiddenFeedPosts: [sent[24]], feedSelectedWorkspaces: [owner.cid] })
      expect((await loadFeed(reader.client))[0]._id).toBe(sent[23])
      expect((await loadPost(reader.client, sent[24]))._id).toBe(sent[24])
      expect((await loadFeed(reader.client, null, { multi: true }))[0]._id).toBe(sent[23])
      await reader.client.call('v2.user.settings.global.set', { hiddenFeedPosts: [], feedSelectedWorkspaces: [] })

      const hash = page1[0].hash
      expect(hash).toEqual(expect.any(Number))
      expect(page1.every((p: any) => p.hash === hash)).toBe(true)
      expect(await loadFeed(reader.client, null, { hash })).toEqual([])
      await reader.client.call('wall2.like_post', sent[24], 'like')
      const changed = await loadFeed(reader.client, null, { hash })
      expect(changed).toHaveLength(20)
      expect(changed[0].hash).not.toBe(hash)
    } finally {
      await reader.client.close()
    }
  })
})
