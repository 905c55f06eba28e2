/**
 * The activity form in a real browser with two people: an editor per field type giving the values
 * in the form the server stores them; computed fields read-only with their error; Save sends only
 * the changed values with the values they were read as; two people changing the same value see the
 * other's change beside their editor and choose: nothing is silently lost.
 */
import type { Page } from 'playwright-core'
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

async function candidates(owner: SignedIn) {
  const c = owner.client
  const team = (await c.call('company.new_team', { name: 'Recruiting' }))._id as string
  const wf = (await c.call('process.create', { name: 'Candidates' }))._id as string
  const field = async (descriptor: Record<string, unknown>) => (await c.call('process.create_field', wf, descriptor as never))._id as string
  const f = {
    notes: await field({ label: 'Notes', type: 'text', required: true }),
    about: await field({ label: 'About', type: 'textarea' }),
    salary: await field({ label: 'Salary', type: 'numericunit', unit: 'EUR' }),
    start: await field({ label: 'Start', type: 'date' }),
    call: await field({ label: 'Call at', type: 'time' }),
    away: await field({ label: 'Away', type: 'daterange' }),
    country: await field({ label: 'Country', type: 'country' }),
    level: await field({ label: 'Level', type: 'textpredefinedoptions', data: ['Junior', 'Senior'] }),
    recruiter: await field({ label: 'Recruiter', type: 'users' }),
    teams: await field({ label: 'Teams', type: 'teams' }),
    referred: await field({ label: 'Referred by', type: 'activitylink', data: [wf] }),
  }
  const yearly = await field({
    label: 'Yearly',
    type: 'numeric',
    function: 'return dep.s * 12',
    functionEnabled: true,
    functionVariables: { s: { type: '=', data: [f.salary] } },
  })
  const broken = await field({ label: 'Rate', type: 'numeric', function: "throw new Error('no rate card')", functionEnabled: true, functionVariables: {} })
  const phase = newPhaseId()
  await c.call('process.set_info', wf, { phases: { [phase]: { name: 'Open', fields: [f.notes] } }, phasesOrder: [phase], preselectedTeam: { team } })
  const [ada, alan] = (await c.call('v3.activity.createMany', wf, [{ name: 'Ada' }, { name: 'Alan' }], { teamId: team, ignoreRequired: true })) as Array<{
    _id: string
  }>
  return { wf, team, f, yearly, broken, ada: ada._id, alan: alan._id }
}

const valuesOf = async (owner: SignedIn, id: string) =>
  Object.fromEntries(
    ((await owner.client.call('v3.activity.get', id)) as unknown as { fields: Array<{ _id: string; value: unknown }> }).fields.map((x) => [x._id, x.value]),
  )

/** The updateMany calls the page sends over its socket. */
function sentUpdates(page: Page): unknown[][] {
  const sent: unknown[][] = []
  page.on('websocket', (ws) =>
    ws.on('framesent', (frame) => {
      const call = JSON.parse(String(frame.payload))
      if (call.op === 'v3.activity.updateMany') sent.push(call.args[0])
    }),
  )
  return sent
}

