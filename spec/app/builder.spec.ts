/**
 * The workflow builder in a real browser (spec/app/browser.ts): a workflow and a dataset made from
 * the builder, phases added, renamed, reordered and removed, one field of every type with its
 * settings (options, a link to the dataset, a unit, reminders, collapsing, ...), a function field
 * validated as it is typed and tried on an activity, a field edited and removed, the workflow copied
 * and removed; a refused save says why at the setting it concerns; a teammate's change meanwhile is
 * reported as such, never overwritten. axe-core and screenshots on every screen.
 */
import type { Page } from 'playwright-core'
import { joinWorkspace } from '../helpers/members'
import { signedIn, type SignedIn } from '../helpers/users'
import { check, startBrowsing, type Browsing } from './browser'

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

interface Read {
  name: string
  phases: Record<string, { name: string }>
  phasesOrder: string[]
  phasesRemoved: string[]
  fields: Record<string, { _id: string; label: string; type: string; [k: string]: unknown }>
}
const read = async (who: SignedIn, id: string) => (await who.client.call('v2.process.get', id)) as unknown as Read
const listed = async (who: SignedIn) => (await who.client.call('process.list')) as unknown as Array<{ _id: string; name: string }>
const shownPhases = (wf: Read) => wf.phasesOrder.filter((id) => !wf.phasesRemoved.includes(id)).map((id) => wf.phases[id].name)
const fieldByLabel = (wf: Read, label: string) => Object.values(wf.fields).find((f) => f.label === label)
const builderId = (page: Page) => new URL(page.url()).pathname.split('/')[4]

/** Waits until `read` gives `expected` (the page's saves are asynchronous), then asserts it. */
async function until<T>(read: () => Promise<T>, expected: T) {
  let value = await read()
  for (let i = 0; i < 100 && JSON.stringify(value) !== JSON.stringify(expected); i++) {
    await new Promise((r) => setTimeout(r, 100))
    value = await read()
  }
  expect(value).toEqual(expected)
}

/** Opens "Add a field", picks the type by its name and fills the label; the caller sets the rest and saves. */
async function newField(page: Page, typeName: string, label: string) {
  await page.getByRole('button', { name: 'Add a field' }).click()
  await page.getByRole('radio', { name: typeName, exact: true }).check()
  await page.getByLabel('Label', { exact: true }).fill(label)
}

async function saveNewField(page: Page, label: string) {
  await page.getByRole('button', { name: 'Add field', exact: true }).click()
  await page.getByRole('button', { name: `Edit ${label}`, exact: true }).waitFor()
}

