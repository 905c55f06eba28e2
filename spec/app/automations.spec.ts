/**
 * Automations in the browser: a lead makes a rule on a workflow in the app (a rule with no action
 * refused with the reason, a webhook action's bad address refused at that action), "when Priority changes to urgent, move to Triage and set Note", chosen
 * by name; a change to an activity then sets it off, the activity moves and its note is set, and the
 * run shows in the rule's run log. Turned off from its card. A member without the right sees no
 * Automations tab. Each screen: axe-core and screenshots at both widths (artifacts/app/).
 */
import { joinWorkspace } from '../helpers/members'
import { signedIn, type SignedIn } from '../helpers/users'
import { newPhaseId } from '../helpers/workflows'
import { type Browsing, check, eventually, fitsNarrowPhone, PHONE, startBrowsing, go, signedInPage } from './browser'

let browsing: Browsing
let lead: SignedIn
let workflowId: string
let teamId: string
const phases = { new: newPhaseId(), triage: newPhaseId() }
const fields = { priority: '', note: '' }
beforeAll(async () => {
  browsing = await startBrowsing()
  lead = await signedIn('rules-lead')
  teamId = (await lead.client.call('company.new_team', { name: 'Everyone' }))._id
  const wf = await lead.client.call('process.create', { name: 'Support' })
  await lead.client.call('process.create', { name: 'Sales' })
  workflowId = wf._id
  await lead.client.call('process.set_info', wf._id, {
    phases: { [phases.new]: { name: 'New' }, [phases.triage]: { name: 'Triage' } },
    phasesOrder: [phases.new, phases.triage],
  })
  fields.priority = (await lead.client.call('process.create_field', wf._id, { label: 'Priority', type: 'text' } as never))._id as string
  fields.note = (await lead.client.call('process.create_field', wf._id, { label: 'Note', type: 'text' } as never))._id as string
}, 60_000)
afterAll(async () => {
  await browsing?.close()
  await lead?.client.close()
})
afterEach(() => expect(browsing.problems.splice(0)).toEqual([]))

const valueOf = async (id: string, fieldId: string) =>
  ((await lead.client.call('v3.activity.get', id)) as unknown as { fields: Array<{ _id: string; value: unknown }> }).fields.find((f) => f._id === fieldId)
    ?.value

