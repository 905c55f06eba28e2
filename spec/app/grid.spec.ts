/**
 * The grid and calendar views in a real browser, with two people in two browser contexts: values of
 * several types edited in place (only that value sent, with expect), the keyboard, someone else's
 * change to a value being edited shown to keep or take, sort, filter and search kept in the address
 * across a reload, rows chosen for a bulk move, edit and removal with undo, the other person's change
 * arriving live without losing the chosen rows, and the calendar by a date field.
 */
import type { Page } from 'playwright-core'
import { joinWorkspace } from '../helpers/members'
import { signedIn, type SignedIn } from '../helpers/users'
import { newPhaseId } from '../helpers/workflows'
import { check, eventually, PHONE, startBrowsing, type Browsing } from './browser'

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

/** A hiring workflow with a text, a number, a date, an options and a date-and-time field, and four candidates. */
async function hiring(owner: SignedIn) {
  const c = owner.client
  const team = (await c.call('company.new_team', { name: 'Recruiting' }))._id as string
  const wf = (await c.call('process.create', { name: 'Hiring' }))._id as string
  const field = async (descriptor: Record<string, unknown>) => (await c.call('process.create_field', wf, descriptor as never))._id as string
  const f = {
    notes: await field({ label: 'Notes', type: 'text' }),
    salary: await field({ label: 'Salary', type: 'numeric' }),
    start: await field({ label: 'Start', type: 'date' }),
    level: await field({ label: 'Level', type: 'textpredefinedoptions', data: ['Junior', 'Senior'] }),
    call: await field({ label: 'Call at', type: 'datetime' }),
  }
  const [applied, interview, done] = [newPhaseId(), newPhaseId(), newPhaseId()]
  await c.call('process.set_info', wf, {
    phases: { [applied]: { name: 'Applied' }, [interview]: { name: 'Interview' }, [done]: { name: 'Done' } },
    phasesOrder: [applied, interview, done],
    preselectedTeam: { team },
  })
  const created = (await c.call(
    'v3.activity.createMany',
    wf,
    [
      { name: 'Grace', phaseId: applied, fields: { [f.level]: 'Senior', [f.start]: Date.UTC(2026, 10, 3) } },
      { name: 'Alan', phaseId: applied, fields: { [f.level]: 'Junior', [f.start]: Date.UTC(2026, 10, 17) } },
      { name: 'Katherine', phaseId: interview, fields: { [f.level]: 'Senior' } },
      { name: 'Edsger', phaseId: applied },
    ] as never,
    { teamId: team },
  )) as Array<{ _id: string }>
  const [grace, alan, katherine, edsger] = created.map((a) => a._id)
  return { wf, f, phases: { applied, interview, done }, ids: { grace, alan, katherine, edsger } }
}

const row = (page: Page, id: string) => page.locator(`[role=row][data-activity="${id}"]`)
const cell = (page: Page, id: string, key: string) => row(page, id).locator(`[data-key="${key}"]`)
const shownNames = (page: Page) => page.locator('.grid-body [role=row] [data-key=name] a').allTextContents()
const valueOf = async (owner: SignedIn, id: string, fieldId: string) =>
  ((await owner.client.call('v3.activity.get', id)) as unknown as { fields: Array<{ _id: string; value: unknown }> }).fields.find((x) => x._id === fieldId)
    ?.value ?? null

async function expectNames(page: Page, names: string[]) {
  await eventually(
    () => shownNames(page),
    (shown) => expect(shown).toEqual(names),
  )
}

/** Opens a cell's editor with the keyboard (focus, Enter). */
async function editCell(page: Page, id: string, key: string) {
  await cell(page, id, key).click()
  await page.keyboard.press('Enter')
  await page.locator('.cell-editor').waitFor()
}

