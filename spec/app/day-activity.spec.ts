/**
 * An activity's day in a real browser with two people: followers added and removed (only those who
 * may see the activity offered), the ball passed to another member (who sees it live), the history as readable changes, files with image previews, and
 * removal with Undo and the trash.
 */
import sharp from 'sharp'
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
  // A member of the workspace who may not see the workflow (only the lead and the mate are listed).
  await joinWorkspace(owner, { tag: 'blind' })
  const { wf, notes, task } = await tasks(owner)
  await owner.client.call('v2.process.member.add', wf, `user_${member.uid}`)
  await owner.client.call('v2.process.member.remove', wf, `network_${owner.cid}`)
  const route = `/w/${owner.cid}/activities/${task}`
  const lead = await browsing.open({ key: owner.key, route })
  const mate = await browsing.open({ key: member.key, route })
  await lead.getByRole('heading', { name: 'Write the guide' }).waitFor()
  await mate.getByRole('heading', { name: 'Write the guide' }).waitFor()
  await mate.getByText('Nobody has the ball.').waitFor()

  // Only people who may see the activity are offered as followers and ball holders.
  const followers = lead.locator('section.followers')
  const offered = (label: string) => lead.getByLabel(label).locator('option').allTextContents()
  await eventually(
    () => offered('Add a follower'),
    (names) => expect(names).toContain('Test mate'),
  )
  expect(await offered('Add a follower')).not.toContain('Test blind')
  expect((await offered('Pass the ball to')).join()).not.toContain('Test blind')
  expect((await offered('Pass the ball to')).join()).toContain('Test mate')

  // A follower is added by name.
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

  // The ball holder stays a follower: the refusal says why, in the person's language.
  await followers.getByRole('button', { name: 'Remove Test mate from the followers' }).click()
  await followers.getByRole('alert').filter({ hasText: 'This person holds the ball: pass or clear the ball first.' }).waitFor()
  // The lead stops following; the mate sees the list change live.
  await followers.getByRole('button', { name: 'Stop following' }).click()
  const mateFollowers = mate.locator('section.followers')
  await eventually(
    () => mateFollowers.getByRole('listitem').allTextContents(),
    (names) => expect(names.join()).not.toContain('Test lead'),
  )
  await followers.getByRole('listitem').filter({ hasText: 'Test lead' }).waitFor({ state: 'detached' })
  expect(((await owner.client.call('v3.activity.get', task)) as unknown as { followers: string[] }).followers).toEqual([member.uid])
  await check(lead, 'day-activity-followers')

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

test('activity: an image uploaded shows its preview and size to both people; a file removed goes from both', async () => {
  const owner = await signedIn('lead')
  const member = await joinWorkspace(owner, { tag: 'mate' })
  const { wf, task } = await tasks(owner)
  await owner.client.call('v2.process.member.add', wf, `user_${member.uid}`)
  const route = `/w/${owner.cid}/activities/${task}`
  const lead = await browsing.open({ key: owner.key, route })
  const mate = await browsing.open({ key: member.key, route })
  await mate.getByText('No files yet.').waitFor()

  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer()
  await lead.getByLabel('Add a file').setInputFiles({ name: 'sketch.png', mimeType: 'image/png', buffer: png })
  await lead.locator('section.files').getByRole('button', { name: 'sketch.png', exact: true }).waitFor()
  expect(
    await lead
      .locator('section.files')
      .getByText(/^\d+(\.\d)? (B|byte|kB)/)
      .count(),
  ).toBe(1)
  // The other person sees the file arrive, with its preview decoded from the /image route.
  const preview = mate.getByRole('img', { name: 'Preview of sketch.png' })
  await preview.waitFor()
  await eventually(
    () => preview.evaluate((img: HTMLImageElement) => img.naturalWidth),
    (width) => expect(width).toBeGreaterThan(0),
  )
  const [fileId] = ((await owner.client.call('v3.activity.get', task)) as unknown as { files: string[] }).files
  expect(((await owner.client.call('v3.file.get', fileId)) as unknown as { size: number }).size).toBe(png.length)
  await check(mate, 'day-files')

  await lead.getByRole('button', { name: 'Remove sketch.png' }).click()
  await lead.getByText('No files yet.').waitFor()
  await mate.getByText('No files yet.').waitFor()
  expect(((await owner.client.call('v3.activity.get', task)) as unknown as { files: string[] }).files).toEqual([])
}, 90_000)
