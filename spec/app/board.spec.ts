/**
 * The board and the activity form in a real browser, with two people in two browser contexts: cards
 * moved by drag and drop, by the keyboard and by the Move menu, each move seen live by the other
 * person without losing what they were typing; a move the server refuses goes back and says why;
 * an editor for each field type; Save sends only what was changed, and two people changing one value
 * see each other's change beside the editor and choose which stays: nothing is lost silently.
 */
import type { Locator, Page } from 'playwright-core'
import { joinWorkspace } from '../helpers/members'
import { signedIn, type SignedIn } from '../helpers/users'
import { newPhaseId } from '../helpers/workflows'
import { check, DESKTOP, eventually, PHONE, startBrowsing, type Browsing } from './browser'

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

/** A hiring workflow: Applied, Interview, and Done, which requires "Contract signed"; a default team; a few candidates. */
async function hiring(owner: SignedIn) {
  const c = owner.client
  const team = (await c.call('company.new_team', { name: 'Recruiting' }))._id as string
  const wf = (await c.call('process.create', { name: 'Hiring' }))._id as string
  const contract = (await c.call('process.create_field', wf, { label: 'Contract signed', type: 'text', required: true }))._id as string
  const [applied, interview, done] = [newPhaseId(), newPhaseId(), newPhaseId()]
  await c.call('process.set_info', wf, {
    phases: { [applied]: { name: 'Applied' }, [interview]: { name: 'Interview' }, [done]: { name: 'Done', fields: [contract] } },
    phasesOrder: [applied, interview, done],
    preselectedTeam: { team },
  })
  const created = (await c.call(
    'v3.activity.createMany',
    wf,
    ['Grace', 'Alan', 'Katherine'].map((name) => ({ name, phaseId: applied })),
    { teamId: team },
  )) as Array<{ _id: string }>
  return { wf, team, contract, phases: { applied, interview, done }, ids: created.map((a) => a._id) }
}

const column = (page: Page, phase: string) => page.locator('section.column', { has: page.getByRole('heading', { name: new RegExp(`^${phase}`) }) })
const namesIn = (page: Page, phase: string) => column(page, phase).locator('li.card > a').allTextContents()
const card = (page: Page, name: string) => page.locator('li.card', { has: page.getByRole('link', { name, exact: true }) })

/** Waits until the names in a phase are exactly these, in this order. */
async function expectNames(page: Page, phase: string, names: string[]) {
  await eventually(
    () => namesIn(page, phase),
    (shown) => expect(shown).toEqual(names),
  )
}

async function drag(page: Page, handle: Locator, target: Locator, where: 'top' | 'middle' = 'middle') {
  const from = (await handle.boundingBox())!
  const to = (await target.boundingBox())!
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + from.width / 2 + 8, from.y + from.height / 2 + 8, { steps: 4 })
  const y = where === 'top' ? to.y + 4 : to.y + to.height / 2
  await page.mouse.move(to.x + to.width / 2, y, { steps: 20 })
  await page.mouse.move(to.x + to.width / 2, y + 1, { steps: 2 })
  await page.mouse.up()
}