test('grid: values of several types edited in place with the keyboard, each sending only itself with expect; a change made meanwhile is shown to keep or take', async () => {
  const owner = await signedIn('lead')
  const { wf, f, phases, ids } = await hiring(owner)
  const route = `/w/${owner.cid}/workflows/${wf}?view=grid`
  const sent: string[] = []
  const lead = await browsing.open({
    key: owner.key,
    route,
    watch: (page) =>
      page.on('websocket', (ws) => ws.on('framesent', (frame) => String(frame.payload).includes('updateMany') && sent.push(String(frame.payload)))),
  })
  await expectNames(lead, ['Grace', 'Alan', 'Katherine', 'Edsger'])
  await check(lead, 'grid')

  // Text: Enter opens the editor, Enter saves.
  await editCell(lead, ids.grace, `fields.${f.notes}`)
  await lead.getByLabel('Notes: Grace', { exact: true }).fill('Strong on compilers')
  await lead.keyboard.press('Enter')
  await eventually(
    () => valueOf(owner, ids.grace, f.notes),
    (v) => expect(v).toBe('Strong on compilers'),
  )
  await expect(cell(lead, ids.grace, `fields.${f.notes}`).textContent()).resolves.toBe('Strong on compilers')
  // Only that value was sent, with the value it replaced as expect.
  const [item] = JSON.parse(sent.at(-1)!).args[0]
  expect(item).toEqual({ _id: ids.grace, fields: { [f.notes]: 'Strong on compilers' }, expect: { fields: { [f.notes]: null } } })

  // The arrow keys move the focus between cells; the editor takes the focus back to its cell on close.
  await lead.keyboard.press('ArrowRight')
  await eventually(
    () => lead.evaluate(() => document.activeElement?.getAttribute('data-key')),
    (k) => expect(k).toBe(`fields.${f.salary}`),
  )
  // A number.
  await lead.keyboard.press('Enter')
  await lead.getByLabel('Salary: Grace', { exact: true }).fill('4200.5')
  await lead.keyboard.press('Enter')
  await eventually(
    () => valueOf(owner, ids.grace, f.salary),
    (v) => expect(v).toBe(4200.5),
  )
  // Escape cancels: nothing is sent. (After a save the focus is back on the cell.)
  await eventually(
    () => lead.evaluate(() => document.activeElement?.getAttribute('data-cell')),
    (c) => expect(c).toBe('0:4'),
  )
  await lead.keyboard.press('ArrowDown')
  await lead.keyboard.press('Enter')
  await lead.getByLabel('Salary: Alan', { exact: true }).fill('1')
  await lead.keyboard.press('Escape')
  await eventually(
    () => lead.locator('.cell-editor').count(),
    (n) => expect(n).toBe(0),
  )
  expect(await valueOf(owner, ids.alan, f.salary)).toBe(null)
  // A date and an option, saved with the button.
  await editCell(lead, ids.alan, `fields.${f.start}`)
  await lead.getByLabel('Start: Alan', { exact: true }).fill('2026-12-01')
  await lead.getByRole('button', { name: 'Save' }).click()
  await eventually(
    () => valueOf(owner, ids.alan, f.start),
    (v) => expect(v).toBe(Date.UTC(2026, 11, 1)),
  )
  await editCell(lead, ids.alan, `fields.${f.level}`)
  await lead.getByLabel('Level: Alan', { exact: true }).selectOption('Senior')
  await lead.getByRole('button', { name: 'Save' }).click()
  await eventually(
    () => valueOf(owner, ids.alan, f.level),
    (v) => expect(v).toBe('Senior'),
  )
  // The phase, by its name.
  await editCell(lead, ids.edsger, 'phaseId')
  await lead.getByLabel('Phase: Edsger', { exact: true }).selectOption({ label: 'Done' })
  await lead.keyboard.press('Enter')
  await eventually(
    async () => ((await owner.client.call('v3.activity.get', ids.edsger)) as { currentPhase: string }).currentPhase,
    (p) => expect(p).toBe(phases.done),
  )

  // Someone else changes the value being edited: shown beside the editor, the typing kept.
  await editCell(lead, ids.katherine, `fields.${f.notes}`)
  await lead.getByLabel('Notes: Katherine', { exact: true }).fill('Lead notes')
  await owner.client.call('v3.activity.updateMany', [{ _id: ids.katherine, fields: { [f.notes]: 'Other notes' } }] as never)
  await lead.getByText('Someone else changed this meanwhile to:').waitFor()
  expect(await lead.getByLabel('Notes: Katherine', { exact: true }).inputValue()).toBe('Lead notes')
  await lead.getByRole('button', { name: 'Keep mine' }).click()
  await lead.getByRole('button', { name: 'Save' }).click()
  await eventually(
    () => valueOf(owner, ids.katherine, f.notes),
    (v) => expect(v).toBe('Lead notes'),
  )
  // Take theirs: the editor goes and the cell shows the other value.
  await editCell(lead, ids.katherine, `fields.${f.notes}`)
  await lead.getByLabel('Notes: Katherine', { exact: true }).fill('Mine again')
  await owner.client.call('v3.activity.updateMany', [{ _id: ids.katherine, fields: { [f.notes]: 'Theirs' } }] as never)
  await lead.getByRole('button', { name: 'Take theirs' }).click()
  await eventually(
    () => cell(lead, ids.katherine, `fields.${f.notes}`).textContent(),
    (v) => expect(v).toBe('Theirs'),
  )
  expect(await valueOf(owner, ids.katherine, f.notes)).toBe('Theirs')
})

