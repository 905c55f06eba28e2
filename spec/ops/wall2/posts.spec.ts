/** wall2.new_post, edit_post, remove_post: recipients, visibility, drafts, signals, mail. */
import { Client } from '../../helpers/client'
import { MISSING } from '../../helpers/ids'
import { nextMail } from '../../helpers/mail'
import { joinWorkspace, type JoinedMember } from '../../helpers/members'
import { signedIn, type SignedIn } from '../../helpers/users'
import { loadFeed, loadPost } from '../../helpers/wall'

let owner: SignedIn // owner of the workspace: feed.admin
let ann: JoinedMember // plain users
let bob: JoinedMember
let cat: JoinedMember
let stranger: SignedIn // owner of another workspace
let anon: Client
let teamId: string
beforeAll(async () => {
  owner = await signedIn('wall-owner')
  ann = await joinWorkspace(owner, { tag: 'ann' })
  bob = await joinWorkspace(owner, { tag: 'bob' })
  cat = await joinWorkspace(owner, { tag: 'cat' })
  stranger = await signedIn('wall-stranger')
  anon = await Client.connect()
  teamId = (await owner.client.call('company.new_team', { name: 'Wall team' }))._id
  await owner.client.call('company.update_team_users', teamId, [bob.uid])
}, 60_000)
afterAll(() => Promise.all([owner, ann, bob, cat, stranger].map((p) => p.client.close()).concat(anon.close())))

const post = (subject = `Hello ${Math.random().toString(36).slice(2, 8)}`) => ({ subject, text: 'Some words' })
const feedIds = async (who: SignedIn, options: object = {}) => (await loadFeed(who.client, null, options)).map((p: any) => p._id)

