/**
 * The rest of a day in a real browser with two people: the wall (posts, comments, likes, pins,
 * drafts, scheduled posts, as each one's role allows) with its unread count changing live in the
 * header, and notifications (a ball passed to me, a post addressed to me).
 */
import type { Page } from 'playwright-core'
import { joinWorkspace } from '../helpers/members'
import { signedIn } from '../helpers/users'
import { newPhaseId } from '../helpers/workflows'
import { check, eventually, startBrowsing, type Browsing } from './browser'

let browsing: Browsing

beforeAll(async () => {
  browsing = await startBrowsing()
}, 60_000)
afterAll(async () => {
  await browsing?.close()
})
afterEach(() => {
  expect(browsing.problems.splice(0)).toEqual([])
})

const unread = (page: Page) => page.getByTestId('wall-unread').allTextContents()
const post = (page: Page, subject: string) => page.locator('li.post', { has: page.getByRole('heading', { name: subject }) })

async function write(page: Page, subject: string, text: string, options: { to?: string; draft?: boolean; at?: string } = {}) {
  const composer = page.locator('form.composer')
  await composer.getByLabel('Subject').fill(subject)
  await composer.getByLabel('Text').fill(text)
  if (options.to) await composer.getByLabel(options.to).check()
  if (options.draft) await composer.getByLabel('Keep as a draft').check()
  if (options.at) await composer.getByLabel('Publish at').fill(options.at)
  await composer.getByRole('button', { name: options.draft ? 'Save draft' : options.at ? 'Schedule' : 'Post' }).click()
  await eventually(
    () => composer.getByLabel('Subject').inputValue(),
    (v) => expect(v).toBe(''),
  )
}

test('wall: a post to everyone raises the other person’s unread count live; likes, comments and pins seen by both; a plain member cannot pin', async () => {
  const owner = await signedIn('lead')
  const member = await joinWorkspace(owner, { tag: 'mate' })
  const lead = await browsing.open({ key: owner.key, route: `/w/${owner.cid}/wall` })
  const mate = await browsing.open({ key: member.key, route: `/w/${owner.cid}` })
  await lead.getByText('No posts yet.').waitFor()
  await mate.getByRole('heading', { name: 'Workflows' }).waitFor()
  expect(await unread(mate)).toEqual([])

  await write(lead, 'Kickoff', 'We start on Monday.')
  await post(lead, 'Kickoff').waitFor()
  // The member, elsewhere in the app, sees the unread count arrive in the header.
  await eventually(
    () => unread(mate),
    (v) => expect(v).toEqual(['1']),
  )
  await mate.getByRole('link', { name: /^Wall/ }).click()
  await post(mate, 'Kickoff').waitFor()
  await eventually(
    () => unread(mate),
    (v) => expect(v).toEqual([]),
  )
  expect(await post(mate, 'Kickoff').getByText('Test lead').count()).toBe(1)
  expect(await post(mate, 'Kickoff').locator('time').count()).toBe(1)
  // A plain member may like and comment, not pin.
  expect(await post(mate, 'Kickoff').getByRole('button', { name: 'Pin' }).count()).toBe(0)

  await post(mate, 'Kickoff').getByRole('button', { name: 'Like (0)' }).click()
  await post(mate, 'Kickoff').getByRole('button', { name: 'Unlike (1)' }).waitFor()
  await post(lead, 'Kickoff').getByRole('button', { name: 'Like (1)' }).waitFor()

  await post(mate, 'Kickoff').getByRole('button', { name: '0 comments' }).click()
  await post(mate, 'Kickoff').getByLabel('Your comment').fill('Looking forward to it')
  await post(mate, 'Kickoff').getByRole('button', { name: 'Comment', exact: true }).click()
  await post(lead, 'Kickoff').getByRole('button', { name: '1 comment' }).click()
  await post(lead, 'Kickoff').locator('section.comments').getByText('Looking forward to it').waitFor()
  expect(await post(lead, 'Kickoff').locator('section.comments').getByText('Test mate').count()).toBe(1)

  await write(lead, 'Second', 'Another one.')
  await post(lead, 'Kickoff').getByRole('button', { name: 'Pin' }).click()
  await post(mate, 'Kickoff').getByText('Pinned').waitFor()
  // Pinned first, though older.
  await eventually(
    () => mate.locator('li.post h2').allTextContents(),
    (v) => expect(v).toEqual(['Kickoff', 'Second']),
  )
  await check(mate, 'day-wall')
}, 120_000)

test('wall: a draft kept and published, a post scheduled; a post to a person and a ball passed show in their notifications', async () => {
  const owner = await signedIn('lead')
  const member = await joinWorkspace(owner, { tag: 'mate' })
  const c = owner.client
  const team = (await c.call('company.new_team', { name: 'Docs' }))._id as string
  const wf = (await c.call('process.create', { name: 'Tasks' }))._id as string
  const todo = newPhaseId()
  await c.call('process.set_info', wf, { phases: { [todo]: { name: 'To do' } }, phasesOrder: [todo], preselectedTeam: { team } })
  const [task] = (await c.call('v3.activity.createMany', wf, [{ name: 'Review the guide', phaseId: todo }])) as Array<{ _id: string }>
  await c.call('v2.process.member.add', wf, `user_${member.uid}`)

  const mate = await browsing.open({ key: member.key, route: `/w/${owner.cid}/wall` })
  await mate.getByText('No posts yet.').waitFor()
  // A plain member writes to chosen people: no "everyone" for them.
  expect(await mate.getByLabel('Everyone in the workspace').count()).toBe(0)
  await write(mate, 'Idea', 'Half-baked', { to: 'Test lead', draft: true })
  await mate.getByRole('button', { name: 'My drafts' }).click()
  await post(mate, 'Idea').waitFor()
  await post(mate, 'Idea').getByRole('button', { name: 'Publish now' }).click()
  await mate.getByText('No drafts.').waitFor()

  const later = new Date(Date.now() + 7 * 24 * 3600_000)
  const local = new Date(later.getTime() - later.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
  await write(mate, 'Next week', 'Reminder', { to: 'Test lead', at: local })
  await mate.getByRole('button', { name: 'My scheduled posts' }).click()
  await post(mate, 'Next week')
    .getByText(/^scheduled for/)
    .waitFor()
  await check(mate, 'day-wall-scheduled')

  // The lead sees the published post among the posts to them; the scheduled one is not out yet.
  const lead = await browsing.open({ key: owner.key, route: `/w/${owner.cid}/notifications` })
  await lead.getByRole('link', { name: 'Idea' }).waitFor()
  expect(await lead.getByRole('link', { name: 'Next week' }).count()).toBe(0)
  await check(lead, 'day-notifications')

  // The lead passes a ball to the member, whose notification count and list change live.
  await mate.getByRole('link', { name: /^Notifications/ }).click()
  await mate.getByText('You hold no balls.').waitFor()
  const before = Number((await mate.getByTestId('notification-count').allTextContents())[0] ?? 0)
  await lead.goto(lead.url().replace(/notifications$/, `activities/${task._id}`))
  await lead.getByLabel('Pass the ball to').selectOption({ label: 'Test mate' })
  await lead.getByRole('button', { name: 'Pass' }).click()
  await mate.getByRole('link', { name: 'Review the guide' }).waitFor()
  await eventually(
    () => mate.getByTestId('notification-count').allTextContents(),
    (v) => expect(v).toEqual([String(before + 1)]),
  )
  await mate.getByRole('link', { name: 'Review the guide' }).click()
  await mate
    .locator('section.ball-holder')
    .getByText(/^You have the ball/)
    .waitFor()
}, 120_000)
