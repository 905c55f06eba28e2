/**
 * The audit trail in the browser: a lead makes a custom role in the app, then finds the act in the
 * trail (filtered by act, by actor and from a day), and downloads the trail as CSV with the same
 * filter. A member without the right sees no Audit trail tab.
 * Each screen: axe-core (no serious violation) and screenshots at both widths (artifacts/app/).
 */
import fs from 'node:fs'
import { joinWorkspace } from '../helpers/members'
import { signedIn, type SignedIn } from '../helpers/users'
import { type Browsing, check, fitsNarrowPhone, PHONE, startBrowsing, go, signedInPage } from './browser'

let browsing: Browsing
let lead: SignedIn
beforeAll(async () => {
  browsing = await startBrowsing()
  lead = await signedIn('audit-lead')
}, 60_000)
afterAll(async () => {
  await browsing?.close()
  await lead?.client.close()
})
afterEach(() => expect(browsing.problems.splice(0)).toEqual([]))

test("a lead's act in the app is in the trail, found by act, actor and day, and in the CSV download", async () => {
  const page = await signedInPage(browsing, lead)
  await page.getByRole('link', { name: 'Workspace settings' }).click()
  await page.getByRole('link', { name: 'Custom roles' }).click()
  const form = page.getByRole('form', { name: 'New custom role' })
  await form.getByLabel('Role name').fill('Auditor')
  await form.getByRole('button', { name: 'Create role' }).click()
  await page.getByRole('form', { name: 'Auditor' }).waitFor()
  const edited = page.getByRole('form', { name: 'Auditor' })
  await edited.getByLabel('Role name').fill('Auditors')
  await edited.getByRole('button', { name: 'Save role' }).click()
  await page.getByRole('form', { name: 'Auditors' }).waitFor()

  await page.getByRole('link', { name: 'Audit trail' }).click()
  await page.getByRole('heading', { name: 'Audit trail' }).waitFor()
  const table = page.getByRole('table')
  await table.getByRole('row', { name: /role\.create/ }).waitFor()
  // Each act in words, its code beside it; a change as its keys, before → after.
  const renamed = table.getByRole('row', { name: /Role changed role\.update/ })
  expect(
    await renamed
      .getByRole('listitem')
      .filter({ hasText: /^name:/ })
      .textContent(),
  ).toBe('name: Auditor → Auditors')
  expect(
    await table
      .getByRole('row', { name: /Role created role\.create/ })
      .getByRole('listitem')
      .filter({ hasText: /^name:/ })
      .textContent(),
  ).toBe('name: Auditor (added)')
  await check(page, 'admin-audit-changes')
  // Filtered to another act, the entry is not shown; to its act and its actor, it is.
  await page.getByLabel('Act').selectOption('member.remove')
  await page.getByText('No entries.').waitFor()
  await page.getByLabel('Act').selectOption({ label: 'Role created' })
  await page.getByLabel('By').selectOption({ label: 'Test audit-lead' })
  const row = table.getByRole('row', { name: /role\.create/ })
  await row.waitFor()
  expect(await row.textContent()).toContain('Auditor')
  expect(await table.getByRole('row').count()).toBe(2)
  // From a day: tomorrow hides it, today shows it.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('sv-SE')
  await page.getByLabel('From (day)').fill(day(1))
  await page.getByText('No entries.').waitFor()
  await page.getByLabel('From (day)').fill(day(0))
  await row.waitFor()
  await check(page, 'admin-audit')
  await fitsNarrowPhone(page, 'admin-audit')

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()])
  expect(download.suggestedFilename()).toBe(`audit-${lead.cid}.csv`)
  const lines = fs
    .readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n')
  expect(lines[0]).toBe('id,time,ts,kind,actor,apiKey,address,targetKind,targetId,before,after')
  expect(lines).toHaveLength(2)
  expect(lines[1]).toContain(`,role.create,${lead.uid},`)
  expect(lines[1]).toContain('Auditor')
})

test('the trail is read in pages: Show more reads the entries after the last one shown', async () => {
  // 55 roles: a first page of 50 and 5 more (made by calls: the screen is what is tested here).
  const other = await signedIn('audit-pages')
  for (let i = 0; i < 55; i++) await other.client.call('v2.network.role.create', { name: `Role ${i}`, capabilities: ['workspace.read'] })
  const page = await signedInPage(browsing, other, PHONE)
  await go(page, `/w/${other.cid}/settings/audit`)
  await page.getByLabel('Act').selectOption('role.create')
  await page.getByText('50 entries shown').waitFor()
  await page.getByRole('button', { name: 'Show more' }).click()
  await page.getByText('55 entries shown').waitFor()
  const names = await page.getByRole('row').evaluateAll((rows) => rows.slice(1).map((r) => /name: (Role \d+)/.exec(r.textContent ?? '')?.[1]))
  expect(names).toEqual(Array.from({ length: 55 }, (_, i) => `Role ${i}`))
  expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0)
  await other.client.close()
})

test('a member without the right to read the trail sees no Audit trail tab, and the screen says why', async () => {
  const member = await joinWorkspace(lead, { role: 'user', tag: 'audit-member' })
  const page = await signedInPage(browsing, member, PHONE)
  await go(page, `/w/${lead.cid}/settings/audit`)
  await page.getByText('Reading the audit trail needs the right to read it.').waitFor()
  await page.getByRole('link', { name: 'License' }).waitFor()
  expect(await page.getByRole('link', { name: 'Audit trail' }).count()).toBe(0)
  await member.client.close()
})