test('grid: sort, filter and search are kept in the address across a reload; chosen rows are moved, edited and removed in bulk with undo while the other person sees it live, keeping their own choice', async () => {
  const owner = await signedIn('lead')
  const member = await joinWorkspace(owner)
  const { wf, f, phases, ids } = await hiring(owner)
  await owner.client.call('v2.process.member.add', wf, `user_${member.uid}`)
  await owner.client.call('v2.process.permissions.grant', wf, member.uid, 'any')
  const route = `/w/${owner.cid}/workflows/${wf}?view=grid`
  const lead = await browsing.open({ key: owner.key, route })
  const mate = await browsing.open({ key: member.key, route, viewport: PHONE })
  await expectNames(lead, ['Grace', 'Alan', 'Katherine', 'Edsger'])

  // Sort by name, descending; then by the name header (ascending).
  await lead.getByLabel('Sort by', { exact: true }).selectOption('name')
  await lead.getByLabel('Order').selectOption('desc')
  await expectNames(lead, ['Katherine', 'Grace', 'Edsger', 'Alan'])
  await lead.getByRole('button', { name: 'Sort by name' }).click()
  await expectNames(lead, ['Alan', 'Edsger', 'Grace', 'Katherine'])
  // Search by name, a phase, a field's value.
  await lead.getByLabel('Search by name').fill('a')
  await expectNames(lead, ['Alan', 'Grace', 'Katherine'])
  await lead.getByLabel('Phase', { exact: true }).selectOption({ label: 'Applied' })
  await expectNames(lead, ['Alan', 'Grace'])
  await lead.getByLabel('Filter by field').selectOption({ label: 'Level' })
  await lead.getByLabel('Value', { exact: true }).fill('Senior')
  await lead.getByRole('button', { name: 'Add filter' }).click()
  await expectNames(lead, ['Grace'])
  const url = new URL(lead.url())
  expect(Object.fromEntries(url.searchParams)).toEqual({ view: 'grid', q: 'a', phase: phases.applied, sort: 'name', [`f.${f.level}`]: 'Senior' })
  await lead.reload()
  await expectNames(lead, ['Grace'])
  expect(await lead.getByLabel('Search by name').inputValue()).toBe('a')
  expect(await lead.getByLabel('Sort by', { exact: true }).inputValue()).toBe('name')
  await check(lead, 'grid-filtered')
  await lead.getByRole('button', { name: 'Remove filter Level = Senior' }).click()
  await expectNames(lead, ['Alan', 'Grace'])

  // The member chooses Grace and Alan; the lead's rename of Katherine arrives live and keeps the choice.
  await expectNames(mate, ['Grace', 'Alan', 'Katherine', 'Edsger'])
  await mate.getByLabel('Choose Grace').check()
  await mate.getByLabel('Choose Alan').check()
  await mate.getByLabel('Search by name').fill('')
  await owner.client.call('v3.activity.updateMany', [{ _id: ids.katherine, name: 'Katherine J.' }] as never)
  await expectNames(mate, ['Grace', 'Alan', 'Katherine J.', 'Edsger'])
  expect(await mate.getByLabel('Choose Grace').isChecked()).toBe(true)
  expect(await mate.getByLabel('Choose Alan').isChecked()).toBe(true)
  await check(mate, 'grid-chosen')

  // Bulk move: one call, both rows in Interview, seen live by the lead (filtered on Applied: they leave).
  await mate.getByLabel('Move to').selectOption({ label: 'Interview' })
  await mate.getByRole('button', { name: 'Move', exact: true }).click()
  await expectNames(lead, [])
  for (const id of [ids.grace, ids.alan])
    expect(((await owner.client.call('v3.activity.get', id)) as { currentPhase: string }).currentPhase).toBe(phases.interview)
  await lead.getByLabel('Phase', { exact: true }).selectOption({ label: 'Interview' })
  await expectNames(lead, ['Alan', 'Grace', 'Katherine J.'])

  // Bulk edit of one field.
  await mate.getByLabel('Set field').selectOption({ label: 'Notes' })
  await mate.getByLabel('New value of Notes').fill('Shortlisted')
  await mate.getByRole('button', { name: 'Apply' }).click()
  await eventually(
    async () => [await valueOf(owner, ids.grace, f.notes), await valueOf(owner, ids.alan, f.notes)],
    (v) => expect(v).toEqual(['Shortlisted', 'Shortlisted']),
  )
  await eventually(
    () => cell(lead, ids.alan, `fields.${f.notes}`).textContent(),
    (v) => expect(v).toBe('Shortlisted'),
  )

  // Bulk remove, then undo.
  await mate.getByRole('button', { name: 'Remove 2 activities' }).click()
  await mate.getByText('2 activities removed.').waitFor()
  await expectNames(mate, ['Katherine J.', 'Edsger'])
  await expectNames(lead, ['Katherine J.'])
  await mate.getByRole('button', { name: 'Undo' }).click()
  await expectNames(mate, ['Grace', 'Alan', 'Katherine J.', 'Edsger'])
  await expectNames(lead, ['Alan', 'Grace', 'Katherine J.'])
})