describe('wall2.new_post', () => {
  test('401, 400 naming the argument, 422 for groups, 404 naming a recipient of elsewhere, 403 to the whole workspace for a user', async () => {
    expect((await anon.fail('wall2.new_post', post(), [`user_${owner.uid}`])).code).toBe(401)
    expect(await ann.client.fail('wall2.new_post', { subject: ' ', text: 'x' }, [`user_${owner.uid}`])).toMatchObject({
      code: 400,
      details: { argument: 0, path: '/subject' },
    })
    expect(await ann.client.fail('wall2.new_post', post(), ['somebody'])).toMatchObject({ code: 400, details: { argument: 1, name: 'recipients' } })
    expect(await ann.client.fail('wall2.new_post', { ...post(), networks: [owner.cid, stranger.cid] }, [`user_${owner.uid}`])).toMatchObject({
      code: 400,
      details: { argument: 0, path: '/networks' },
    })
    expect(await ann.client.fail('wall2.new_post', post(), [`user_${owner.uid}`], { draft: true, scheduleTime: Date.now() + 60_000 })).toMatchObject({
      code: 400,
      details: { argument: 2, path: '/scheduleTime' },
    })
    expect(await ann.client.fail('wall2.new_post', post(), [`group_${MISSING}`])).toMatchObject({
      code: 422,
      details: { argument: 1, path: '/0', recipient: `group_${MISSING}` },
    })
    expect(await ann.client.fail('wall2.new_post', post(), [`user_${owner.uid}`, `user_${stranger.uid}`])).toMatchObject({
      code: 404,
      details: { argument: 1, path: '/1', recipient: `user_${stranger.uid}` },
    })
    expect((await ann.client.fail('wall2.new_post', post(), [`team_${MISSING}`])).code).toBe(404)
    expect((await ann.client.fail('wall2.new_post', post(), [`network_${stranger.cid}`])).code).toBe(404)
    expect((await ann.client.fail('wall2.new_post', post(), [`network_${owner.cid}`])).code).toBe(403)
    expect((await ann.client.fail('wall2.new_post', post())).code).toBe(403)
    expect(await loadFeed(ann.client)).toEqual([])
  })

  test('a post to a person reaches that person only: signal, feed, the post itself; 404 for anyone else', async () => {
    const sent = await ann.client.call('wall2.new_post', { ...post('To bob'), files: [] }, [`user_${bob.uid}`], { allowReply: false })
    expect(sent).toMatchObject({
      cid: owner.cid,
      uid: ann.uid,
      author: { _id: ann.uid, lastname: 'ann' },
      subject: 'To bob',
      text: 'Some words',
      recipients: [`user_${bob.uid}`],
      announcement: false,
      allowReply: false,
      state: 'published',
      pinned: false,
      likes: 0,
      liked: false,
      comments: 0,
      followed: true,
    })
    expect((await bob.client.waitForSignal('wall2.post.created', (m) => m._id === sent._id)).meta).toEqual({ cid: owner.cid, _id: sent._id })
    expect(await feedIds(bob)).toContain(sent._id)
    expect((await loadPost(bob.client, sent._id)).followed).toBe(false)
    for (const other of [cat, owner, stranger]) {
      expect((await other.client.fail('wall2.load_posts', sent._id)).code).toBe(404)
      expect(await feedIds(other)).not.toContain(sent._id)
    }
    await ann.client.call('wall2.new_post', post('sync'), [`user_${cat.uid}`])
    await cat.client.waitForSignal('wall2.post.created')
    expect(cat.client.signals.some((s) => s.meta?._id === sent._id)).toBe(false)
    expect(stranger.client.signals.some((s) => s.sig.startsWith('wall2.'))).toBe(false)
  })

  test('a post to a team reaches its members; a post to the workspace reaches every member, also one who joins later', async () => {
    const toTeam = await ann.client.call('wall2.new_post', post('To the team'), [`team_${teamId}`])
    expect(await feedIds(bob)).toContain(toTeam._id)
    expect(await feedIds(cat)).not.toContain(toTeam._id)

    const announcement = await owner.client.call('wall2.new_post', post('For everyone'), [`network_${owner.cid}`])
    expect(announcement).toMatchObject({ announcement: true, recipients: [`network_${owner.cid}`] })
    await cat.client.waitForSignal('wall2.post.created', (m) => m._id === announcement._id)
    for (const who of [ann, bob, cat]) expect(await feedIds(who)).toContain(announcement._id)
    expect(await feedIds(ann, { filter: ['user'] })).not.toContain(announcement._id)
    expect(await feedIds(ann, { filter: ['announcement'] })).toContain(announcement._id)
    const late = await joinWorkspace(owner, { tag: 'late' })
    try {
      expect(await feedIds(late)).toContain(announcement._id)
      expect(await feedIds(late)).not.toContain(toTeam._id)
    } finally {
      await late.client.close()
    }
    expect((await stranger.client.fail('wall2.load_posts', announcement._id)).code).toBe(404)
  })

  test('the feedAdmin flag lets a user post to the whole workspace', async () => {
    const admin = await joinWorkspace(owner, { tag: 'feedadmin' })
    try {
      expect((await admin.client.fail('wall2.new_post', post())).code).toBe(403)
      await owner.client.call('company.set_user_data', { section: 'feedAdmin', uid: admin.uid, value: 'true' })
      const sent = await admin.client.call('wall2.new_post', post('Announcement'))
      expect(sent.announcement).toBe(true)
      expect(await feedIds(cat)).toContain(sent._id)
    } finally {
      await admin.client.close()
    }
  })

  test('isolatedTeams: only people and teams one sees are recipients, and others see the recipients they may see', async () => {
    const boss = await signedIn('iso-owner')
    const [x, y, z] = [await joinWorkspace(boss, { tag: 'x' }), await joinWorkspace(boss, { tag: 'y' }), await joinWorkspace(boss, { tag: 'z' })]
    try {
      const t1 = (await boss.client.call('company.new_team', { name: 'T1' }))._id
      const t2 = (await boss.client.call('company.new_team', { name: 'T2' }))._id
      await boss.client.call('company.update_team_users', t1, [x.uid, y.uid])
      await boss.client.call('company.update_team_users', t2, [z.uid])
      await boss.client.call('v2.network.update', boss.cid, { isolatedTeams: true })
      expect(await x.client.fail('wall2.new_post', post(), [`user_${z.uid}`])).toMatchObject({ code: 404, details: { recipient: `user_${z.uid}` } })
      expect((await x.client.fail('wall2.new_post', post(), [`team_${t2}`])).code).toBe(404)
      // The owner sees everyone: a post to y and z shows y only, to y.
      const sent = await boss.client.call('wall2.new_post', post(), [`user_${y.uid}`, `user_${z.uid}`])
      expect((await loadPost(y.client, sent._id)).recipients).toEqual([`user_${y.uid}`])
      expect((await loadPost(z.client, sent._id)).recipients).toEqual([`user_${z.uid}`])
      expect((await loadPost(boss.client, sent._id)).recipients).toEqual([`user_${y.uid}`, `user_${z.uid}`])
    } finally {
      await Promise.all([boss, x, y, z].map((p) => p.client.close()))
    }
  })

  test('recipients with feedPostEmail on get a mail of the post', async () => {
    await cat.client.call('v2.user.settings.global.set', { feedPostEmail: true })
    const sent = await ann.client.call('wall2.new_post', { subject: 'Mail me', text: 'The body of the post' }, [`user_${cat.uid}`, `user_${bob.uid}`])
    const mail = await nextMail(cat.email)
    expect(mail.subject).toContain('Mail me')
    expect(mail.text).toContain('The body of the post')
    expect(mail.text).toContain(`/feed/${owner.cid}/${sent._id}`)
    // Added to a post's recipients later: mailed then.
    const later = await ann.client.call('wall2.new_post', { subject: 'Added later', text: 'x' }, [`user_${bob.uid}`])
    await ann.client.call('wall2.edit_post', later._id, { text: 'x', recipients: [`user_${bob.uid}`, `user_${cat.uid}`] })
    expect((await nextMail(cat.email)).subject).toContain('Added later')
    await cat.client.call('v2.user.settings.global.set', { feedPostEmail: false })
  })
})

