/**
 * CSV import and export of a workflow's activities in a real browser: a file with bad rows is
 * reported row by row and imports nothing; the fixed file imports every row in one call; the export
 * downloads the activities as CSV (which reads back) and the workspace as the export archive.
 */
import fs from 'node:fs'
import type { Page } from 'playwright-core'
import { signedIn, type SignedIn } from '../helpers/users'
import { newPhaseId } from '../helpers/workflows'
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

async function deals(owner: SignedIn) {
  const c = owner.client
  const team = (await c.call('company.new_team', { name: 'Sales' }))._id as string
  const wf = (await c.call('process.create', { name: 'Deals' }))._id as string
  const amount = (await c.call('process.create_field', wf, { label: 'Amount', type: 'numericunit', unit: 'EUR' }))._id as string
  const close = (await c.call('process.create_field', wf, { label: 'Close', type: 'date', required: true }))._id as string
  const [lead, won] = [newPhaseId(), newPhaseId()]
  await c.call('process.set_info', wf, {
    phases: { [lead]: { name: 'Lead' }, [won]: { name: 'Won', fields: [close] } },
    phasesOrder: [lead, won],
    preselectedTeam: { team },
  })
  return { wf, amount, close, phases: { lead, won } }
}

const count = async (owner: SignedIn, wf: string) =>
  ((await owner.client.call('v3.activity.list', { processId: wf, limit: 500 })) as unknown as { activities: unknown[] }).activities.length

/** Chooses a CSV and waits until the app has read it (the file is read asynchronously; its row count names the button). */
async function chooseFile(page: Page, text: string) {
  await page.getByLabel('CSV file').setInputFiles({ name: 'deals.csv', mimeType: 'text/csv', buffer: Buffer.from(text) })
  const rows = text.trim().split('\n').length - 1
  await page.getByRole('button', { name: `Import ${rows} activities` }).waitFor()
}

test('CSV import: bad rows are reported and nothing is imported; the fixed file imports every row; export as CSV and as the archive', async () => {
  const owner = await signedIn('lead')
  const { wf, amount, close, phases } = await deals(owner)
  const page = await browsing.open({ key: owner.key, route: `/w/${owner.cid}/workflows/${wf}` })
  await page.getByRole('link', { name: 'Import and export' }).click()
  await page.getByRole('heading', { name: 'Deals: import and export' }).waitFor()

  await chooseFile(page, 'Name,Phase,Amount,Close\n"Acme, Inc",Won,"1 200,50",2026-03-31\nBeta,Lead,lots,2026-02-30\nGamma,Lost,10,\n')
  // The columns are mapped from the headers; the problems are listed by row and column.
  expect(
    await page
      .getByRole('group', { name: 'Columns' })
      .getByRole('combobox')
      .evaluateAll((s) => s.map((x) => (x as HTMLSelectElement).selectedOptions[0].text)),
  ).toEqual(['Name', 'Phase', 'Amount', 'Close'])
  const problems = page.locator('.row-errors li')
  expect(await problems.allTextContents()).toEqual([
    'Row 3, Amount: “lots” is not a number.',
    'Row 3, Close: “2026-02-30” is not a date (2026-03-31).',
    'Row 4, Phase: there is no phase “Lost”.',
  ])
  await check(page, 'day-import-errors')
  await page.getByRole('button', { name: 'Import 3 activities' }).click()
  await page.getByText('Fix the 3 problems listed first: nothing was imported.').waitFor()
  expect(await count(owner, wf)).toBe(0)

  // A row the server refuses (Won requires Close): the row is named and nothing is imported.
  await chooseFile(page, 'Name,Phase,Amount,Close\nAcme,Lead,1,\nBeta,Won,7,\n')
  expect(await problems.count()).toBe(0)
  await page.getByRole('button', { name: 'Import 2 activities' }).click()
  await page.getByText(/^Row 3: /).waitFor()
  await page.getByText('The server refused the import: nothing was imported.').waitFor()
  expect(await count(owner, wf)).toBe(0)

  await chooseFile(page, 'Name,Phase,Amount,Close\n"Acme, Inc",Won,"1 200,50",2026-03-31\nBeta,Lead,7,2026-02-28\nGamma,,10,\n')
  expect(await problems.count()).toBe(0)
  await page.getByRole('button', { name: 'Import 3 activities' }).click()
  await page.getByText('3 activities imported.').waitFor()
  const listed = (
    (await owner.client.call('v3.activity.list', { processId: wf, limit: 500 })) as unknown as {
      activities: Array<{ name: string; currentPhase: string; fields: Array<{ _id: string; value: unknown }> }>
    }
  ).activities
  const acme = listed.find((a) => a.name === 'Acme, Inc')!
  expect(acme.currentPhase).toBe(phases.won)
  expect(Object.fromEntries(acme.fields.map((f) => [f._id, f.value]))).toMatchObject({ [amount]: 1200.5, [close]: Date.UTC(2026, 2, 31) })
  expect(listed.map((a) => a.name).sort()).toEqual(['Acme, Inc', 'Beta', 'Gamma'])

  // Export: the activities as CSV, with the columns the import reads.
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Activities as CSV' }).click()])
  expect(csv.suggestedFilename()).toBe('Deals.csv')
  const text = fs.readFileSync((await csv.path())!, 'utf8')
  expect(text.split('\r\n')[0]).toBe('\ufeffName,Phase,Amount,Close')
  expect(text).toContain('"Acme, Inc",Won,1200.5,2026-03-31')
  // And the whole workspace as the export archive (a ZIP).
  const [zip] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: 'The whole workspace (ZIP)' }).click()])
  expect(
    fs
      .readFileSync((await zip.path())!)
      .subarray(0, 2)
      .toString(),
  ).toBe('PK')
  await page.getByText('The archive was downloaded.').waitFor()
  await check(page, 'day-transfer')
}, 120_000)