test('activity: an editor per field type, computed fields read-only with their error; Save sends only what changed, with the values it was read as', async () => {
  const owner = await signedIn('lead')
  const { f, yearly, broken, ada } = await candidates(owner)
  let sent: unknown[][] = []
  const page = await browsing.open({ key: owner.key, route: `/w/${owner.cid}/activities/${ada}`, watch: (p) => (sent = sentUpdates(p)) })
  await page.getByRole('heading', { name: 'Ada' }).waitFor()

  await page.getByLabel('Notes').fill('Strong on compilers')
  await page.getByLabel('About').fill('Line one\nLine two')
  await page.getByLabel('Salary').fill('4200.5')
  expect(await page.locator('.unit', { hasText: 'EUR' }).count()).toBe(1)
  await page.getByLabel('Start').fill('2026-12-01')
  await page.getByLabel('Call at').fill('09:30')
  await page.getByRole('group', { name: 'Away' }).getByLabel('From').fill('2026-12-24')
  await page.getByRole('group', { name: 'Away' }).getByLabel('To').fill('2026-12-31')
  await page.getByLabel('Country').selectOption({ label: 'Finland' })
  await page.getByLabel('Level').selectOption('Senior')
  // People, teams and links are picked by name.
  await page.getByRole('searchbox', { name: 'Recruiter' }).fill('lead')
  await page.getByRole('button', { name: `Add Test lead` }).click()
  await page.getByRole('searchbox', { name: 'Teams' }).fill('recru')
  await page.getByRole('button', { name: 'Add Recruiting' }).click()
  await page.getByRole('searchbox', { name: 'Referred by' }).fill('ala')
  await page.getByRole('button', { name: 'Add Alan' }).click()
  await page.getByRole('list', { name: 'Chosen for Referred by' }).getByText('Alan').waitFor()
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()

  const stored = await valuesOf(owner, ada)
  expect(stored).toMatchObject({
    [f.notes]: 'Strong on compilers',
    [f.about]: 'Line one\nLine two',
    [f.salary]: 4200.5,
    [f.start]: Date.parse('2026-12-01'),
    [f.call]: '09:30',
    [f.away]: [Date.parse('2026-12-24'), Date.parse('2026-12-31')],
    [f.country]: 'FI',
    [f.level]: 'Senior',
    [f.recruiter]: [owner.uid],
    [f.referred]: [expect.any(String)],
  })
  expect(stored[f.teams]).toHaveLength(1)
  // One update, with an expect of what each value was read as (nothing yet).
  expect(sent).toHaveLength(1)
  expect(Object.keys((sent[0][0] as { fields: object }).fields).sort()).toEqual(Object.values(f).sort())
  expect((sent[0][0] as { expect: { fields: Record<string, unknown> } }).expect.fields[f.notes]).toBeNull()

  // Computed fields: read-only, their value once computed, their error shown.
  await page
    .locator('.computed', { hasText: 'Yearly' })
    .locator('output', { hasText: (4200.5 * 12).toLocaleString('en') })
    .waitFor()
  await page
    .locator('.computed', { hasText: 'Rate' })
    .getByText(/Could not be computed: .*no rate card/)
    .waitFor()
  expect(await page.locator('.computed input').count()).toBe(0)
  expect([yearly, broken].every((id) => !Object.keys((sent[0][0] as { fields: object }).fields).includes(id))).toBe(true)

  // A second save sends only the one value changed, expecting what it was.
  await page.getByLabel('Notes').fill('Strong on compilers and COBOL')
  await page.getByRole('button', { name: 'Save' }).click()
  await eventually(
    async () => sent.length,
    (n) => expect(n).toBe(2),
  )
  expect(sent[1]).toEqual([{ _id: ada, fields: { [f.notes]: 'Strong on compilers and COBOL' }, expect: { fields: { [f.notes]: 'Strong on compilers' } } }])
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()

  // A value the server refuses: its reason is shown at that field, and nothing is saved.
  await page.getByLabel('Notes').fill('')
  await page.getByRole('button', { name: 'Save' }).click()
  const notes = page.getByLabel('Notes')
  await page.locator('[aria-invalid="true"]').first().waitFor()
  expect(await notes.getAttribute('aria-invalid')).toBe('true')
  expect(await page.locator(`#${(await notes.getAttribute('aria-describedby'))!.split(' ')[0]}`).textContent()).toBe('is required in this phase')
  expect((await valuesOf(owner, ada))[f.notes]).toBe('Strong on compilers and COBOL')
  await check(page, '11-activity')
}, 120_000)