test('build a workflow: dataset and workflow, phases, a field of every type, a function field tried on an activity, edit, remove, copy', async () => {
  const lead = await signedIn('builder')
  const page = await browsing.open({ key: lead.key, route: `/w/${lead.cid}` })
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Builder' }).click()
  await page.getByRole('heading', { name: 'Workflow builder' }).waitFor()
  await check(page, 'builder-1-home')

  // A creation whose second step is refused (a phase name longer than any text the server takes)
  // says why at the phases and leaves no empty workflow behind.
  await page.getByLabel('Name', { exact: true }).fill('Broken')
  await page.getByLabel('Phases').fill('x'.repeat(100_001))
  await page.getByRole('button', { name: 'Create', exact: true }).click()
  await page.locator('textarea[aria-invalid="true"]').waitFor()
  expect((await listed(lead)).filter((w) => w.name === 'Broken')).toEqual([])
  await page.getByLabel('Phases').fill('To do\nDoing\nDone')

  // A dataset, then a workflow; a double click creates one.
  await page.getByLabel('Name', { exact: true }).fill('Customers')
  await page.getByLabel('Kind').selectOption('dataset')
  await page.getByRole('button', { name: 'Create', exact: true }).dblclick()
  await page.getByRole('heading', { name: 'Building: Customers' }).waitFor()
  const customersId = builderId(page)
  await page.getByRole('link', { name: '← All workflows in the builder' }).click()
  await page.getByLabel('Name', { exact: true }).fill('Orders')
  await page.getByRole('button', { name: 'Create', exact: true }).dblclick()
  await page.getByRole('heading', { name: 'Building: Orders' }).waitFor()
  const ordersId = builderId(page)
  expect((await listed(lead)).filter((w) => w.name === 'Orders')).toHaveLength(1)
  expect((await listed(lead)).filter((w) => w.name === 'Customers')).toHaveLength(1)
  expect(shownPhases(await read(lead, ordersId))).toEqual(['To do', 'Doing', 'Done'])

  // Phases: add, rename, reorder with the keyboard, remove.
  await page.getByLabel('New phase').fill('Review')
  await page.getByLabel('New phase').press('Enter')
  await page.getByLabel('Phase 4').waitFor()
  await page.getByLabel('Phase 2').fill('In progress')
  await page.getByLabel('Phase 2').press('Enter')
  await page.getByRole('button', { name: 'Move In progress down' }).waitFor()
  const up = page.getByRole('button', { name: 'Move Review up' })
  await up.focus()
  await page.keyboard.press('Enter')
  await until(async () => shownPhases(await read(lead, ordersId)), ['To do', 'In progress', 'Review', 'Done'])
  // The focus stayed on the moved phase's button.
  await until(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Move Review up')
  await page.getByRole('button', { name: 'Remove Done' }).click()
  await page.getByRole('button', { name: 'Yes, remove' }).click()
  await until(async () => shownPhases(await read(lead, ordersId)), ['To do', 'In progress', 'Review'])
  // The removed row took the focus with it: it is in "New phase".
  await until(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent), 'New phase')
  await check(page, 'builder-2-phases')

  // A refused save changes nothing and says why at the setting: options without any option.
  await newField(page, 'Options', 'Size')
  await check(page, 'builder-3-new-field')
  await page.getByRole('button', { name: 'Add field', exact: true }).click()
  const options = page.getByRole('group', { name: 'Options' })
  await options.getByRole('alert').waitFor()
  expect(await options.getByRole('alert').textContent()).toMatch(/options/)
  expect(Object.keys((await read(lead, ordersId)).fields)).toEqual([])
  // Then the options: add three, rename, reorder, remove one.
  for (const o of ['Small', 'Medium', 'Large', 'Huge']) {
    await page.getByLabel('New option').fill(o)
    await page.getByLabel('New option').press('Enter')
  }
  await page.getByLabel('Option 2').fill('Mid')
  await page.getByRole('button', { name: 'Move Large up' }).click()
  await page.getByRole('button', { name: 'Remove Huge' }).click()
  await page.getByLabel('Default value').selectOption('Mid')
  await page.getByLabel('Required in the phases that show it').check()
  await saveNewField(page, 'Size')
  let wf = await read(lead, ordersId)
  expect(fieldByLabel(wf, 'Size')).toMatchObject({
    type: 'textpredefinedoptions',
    data: ['Small', 'Large', 'Mid'],
    defaultValue: 'Mid',
    defaultTo: true,
    required: true,
  })

  // One field of every other type, each with its settings.
  const plain: Array<[string, string]> = [
    ['Text', 'Title'],
    ['Long text', 'Notes'],
    ['Number', 'Quantity'],
    ['Date and time', 'Delivered at'],
    ['Date range', 'Campaign'],
    ['Date and time range', 'Slot'],
    ['Time', 'Cut-off'],
    ['Time range', 'Opening hours'],
    ['Teams', 'Team'],
  ]
  // A unit typed for another type first is not sent with the type finally chosen.
  await newField(page, 'Number with unit', 'Code')
  await page.getByLabel('Unit', { exact: true }).fill('cm')
  await page.getByRole('radio', { name: 'Text', exact: true }).check()
  await saveNewField(page, 'Code')
  expect(fieldByLabel(await read(lead, ordersId), 'Code')).not.toHaveProperty('unit')
  await page.getByRole('button', { name: 'Remove Code' }).click()
  await page.getByRole('button', { name: 'Yes, remove' }).click()
  await until(() => page.evaluate(() => document.activeElement?.textContent), 'Add a field')
  for (const [type, label] of plain) {
    await newField(page, type, label)
    await saveNewField(page, label)
  }
  await newField(page, 'Text with unit', 'Size code')
  await page.getByLabel('Unit', { exact: true }).fill('EU')
  await saveNewField(page, 'Size code')
  await newField(page, 'Number with unit', 'Hours')
  await page.getByLabel('Unit', { exact: true }).fill('h')
  await page.getByLabel('Default value').fill('1.5')
  await saveNewField(page, 'Hours')
  await newField(page, 'Date', 'Due')
  await page.getByLabel('Send a reminder before the date').check()
  await page.getByLabel('Days before').fill('2')
  await saveNewField(page, 'Due')
  await newField(page, 'Country', 'Country')
  await page.getByLabel('Default value').fill('FI')
  await saveNewField(page, 'Country')
  await newField(page, 'People', 'Owner')
  await page.getByLabel('Invite the chosen people to the discussion').check()
  await saveNewField(page, 'Owner')
  await lead.client.call('process.create_field', customersId, { label: 'Credit limit', type: 'numeric' } as never)
  await newField(page, 'Link', 'Customer')
  await page.getByLabel('Customers (dataset)').check()
  await saveNewField(page, 'Customer')
  await newField(page, 'Linked from', 'Related orders')
  await page.getByRole('group', { name: 'Links to' }).getByLabel('Orders').check()
  await saveNewField(page, 'Related orders')
  await newField(page, 'Subheader', 'Details')
  await page.getByLabel('Collapse the fields under this subheader at first').check()
  await saveNewField(page, 'Details')
  wf = await read(lead, ordersId)
  expect(fieldByLabel(wf, 'Size code')).toMatchObject({ type: 'textunit', unit: 'EU' })
  expect(fieldByLabel(wf, 'Hours')).toMatchObject({ type: 'numericunit', unit: 'h', defaultValue: '1.5', defaultTo: true })
  expect(fieldByLabel(wf, 'Due')).toMatchObject({ type: 'date', reminderEnabled: true, reminderSettings: { daysBefore: 2 } })
  expect(fieldByLabel(wf, 'Country')).toMatchObject({ type: 'country', defaultValue: 'FI' })
  expect(fieldByLabel(wf, 'Owner')).toMatchObject({ type: 'users', inviteToDiscussionOnChange: true })
  expect(fieldByLabel(wf, 'Customer')).toMatchObject({ type: 'activitylink', data: [customersId] })
  expect(fieldByLabel(wf, 'Related orders')).toMatchObject({ type: 'linkedfrom', data: [ordersId] })
  expect(fieldByLabel(wf, 'Details')).toMatchObject({ type: 'subheader', collapsedByDefault: true })
  // A new field is shown (and so required) in every phase.
  const size = fieldByLabel(wf, 'Size')!
  for (const id of wf.phasesOrder) expect((wf.phases[id] as { fields?: string[] }).fields).toContain(size._id)

  // A function field: the variable picked from a field, validated as typed, then tried on an activity.
  await newField(page, 'Number', 'Total hours')
  await page.getByLabel('Computed by a function').check()
  // Values reached through the link to the dataset are offered too.
  await page.getByLabel('Value to read').locator('option', { hasText: 'Through Customer (Customers): Credit limit' }).waitFor({ state: 'attached' })
  await page.getByLabel('Value to read').selectOption({ label: 'This activity: Hours' })
  await page.getByRole('button', { name: 'Add and insert' }).click()
  const code = page.getByRole('textbox', { name: 'Function code' })
  await code.press('End')
  await code.press('Home')
  await page.keyboard.type('return (')
  await page.getByTestId('function-check').filter({ hasText: 'Line 1' }).waitFor()
  await page.locator('.cm-lintRange-error').first().waitFor()
  await check(page, 'builder-4-function-error')
  // The editor closed the bracket as it was typed: one Backspace removes both.
  await page.keyboard.press('Backspace')
  await page.keyboard.press('End')
  await page.keyboard.type(' * 2')
  expect((await code.textContent())?.replace(/\s/g, ' ')).toBe('return dep.hours * 2')
  await page.getByTestId('function-check').filter({ hasText: 'The code is valid.' }).waitFor()
  await saveNewField(page, 'Total hours')
  wf = await read(lead, ordersId)
  const total = fieldByLabel(wf, 'Total hours')!
  const hours = fieldByLabel(wf, 'Hours')!
  expect(total).toMatchObject({ functionEnabled: true, function: 'return dep.hours * 2', functionVariables: { hours: { type: '=', data: [hours._id] } } })

  // The workspace's team was preset on the workflow when it was created.
  const created = (await lead.client.call(
    'v3.activity.create',
    ordersId,
    { name: 'First order', fields: { [hours._id]: 21, [size._id]: 'Mid' } } as never,
    {
      ignoreRequired: true,
    } as never,
  )) as unknown as { _id: string }
  expect(created._id).toBeTruthy()
  await page.getByRole('button', { name: 'Edit Total hours' }).click()
  await page.getByLabel('Activity', { exact: true }).selectOption({ label: 'First order' })
  await page.getByRole('button', { name: 'Dry run' }).click()
  await page.getByTestId('dry-run').filter({ hasText: 'Result: 42' }).waitFor()
  // The dry run tries the code being edited, before it is saved (and saves nothing).
  const editing = page.getByRole('textbox', { name: 'Function code' })
  await editing.click()
  await editing.press('End')
  await page.keyboard.press('Backspace')
  await page.keyboard.type('3')
  await page.getByTestId('function-check').filter({ hasText: 'The code is valid.' }).waitFor()
  await page.getByRole('button', { name: 'Dry run' }).click()
  await page.getByTestId('dry-run').filter({ hasText: 'Result: 63' }).waitFor()
  expect(fieldByLabel(await read(lead, ordersId), 'Total hours')).toMatchObject({ function: 'return dep.hours * 2' })
  await page.getByRole('button', { name: 'Show dependencies' }).click()
  await page.getByTestId('dependencies').filter({ hasText: 'Orders.Hours → Orders.Total hours as dep.hours' }).waitFor()
  await check(page, 'builder-5-function-trial')
  await page.getByRole('button', { name: 'Cancel', exact: true }).click()

  // Edit a field afterwards, and reorder and remove one.
  await page.getByRole('button', { name: 'Edit Title' }).click()
  await page.getByLabel('Label', { exact: true }).fill('Subject')
  await page.getByLabel('Placeholder').fill('What was ordered')
  await page.getByRole('button', { name: 'Save field' }).click()
  await page.getByRole('button', { name: 'Edit Subject' }).waitFor()
  expect(fieldByLabel(await read(lead, ordersId), 'Subject')).toMatchObject({ type: 'text', placeholder: 'What was ordered' })
  await page.getByRole('button', { name: 'Move Subject up' }).click()
  await until(async () => ((await read(lead, ordersId)) as unknown as { fieldsOrder: string[] }).fieldsOrder[0], fieldByLabel(wf, 'Title')!._id)
  await page.getByRole('button', { name: 'Remove Notes' }).click()
  await page.getByRole('button', { name: 'Yes, remove' }).click()
  await until(async () => fieldByLabel(await read(lead, ordersId), 'Notes'), undefined)
  await check(page, 'builder-6-fields')

  // In Finnish, the same screen and the types' names.
  await page.getByLabel('Language').selectOption('fi')
  await page.getByRole('heading', { name: 'Rakennetaan: Orders' }).waitFor()
  await page.getByRole('button', { name: 'Lisää kenttä' }).click()
  await page.getByRole('radio', { name: 'Väliotsikko' }).waitFor()
  await check(page, 'builder-6-fields-fi')
  await page.getByRole('button', { name: 'Peruuta' }).click()
  await page.getByLabel('Kieli').selectOption('en')

  // Copy the workflow, then remove the copy.
  await page.getByRole('button', { name: 'Copy the workflow' }).click()
  await page.getByRole('heading', { name: 'Building: Orders (copy)' }).waitFor()
  const copyId = builderId(page)
  expect(
    Object.values((await read(lead, copyId)).fields)
      .map((f) => f.label)
      .sort(),
  ).toEqual(
    Object.values((await read(lead, ordersId)).fields)
      .map((f) => f.label)
      .sort(),
  )
  await page.getByRole('button', { name: 'Remove the workflow' }).click()
  await page.getByRole('button', { name: 'Yes, remove' }).click()
  await page.getByRole('heading', { name: 'Workflow builder' }).waitFor()
  expect((await listed(lead)).map((w) => w._id)).not.toContain(copyId)
}, 240_000)