test('board: cards move by dragging, by the keyboard and by the Move menu; the other person sees each move live, keeping what they type; a refused move goes back and says why', async () => {
  const owner = await signedIn('lead')
  const member = await joinWorkspace(owner)
  const { wf, phases, ids } = await hiring(owner)
  // The member may edit any activity of the workflow (a plain member edits only their own by default).
  await owner.client.call('v2.process.member.add', wf, `user_${member.uid}`)
  await owner.client.call('v2.process.permissions.grant', wf, member.uid, 'any')
  const route = `/w/${owner.cid}/workflows/${wf}?view=board`
  const lead = await browsing.open({ key: owner.key, route })
  // The member works at phone width, where the phases stack and the page scrolls.
  const mate = await browsing.open({ key: member.key, route, viewport: PHONE })
  await expectNames(lead, 'Applied', ['Grace', 'Alan', 'Katherine'])
  await expectNames(mate, 'Applied', ['Grace', 'Alan', 'Katherine'])

  // The other person is typing a new card's name: live changes must not take it away.
  await mate.getByLabel('New activity').fill('Half-typed')

  // Added on the page: appears at once for both.
  await lead.getByLabel('New activity').fill('Edsger')
  await lead.getByRole('button', { name: 'Add activity' }).click()
  await expectNames(mate, 'Applied', ['Grace', 'Alan', 'Katherine', 'Edsger'])

  // The member has scrolled, the focus in the name they are typing: live changes keep both.
  await mate.getByLabel('New activity').focus()
  await mate.evaluate(() => window.scrollTo(0, 60))
  const scrolled = await mate.evaluate(() => window.scrollY)
  expect(scrolled).toBeGreaterThan(0)

  // Dragged with the mouse to another phase.
  await drag(lead, card(lead, 'Grace').locator('.handle'), column(lead, 'Interview'))
  await expectNames(lead, 'Interview', ['Grace'])
  await expectNames(mate, 'Interview', ['Grace'])
  expect(((await owner.client.call('v3.activity.get', ids[0])) as { currentPhase: string }).currentPhase).toBe(phases.interview)

  // Dragged within a phase: Katherine above Alan, in the same order for the other person.
  await drag(lead, card(lead, 'Katherine').locator('.handle'), card(lead, 'Alan'), 'top')
  await expectNames(lead, 'Applied', ['Katherine', 'Alan', 'Edsger'])
  await expectNames(mate, 'Applied', ['Katherine', 'Alan', 'Edsger'])
  expect(await mate.evaluate(() => window.scrollY)).toBe(scrolled)
  expect(await mate.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('Half-typed')

  // With the keyboard, on a wide window where the phases stand side by side: the other person lifts
  // Alan with Space, carries it right, drops it with Space.
  await mate.setViewportSize(DESKTOP)
  await card(mate, 'Alan').locator('.handle').focus()
  // As a person with a screen reader: each key waits for the board to say what it did (the board
  // measures where the cards are once a card is lifted, which takes a while on a busy machine). Once
  // lifted, a card is over its own place.
  for (const [key, said] of [
    ['Space', 'Alan is over Applied.'],
    ['ArrowRight', 'Alan is over Interview.'],
    ['Space', 'Alan dropped in Interview.'],
  ]) {
    await mate.keyboard.press(key)
    await mate.getByText(said, { exact: true }).waitFor({ state: 'attached' })
  }
  for (const page of [mate, lead])
    await eventually(
      () => namesIn(page, 'Interview'),
      (shown) => expect([...shown].sort()).toEqual(['Alan', 'Grace']),
    )

  // The Move menu with the keyboard; the moved card keeps the focus in its new place.
  await lead.getByLabel('Move Edsger to…').focus()
  await lead.keyboard.press('Enter')
  await card(lead, 'Edsger').getByRole('button', { name: 'To Interview' }).focus()
  await lead.keyboard.press('Enter')
  await eventually(
    async () => (await namesIn(lead, 'Interview')).includes('Edsger'),
    (v) => expect(v).toBe(true),
  )
  await eventually(
    () => lead.evaluate(() => document.activeElement?.getAttribute('aria-label')),
    (v) => expect(v).toBe('Move Edsger (drag, or Space to lift)'),
  )
  await eventually(
    async () => (await namesIn(mate, 'Interview')).includes('Edsger'),
    (v) => expect(v).toBe(true),
  )

  // Refused: Done requires "Contract signed". The card goes back, and the board says why.
  await card(lead, 'Grace').getByLabel('Move Grace to…').click()
  await card(lead, 'Grace').getByRole('button', { name: 'To Done' }).click()
  await lead.getByRole('alert').filter({ hasText: 'Grace was not moved to Done: Contract signed is required in this phase' }).waitFor()
  await eventually(
    async () => (await namesIn(lead, 'Interview')).includes('Grace'),
    (v) => expect(v).toBe(true),
  )
  expect(await namesIn(lead, 'Done')).toEqual([])
  expect(((await owner.client.call('v3.activity.get', ids[0])) as { currentPhase: string }).currentPhase).toBe(phases.interview)
  // Dragged there too: the same.
  await drag(lead, card(lead, 'Grace').locator('.handle'), column(lead, 'Done'))
  await lead.getByRole('alert').filter({ hasText: 'Grace was not moved to Done' }).waitFor()
  await eventually(
    () => namesIn(lead, 'Done'),
    (v) => expect(v).toEqual([]),
  )

  // All along, the other person's half-typed name stayed.
  expect(await mate.getByLabel('New activity').inputValue()).toBe('Half-typed')
  expect(await namesIn(mate, 'Done')).toEqual([])
  await check(lead, '9-board')
  await check(mate, '10-board-member')
}, 120_000)
