/**
 * An activity's day in a real browser with two people: followers added, the ball passed to another
 * member (who sees it live), the history as readable changes, and removal with Undo and the trash.
 */
import { joinWorkspace } from '../helpers/members'
import { signedIn, type SignedIn } from '../helpers/users'
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

/** A workflow with one text field and two phases, and one activity in it. */
async function tasks(owner: SignedIn) {
  const c = owner.client
  const team = (await c.call('company.new_team', { name: 'Docs' }))._id as string
  const wf = (await c.call('process.create', { name: 'Tasks' }))._id as string
  const notes = (await c.call('process.create_field', wf, { label: 'Notes', type: 'text' }))._id as string
  const [todo, done] = [newPhaseId(), newPhaseId()]
  await c.call('process.set_info', wf, {
    phases: { [todo]: { name: 'To do' }, [done]: { name: 'Done' } },
    phasesOrder: [todo, done],
    preselectedTeam: { team },
  })
  const [task] = (await c.call('v3.activity.createMany', wf, [{ name: 'Write the guide', phaseId: todo }])) as Array<{ _id: string }>
  return { wf, notes, task: task._id }
}

test('activity: a follower added, the ball passed to the other person who sees it live, the history as readable changes', async () => {
  const owner = await signedIn('lead')
  const member = await joinWorkspace(owner, { tag: 'mate' })
  const { wf, notes, task } = await tasks(owner)
  await owner.client.call('v2.process.member.add', wf, `user_${member.uid}`)
  const route = `/w/${owner.cid}/activities/${task}`
  const lead = await browsing.open({ key: owner.key, route })
  const mate = await browsing.open({ key: member.key, route })
  await lead.getByRole('heading', { name: 'Write the guide' }).waitFor()
  await mate.getByRole('heading', { name: 'Write the guide' }).waitFor()
  await mate.getByText('Nobody has the ball.').waitFor()

  // A follower is added by name.
  const followers = lead.locator('section.followers')
  await followers.getByLabel('Add a follower').selectOption({ label: 'Test mate' })
  await followers.getByRole('button', { name: 'Add' }).click()
  await followers.getByRole('listitem').filter({ hasText: 'Test mate' }).waitFor()
  expect(((await owner.client.call('v3.activity.get', task)) as unknown as { followers: string[] }).followers).toContain(member.uid)

  // The ball goes to the other person, who sees it arrive without reloading.
  await lead.getByLabel('Pass the ball to').selectOption({ label: 'Test mate' })
  await lead.getByRole('button', { name: 'Pass' }).click()
  await lead
    .locator('section.ball-holder')
    .getByText(/^Test mate has the ball/)
    .waitFor()
  await mate
    .locator('section.ball-holder')
    .getByText(/^You have the ball/)
    .waitFor()
  expect(((await owner.client.call('v3.activity.get', task)) as unknown as { ballHolder: { uid: string } }).ballHolder.uid).toBe(member.uid)

  // A value changed and saved reads in the history as who, what, from and to.
  await lead.getByLabel('Notes').fill('First draft')
  await lead.getByRole('button', { name: 'Save' }).click()
  const history = mate.locator('section.history')
  await history.getByText('Notes: (empty) → First draft').waitFor()
  await history.getByText('Ball: (empty) → Test mate').waitFor()
  await eventually(
    () => history.locator('.history-list > li').first().textContent(),
    (text) => expect(text).toMatch(/^Test lead changed it/),
  )
  expect(await mate.locator('section.history time').count()).toBeGreaterThanOrEqual(3)
  await check(lead, 'day-activity')
  await check(mate, 'day-activity-member')
  void notes
}, 90_000)

test('activity: removed with Undo, removed again and recovered from the trash', async () => {
  const owner = await signedIn('lead')
  const { wf, task } = await tasks(owner)
  const page = await browsing.open({ key: owner.key, route: `/w/${owner.cid}/activities/${task}` })
  await page.getByRole('heading', { name: 'Write the guide' }).waitFor()
  const removed = async () => ((await owner.client.call('v3.activity.removed.overview', [wf])) as Record<string, Record<string, unknown[]>>)[wf]

  await page.getByRole('button', { name: 'Remove activity' }).click()
  await page.getByText('“Write the guide” was removed.').waitFor()
  // The focus is on Undo, so Enter undoes.
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Undo')
  expect(Object.values(await removed()).flat()).toHaveLength(1)
  await check(page, 'day-removed')
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: 'Remove activity' }).waitFor()
  expect(Object.values(await removed()).flat()).toHaveLength(0)

  await page.getByRole('button', { name: 'Remove activity' }).click()
  await page.getByRole('link', { name: 'Open the trash' }).click()
  await page.getByRole('heading', { name: 'Trash' }).waitFor()
  await page.getByText(/removed by Test lead/).waitFor()
  await check(page, 'day-trash')
  await page.getByRole('button', { name: 'Recover Write the guide' }).click()
  await page.getByText('The trash is empty.').waitFor()
  expect(((await owner.client.call('v3.activity.get', task)) as unknown as { name: string }).name).toBe('Write the guide')
}, 90_000)