test('a teammate’s change meanwhile: the save is refused as changed by someone else, and a reload shows theirs; templates install', async () => {
  const lead = await signedIn('builder-lead')
  const mate = await joinWorkspace(lead, { role: 'admin' })
  const ordersId = ((await lead.client.call('process.create', { name: 'Tickets' } as never)) as unknown as { _id: string })._id
  const field = (await lead.client.call('process.create_field', ordersId, { label: 'Summary', type: 'text' } as never)) as unknown as { _id: string }
  const page = await browsing.open({ key: lead.key, route: `/w/${lead.cid}/workflows/${ordersId}/build` })
  const other = await browsing.open({ key: mate.key, route: `/w/${lead.cid}/workflows/${ordersId}/build` })
  await page.getByRole('button', { name: 'Edit Summary' }).click()
  await page.getByLabel('Label', { exact: true }).fill('Short summary')
  // The teammate renames the same field in their browser first.
  await other.getByRole('button', { name: 'Edit Summary' }).click()
  await other.getByLabel('Label', { exact: true }).fill('Headline')
  await other.getByRole('button', { name: 'Save field' }).click()
  await other.getByRole('button', { name: 'Edit Headline' }).waitFor()
  await page.getByRole('button', { name: 'Save field' }).click()
  await page.getByRole('alert').filter({ hasText: 'Changed by someone else' }).waitFor()
  expect(fieldByLabel(await read(lead, ordersId), 'Headline')?._id).toBe(field._id)
  await check(page, 'builder-7-stale')
  await page.getByRole('button', { name: 'Reload' }).click()
  await page.getByRole('button', { name: 'Edit Headline' }).waitFor()

  // The same for the workflow's name: typed from the old one, saved after the teammate's.
  await page.getByLabel('Name', { exact: true }).fill('Support desk')
  await other.getByLabel('Name', { exact: true }).fill('Helpdesk')
  await other.getByRole('button', { name: 'Rename', exact: true }).click()
  await page.getByRole('heading', { name: 'Building: Helpdesk' }).waitFor()
  await page.getByRole('button', { name: 'Rename', exact: true }).click()
  await page.getByRole('alert').filter({ hasText: 'Changed by someone else' }).waitFor()
  expect((await read(lead, ordersId)).name).toBe('Helpdesk')

  // Templates: the shipped ones are offered and one installs into the workspace.
  await page.goto(page.url().replace(/\/workflows\/.*$/, '/builder'))
  await page.getByRole('button', { name: 'Install Sales pipeline' }).click()
  await page.getByRole('heading', { name: /^Building: / }).waitFor()
  expect((await listed(lead)).length).toBeGreaterThan(2)
  await check(page, 'builder-8-template')
}, 120_000)