describe('drafts', () => {
  test('a draft is seen only by its author until edited without draft; then its recipients hear of it', async () => {
    const draft = await ann.client.call('wall2.new_post', post('Draft'), [`user_${bob.uid}`], { draft: true })
    expect(draft.state).toBe('draft')
    expect((await bob.client.fail('wall2.load_posts', draft._id)).code).toBe(404)
    expect(await feedIds(ann)).not.toContain(draft._id)
    expect(await feedIds(ann, { filter: ['draft'] })).toEqual([draft._id])
    expect((await ann.client.call('wall2.edit_post', draft._id, { text: 'Still drafting', draft: true })).state).toBe('draft')
    expect((await bob.client.fail('wall2.load_posts', draft._id)).code).toBe(404)
    const published = await ann.client.call('wall2.edit_post', draft._id, { text: 'Ready' })
    expect(published).toMatchObject({ state: 'published', text: 'Ready' })
    await bob.client.waitForSignal('wall2.post.created', (m) => m._id === draft._id)
    expect((await loadPost(bob.client, draft._id)).text).toBe('Ready')
    expect(await ann.client.fail('wall2.edit_post', draft._id, { text: 'again', draft: true })).toMatchObject({ code: 422 })
  })
})

describe('wall2.edit_post and remove_post', () => {
  test('edit: 401, 400, 404 for another workspace, 403 for a recipient, then the change, its signal, and recipients replaced', async () => {
    const sent = await ann.client.call('wall2.new_post', post(), [`user_${bob.uid}`])
    expect((await anon.fail('wall2.edit_post', sent._id, { text: 'x' })).code).toBe(401)
    expect(await ann.client.fail('wall2.edit_post', 'nope', { text: 'x' })).toMatchObject({ code: 400, details: { argument: 0, name: 'postId' } })
    expect(await ann.client.fail('wall2.edit_post', sent._id, { text: '  ' })).toMatchObject({ code: 400, details: { argument: 1, path: '/text' } })
    expect(await ann.client.fail('wall2.edit_post', sent._id, { text: 'x', recipients: [`network_${owner.cid}`] })).toMatchObject({
      code: 400,
      details: { argument: 1 },
    })
    expect((await stranger.client.fail('wall2.edit_post', sent._id, { text: 'x' })).code).toBe(404)
    expect((await cat.client.fail('wall2.edit_post', sent._id, { text: 'x' })).code).toBe(404)
    expect((await bob.client.fail('wall2.edit_post', sent._id, { text: 'x' })).code).toBe(403)

    const edited = await ann.client.call('wall2.edit_post', sent._id, { text: 'Better words', subject: 'New subject', recipients: [`user_${cat.uid}`] })
    expect(edited).toMatchObject({ text: 'Better words', subject: 'New subject', recipients: [`user_${cat.uid}`] })
    expect(edited.updated).toEqual(expect.any(Number))
    await bob.client.waitForSignal('wall2.post.removed', (m) => m._id === sent._id)
    await cat.client.waitForSignal('wall2.post.updated', (m) => m._id === sent._id)
    expect((await bob.client.fail('wall2.load_posts', sent._id)).code).toBe(404)
    expect((await loadPost(cat.client, sent._id)).text).toBe('Better words')
  })

  test('remove: 401, 400, 404, 403 for a recipient; the author and feed admins remove; recipients hear it', async () => {
    const sent = await ann.client.call('wall2.new_post', post(), [`user_${bob.uid}`, `user_${owner.uid}`])
    expect((await anon.fail('wall2.remove_post', sent._id)).code).toBe(401)
    expect((await ann.client.fail('wall2.remove_post', 'x')).code).toBe(400)
    expect((await stranger.client.fail('wall2.remove_post', sent._id)).code).toBe(404)
    expect((await ann.client.fail('wall2.remove_post', MISSING)).code).toBe(404)
    expect((await bob.client.fail('wall2.remove_post', sent._id)).code).toBe(403)
    expect(await owner.client.call('wall2.remove_post', sent._id)).toBe(true)
    await bob.client.waitForSignal('wall2.post.removed', (m) => m._id === sent._id)
    expect((await ann.client.fail('wall2.load_posts', sent._id)).code).toBe(404)

    const own = await ann.client.call('wall2.new_post', post(), [`user_${bob.uid}`])
    expect(await ann.client.call('wall2.remove_post', own._id)).toBe(true)
    expect((await ann.client.fail('wall2.remove_post', own._id)).code).toBe(404)
  })
})