test('a lead makes a rule in the app; a change to an activity sets it off, the activity moves and is filled in, and the run is logged', async () => {
  const page = await signedInPage(browsing, lead)
  await page.getByRole('link', { name: 'Workspace settings' }).click()
  await page.getByRole('link', { name: 'Automations' }).click()
  await page.getByRole('heading', { name: 'Automations', level: 1 }).waitFor()
  await page.getByRole('link', { name: 'Support' }).click()
  await page.getByText('No automations in this workflow yet.').waitFor()

  const form = page.getByRole('form', { name: 'New automation' })
  await form.getByLabel('Name').fill('Urgent to triage')
  await form.getByLabel('Trigger').selectOption({ label: 'A field changes' })
  await form.getByLabel('Field', { exact: true }).selectOption({ label: 'Priority' })
  await form.getByLabel('Only when it changes to a value').check()
  await form.getByLabel('Value', { exact: true }).fill('urgent')
  // Without an action it is not made, and the reason shows at the actions.
  await form.getByRole('button', { name: 'Create automation' }).click()
  await form.getByRole('group', { name: 'Then' }).getByRole('alert').getByText('Add at least one action.').waitFor()

  await form.getByLabel('Action to add').selectOption({ label: 'Move to a phase' })
  await form.getByRole('button', { name: 'Add action' }).click()
  await form.getByRole('listitem', { name: 'Action 1: Move to a phase' }).getByLabel('To phase').selectOption({ label: 'Triage' })
  await form.getByLabel('Action to add').selectOption({ label: 'Set field values' })
  await form.getByRole('button', { name: 'Add action' }).click()
  const setting = form.getByRole('listitem', { name: 'Action 2: Set field values' })
  await setting.getByLabel('Field to set').selectOption({ label: 'Note' })
  await setting.getByRole('button', { name: 'Add field' }).click()
  await setting.getByLabel('Note').fill('escalated')
  // The server's refusal of one action shows at that action.
  await form.getByLabel('Action to add').selectOption({ label: 'Call a webhook' })
  await form.getByRole('button', { name: 'Add action' }).click()
  const hook = form.getByRole('listitem', { name: 'Action 3: Call a webhook' })
  await hook.getByLabel('Address (URL)').fill('ftp://example.com/hook')
  await form.getByRole('button', { name: 'Create automation' }).click()
  await hook.getByRole('alert').waitFor()
  await check(page, 'admin-automation-form')
  await hook.getByRole('button', { name: 'Remove action 3' }).click()
  await form.getByRole('button', { name: 'Create automation' }).click()

  const card = page.getByRole('listitem', { name: 'Urgent to triage' })
  await card.getByText('When Priority changes to urgent, then: move to Triage; set Note = escalated.').waitFor()
  await check(page, 'admin-automations')

  // The rule acts on a change made elsewhere: the activity moves to Triage and its note is set.
  const made = await lead.client.call('v3.activity.create', workflowId, { name: 'Printer on fire', phaseId: phases.new } as never, { teamId })
  await lead.client.call('v3.activity.updateMany', [{ _id: made._id, fields: { [fields.priority]: 'urgent' } }] as never)
  await eventually(
    async () => ((await lead.client.call('v3.activity.get', made._id)) as unknown as { currentPhase: string }).currentPhase,
    (phase) => expect(phase).toBe(phases.triage),
  )
  expect(await valueOf(made._id, fields.note)).toBe('escalated')

  // The run in the rule's log, read again while shown.
  await card.getByRole('button', { name: 'Run log' }).click()
  const log = page.getByRole('region', { name: 'Run log of Urgent to triage' })
  // The event in words, its code beside it.
  await log.getByRole('row', { name: /Activity updated v3\.activity\.updated.*done/ }).waitFor()
  await check(page, 'admin-automation-runs')
  await fitsNarrowPhone(page, 'admin-automation-runs')

  // Edited in place: the form holds the rule; a new name is saved and shown.
  await card.getByRole('button', { name: 'Edit' }).click()
  const edit = card.getByRole('form', { name: 'Edit Urgent to triage' })
  expect(await edit.getByLabel('Value', { exact: true }).inputValue()).toBe('urgent')
  await edit.getByLabel('Name').fill('Urgent goes to triage')
  await edit.getByRole('button', { name: 'Save automation' }).click()
  const renamed = page.getByRole('listitem', { name: 'Urgent goes to triage' })
  await renamed.getByText('When Priority changes to urgent, then: move to Triage; set Note = escalated.').waitFor()

  // Turned off from its card: the server has it.
  await renamed.getByLabel('On (Urgent goes to triage)').uncheck()
  await eventually(
    async () => (await lead.client.call('v3.automation.list', lead.cid, { processId: workflowId }))[0].enabled,
    (enabled) => expect(enabled).toBe(false),
  )
})

test("a workflow's page links to that workflow's automations", async () => {
  const page = await signedInPage(browsing, lead)
  await go(page, `/w/${lead.cid}/workflows/${workflowId}`)
  await page.getByRole('heading', { name: 'Support', level: 1 }).waitFor()
  await page.locator('.workflow-links').getByRole('link', { name: 'Automations' }).click()
  await page.getByRole('heading', { name: 'Automations of Support' }).waitFor()
  expect(new URL(page.url()).pathname).toBe(`/w/${lead.cid}/settings/automations/${workflowId}`)
  expect(await page.getByRole('link', { name: 'Support' }).getAttribute('aria-current')).toBe('page')
})

test('a member without the right to manage automations sees no Automations tab, and the screen says why', async () => {
  const member = await joinWorkspace(lead, { role: 'user', tag: 'rules-member' })
  const page = await signedInPage(browsing, member, PHONE)
  await go(page, `/w/${lead.cid}/settings/automations`)
  await page.getByText('Managing automations needs the right to manage automations.').waitFor()
  await page.getByRole('link', { name: 'License' }).waitFor()
  expect(await page.getByRole('link', { name: 'Automations' }).count()).toBe(0)
  await member.client.close()
})