test('calendar: activities on the days of the chosen date field, opened by a click, live', async () => {
  const owner = await signedIn('lead')
  const { wf, f, ids } = await hiring(owner)
  const lead = await browsing.open({ key: owner.key, route: `/w/${owner.cid}/workflows/${wf}?view=calendar&month=2026-11` })
  const day = (page: Page, d: string) => page.locator(`.month [data-day="${d}"]`)
  await eventually(
    () => day(lead, '2026-11-03').locator('a').allTextContents(),
    (v) => expect(v).toEqual(['Grace']),
  )
  expect(await day(lead, '2026-11-17').locator('a').allTextContents()).toEqual(['Alan'])
  await check(lead, 'calendar')

  // Live: someone else sets Katherine's start.
  await owner.client.call('v3.activity.updateMany', [{ _id: ids.katherine, fields: { [f.start]: Date.UTC(2026, 10, 17) } }] as never)
  await eventually(
    () => day(lead, '2026-11-17').locator('a').allTextContents(),
    (v) => expect(v.sort()).toEqual(['Alan', 'Katherine']),
  )
  // Another date field; the next month.
  await owner.client.call('v3.activity.updateMany', [{ _id: ids.edsger, fields: { [f.call]: new Date(2026, 11, 5, 10, 30).getTime() } }] as never)
  await lead.getByLabel('Date field').selectOption({ label: 'Call at' })
  await lead.getByRole('button', { name: 'Next month' }).click()
  await eventually(
    () => day(lead, '2026-12-05').locator('a').allTextContents(),
    (v) => expect(v).toEqual(['Edsger']),
  )
  expect(new URL(lead.url()).searchParams.get('month')).toBe('2026-12')
  // A click opens the activity.
  await day(lead, '2026-12-05').getByRole('link', { name: 'Edsger' }).click()
  await lead.waitForURL(`**/activities/${ids.edsger}`)
})