test('two people change the same value: each sees the other’s change beside the editor, keeps theirs or takes the other; a save from a stale read is refused and shown the same way', async () => {
  const owner = await signedIn('lead')
  const member = await joinWorkspace(owner)
  const { wf, f, ada } = await candidates(owner)
  await owner.client.call('v2.process.member.add', wf, `user_${member.uid}`)
  await owner.client.call('v2.process.permissions.grant', wf, member.uid, 'any')
  await owner.client.call('v3.activity.updateMany', [{ _id: ada, fields: { [f.notes]: 'First notes', [f.country]: 'SE' } }])
  const route = `/w/${owner.cid}/activities/${ada}`
  const lead = await browsing.open({ key: owner.key, route })
  let mateSent: unknown[][] = []
  const mate = await browsing.open({ key: member.key, route, watch: (p) => (mateSent = sentUpdates(p)) })
  for (const page of [lead, mate])
    await eventually(
      () => page.getByLabel('Notes').inputValue(),
      (v) => expect(v).toBe('First notes'),
    )

  // Both edit Notes. The lead saves first; the member's typing is not overwritten, the lead's value shows beside it.
  await mate.getByLabel('Notes').fill('Member notes')
  await lead.getByLabel('Notes').fill('Lead notes')
  await lead.getByRole('button', { name: 'Save' }).click()
  await lead.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
  const conflict = mate.locator('.conflict', { hasText: 'Lead notes' })
  await conflict.waitFor()
  expect(await mate.getByLabel('Notes').inputValue()).toBe('Member notes')
  await check(mate, '12-activity-conflict')
  // Saving without choosing is refused with what to do.
  await mate.getByRole('button', { name: 'Save' }).click()
  await mate.getByRole('alert').filter({ hasText: 'choose “Keep mine” or “Take theirs”' }).waitFor()
  expect(mateSent).toHaveLength(0)
  // Keep mine: saved over the lead's value knowingly, and the lead's page follows.
  await conflict.getByRole('button', { name: 'Keep mine' }).click()
  await mate.getByRole('button', { name: 'Save' }).click()
  await mate.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
  expect(mateSent.at(-1)).toEqual([{ _id: ada, fields: { [f.notes]: 'Member notes' }, expect: { fields: { [f.notes]: 'Lead notes' } } }])
  await eventually(
    () => lead.getByLabel('Notes').inputValue(),
    (v) => expect(v).toBe('Member notes'),
  )

  // Take theirs: the member drops their country for the lead's.
  await mate.getByLabel('Country').selectOption({ label: 'Norway' })
  await lead.getByLabel('Country').selectOption({ label: 'Denmark' })
  await lead.getByRole('button', { name: 'Save' }).click()
  await lead.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
  await mate.locator('.conflict', { hasText: 'Denmark' }).getByRole('button', { name: 'Take theirs' }).click()
  await eventually(
    () => mate.getByLabel('Country').inputValue(),
    (v) => expect(v).toBe('DK'),
  )
  expect(await mate.locator('.conflict').count()).toBe(0)

  // A save from a stale read (the other's change had not arrived): the server refuses it (409), nothing is written, and the change is shown to choose.
  await mate.context().setOffline(true)
  await mate.getByLabel('Salary').fill('5000')
  await owner.client.call('v3.activity.updateMany', [{ _id: ada, fields: { [f.salary]: 4300 } }])
  await mate.getByRole('button', { name: 'Save' }).click()
  await mate.context().setOffline(false)
  await mate.getByRole('alert').filter({ hasText: 'Not saved: someone else changed a value you changed' }).waitFor()
  await mate.locator('.conflict', { hasText: '4,300' }).waitFor()
  expect(await mate.getByLabel('Salary').inputValue()).toBe('5000')
  expect((await valuesOf(owner, ada))[f.salary]).toBe(4300)
  // Nothing was lost: every value is the one someone chose last.
  expect(await valuesOf(owner, ada)).toMatchObject({ [f.notes]: 'Member notes', [f.country]: 'DK', [f.salary]: 4300 })
}, 120_000)
