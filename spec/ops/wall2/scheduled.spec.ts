/**
 * Scheduled wall posts: not visible before their time, published by the server when it comes, also
 * when the server was stopped in between (a server of this test's own, stopped and started again).
 */
import { Client } from '../../helpers/client'
import { nextMail } from '../../helpers/mail'
import { startServer, tempDataDir, type RunningServer } from '../../helpers/server'
import { registerUser, signedIn, type SignedIn } from '../../helpers/users'
import { joinWorkspace, type JoinedMember } from '../../helpers/members'
import { loadFeed, loadPost } from '../../helpers/wall'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Polls until `check` holds (the scheduler runs every second); fails after `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 15_000) {
  const until = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > until) throw new Error('the condition never held')
    await sleep(200)
  }
}

describe('scheduled posts', () => {
  let owner: SignedIn
  let bob: JoinedMember
  beforeAll(async () => {
    owner = await signedIn('sched-owner')
    bob = await joinWorkspace(owner, { tag: 'bob' })
  })
  afterAll(() => Promise.all([owner.client.close(), bob.client.close()]))

  test('invisible to recipients before its time, the author sees it as scheduled; at its time recipients hear of it and see it', async () => {
    await bob.client.call('v2.user.settings.global.set', { feedPostEmail: true })
    const when = Date.now() + 2500
    const post = await owner.client.call('wall2.new_post', { subject: 'Later', text: 'T' }, [`user_${bob.uid}`], { scheduleTime: when })
    expect(post).toMatchObject({ state: 'scheduled', scheduleTime: when, published: null })
    expect((await bob.client.fail('wall2.load_posts', post._id)).code).toBe(404)
    expect((await loadFeed(bob.client)).map((p: any) => p._id)).not.toContain(post._id)
    expect((await loadFeed(owner.client)).map((p: any) => p._id)).not.toContain(post._id)
    expect((await loadFeed(owner.client, null, { filter: ['scheduled'] })).map((p: any) => p._id)).toEqual([post._id])
    expect((await bob.client.call('wall2.unread', { workspaceIds: [owner.cid] }))[owner.cid].user).toBe(0)
    expect((await bob.client.fail('wall2.save_comment', { text: 'early' }, post._id)).code).toBe(404)

    await bob.client.waitForSignal('wall2.post.created', (m) => m._id === post._id, 15_000)
    const seen = await loadPost(bob.client, post._id)
    expect(seen.state).toBe('published')
    expect(seen.published).toBeGreaterThanOrEqual(when)
    expect((await bob.client.call('wall2.unread', { workspaceIds: [owner.cid] }))[owner.cid].user).toBe(1)
    expect((await nextMail(bob.email)).subject).toContain('Later')
  })

  test('a scheduled time in the past publishes at once', async () => {
    const post = await owner.client.call('wall2.new_post', { subject: 'Past', text: 'T' }, [`user_${bob.uid}`], { scheduleTime: Date.now() - 1000 })
    expect(post.state).toBe('published')
  })
})

describe('a scheduled post across a restart', () => {
  let server: RunningServer | undefined
  afterAll(async () => {
    await server?.stop()
  })

  test('its time passes while the server is down: it appears once the server is up again, and not before its time', async () => {
    server = await startServer({ DATA_DIR: tempDataDir() })
    const person = await registerUser('restart', server.wsUrl)
    const login = async (url: string) => {
      const client = await Client.connect({ url })
      await client.call('login', person.email, person.password)
      return client
    }
    let client = await login(server.wsUrl)
    const when = Date.now() + 3000
    const post = await client.call('wall2.new_post', { subject: 'Across', text: 'T' }, null, { scheduleTime: when })
    expect(post.state).toBe('scheduled')
    expect((await loadFeed(client)).map((p: any) => p._id)).not.toContain(post._id)
    await client.close()
    expect(await server.stop()).toBe(0)

    while (Date.now() <= when) await sleep(250)
    server = await startServer({ DATA_DIR: server.dataDir })
    client = await login(server.wsUrl)
    try {
      await eventually(async () => (await loadFeed(client)).some((p: any) => p._id === post._id))
      const published = await loadPost(client, post._id)
      expect(published.state).toBe('published')
      expect(published.published).toBeGreaterThanOrEqual(when)
    } finally {
      await client.close()
    }
  }, 90_000)
})
