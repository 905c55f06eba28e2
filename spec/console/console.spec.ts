/**
 * The console in a real browser (Debian's chromium driven by playwright-core) against the test
 * server: sign in, register errors at the field, a workflow and an activity created from the page,
 * a second browser seeing the card move live, a file downloaded with progress. A screenshot of each
 * main screen is kept in artifacts/console/ (git-ignored).
 */
import fs from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { buildConsole } from '../../server/http/console'
import { api, serverUrl } from '../helpers/client'
import { registerUser, type TestUser } from '../helpers/users'

export const CHROMIUM = '/usr/bin/chromium'
const ARTIFACTS = path.join(__dirname, '..', '..', 'artifacts', 'console')
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

let browser: Browser
let ada: TestUser
const contexts: BrowserContext[] = []
const problems: string[] = []

beforeAll(async () => {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does)`)
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  // launch() gives every run a fresh temporary profile (user-data-dir), removed on close.
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS })
  ada = await registerUser('console')
}, 60_000)
afterAll(async () => {
  await browser?.close()
})

async function newPage(width = 1100): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, acceptDownloads: true })
  contexts.push(context)
  const page = await context.newPage()
  // Anything the Content-Security-Policy blocks, or any script error, fails the test at the end.
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()))
  page.on('pageerror', (e) => problems.push(String(e)))
  await page.goto(serverUrl() + '/')
  return page
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true })

async function signIn(page: Page, user: TestUser) {
  await page.getByLabel('E-mail').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { name: 'Workflows' }).waitFor()
}

test('sign in: a wrong password is refused on the page, the right one opens the workflows', async () => {
  const page = await newPage()
  await page.getByRole('heading', { name: 'Sign in' }).waitFor()
  await shot(page, '1-sign-in')
  await page.getByLabel('E-mail').fill(ada.email)
  await page.getByLabel('Password').fill('not the password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('status').filter({ hasText: '401' }).waitFor()
  // With the keyboard only: Tab from the e-mail to the password, Enter submits.
  await page.getByLabel('E-mail').focus()
  await page.keyboard.press('Tab')
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(ada.password)
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { name: 'Workflows' }).waitFor()
  expect(await page.locator('#connection').textContent()).toBe('live')
  // The wall is offered exactly when the server has it (wall2.* answer 501 until it is built).
  const wallBuilt = (await api('wall2.unread', [{}], { key: await page.evaluate(() => sessionStorage.getItem('hlrkey')!) })).status !== 501
  expect(await page.getByRole('link', { name: 'Wall' }).count()).toBe(wallBuilt ? 1 : 0)
  if (wallBuilt) {
    await page.getByRole('link', { name: 'Wall' }).click()
    await page.getByLabel('Subject').fill('Hello')
    await page.getByLabel('Text').fill('First post from the console')
    await page.getByRole('button', { name: 'Post' }).click()
    await page.locator('li.card', { hasText: 'First post from the console' }).waitFor()
    await shot(page, '9-wall')
  }
  await api('v2.network.create', ['Second desk'], { key: await page.evaluate(() => sessionStorage.getItem('hlrkey')!) })
  await page.getByRole('link', { name: 'Workspaces' }).click()
  await page.getByRole('heading', { name: 'Workspaces' }).waitFor()
  await shot(page, '3-workspaces')
  await page.getByRole('button', { name: 'Switch to Second desk' }).click()
  await page.getByRole('heading', { name: 'Workflows' }).waitFor()
  await page.getByRole('link', { name: 'Workspaces' }).click()
  await page.getByRole('button', { name: 'Switch to Second desk' }).and(page.locator('[disabled]')).waitFor()
  await page.getByRole('button', { name: `Switch to ${ada.firstname}'s workspace` }).click()
  await page.getByRole('heading', { name: 'Workflows' }).waitFor()
  // The session ends elsewhere: the page goes back to signing in.
  expect((await api('logout', [], { key: await page.evaluate(() => sessionStorage.getItem('hlrkey')!) })).status).toBe(200)
  await page.getByRole('heading', { name: 'Sign in' }).waitFor()
  expect(await page.evaluate(() => sessionStorage.getItem('hlrkey'))).toBeNull()
})

test('register: the server’s reason is shown at the field it names; then registered and signed in', async () => {
  const page = await newPage()
  await page.getByRole('link', { name: 'Register' }).first().click()
  await page.getByLabel('First name').fill('Grace')
  await page.getByLabel('Last name').fill('Hopper')
  await page.getByLabel('E-mail').fill(`grace.${Date.now()}@example.test`)
  await page.getByLabel('Password').fill('aaaaaaaaaa')
  await page.getByRole('button', { name: 'Register' }).click()
  const password = page.getByLabel('Password')
  await page.locator('[aria-invalid="true"]').waitFor()
  expect(await password.getAttribute('aria-invalid')).toBe('true')
  expect(await page.locator(`#${await password.getAttribute('id')}-error`).textContent()).toMatch(/\S/)
  await shot(page, '2-register-error')
  // A good password: registered, signed in, and in the new workspace.
  await password.fill('a sound passphrase')
  await page.getByRole('button', { name: 'Register' }).click()
  await page.getByRole('heading', { name: 'Workflows' }).waitFor()
  await page.getByRole('link', { name: 'Workspaces' }).click()
  await page.getByRole('button', { name: "Switch to Grace's workspace" }).waitFor()
})

test('a workflow and an activity from the page; a second browser sees the card move live; a file downloads with progress', async () => {
  const page = await newPage()
  await signIn(page, ada)
  await page.getByLabel('Name').fill('Hiring')
  await page.getByRole('button', { name: 'Create workflow' }).click()
  await page.getByRole('heading', { name: 'Hiring' }).waitFor()
  await page.getByRole('link', { name: 'Workflows' }).click()
  await page.getByRole('link', { name: 'Hiring' }).waitFor()
  await shot(page, '4-workflows')
  await page.getByRole('link', { name: 'Hiring' }).click()
  await page.getByRole('heading', { name: 'Hiring' }).waitFor()
  await page.getByLabel('Name').fill('Ada L.')
  await page.getByRole('button', { name: 'Add activity' }).click()
  const columns = page.locator('section.column')
  await columns.nth(0).locator('li.card', { hasText: 'Ada L.' }).waitFor()
  await shot(page, '5-board')

  const other = await newPage(390)
  await signIn(other, ada)
  await other.getByRole('link', { name: 'Hiring' }).first().click()
  const otherColumns = other.locator('section.column')
  await otherColumns.nth(0).locator('li.card', { hasText: 'Ada L.' }).waitFor()
  const doing = await columns.nth(1).getAttribute('data-phase')
  await page.getByLabel('Phase of Ada L.').selectOption(doing!)
  // The second browser did nothing: its board follows the signal.
  await otherColumns.nth(1).locator('li.card', { hasText: 'Ada L.' }).waitFor()
  expect(await otherColumns.nth(0).locator('li.card').count()).toBe(0)
  await shot(other, '6-board-phone-width')

  await page.getByRole('link', { name: 'Ada L.' }).click()
  await page.getByRole('heading', { name: 'Ada L.' }).waitFor()
  // A value the server refuses: its reason appears at that field, and a good one is saved.
  const country = page.getByLabel('Country', { exact: true })
  await country.fill('Atlantis')
  await page.getByRole('button', { name: 'Save' }).click()
  await page.locator('[aria-invalid="true"]').waitFor()
  expect(await country.getAttribute('aria-invalid')).toBe('true')
  expect(await page.locator(`#${await country.getAttribute('id')}-error`).textContent()).toMatch(/country code/)
  await country.fill('fi')
  await page.getByLabel('Amount', { exact: true }).fill('12.5')
  await page.getByLabel('Start', { exact: true }).fill('2026-12-01')
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
  expect(await country.getAttribute('aria-invalid')).toBeNull()

  // The dependency graph is offered exactly when the server has explainNode.
  const activityId = page.url().split('/').pop()!
  const explainBuilt =
    (await api('v3.activity.explainNode', [{ activityId, fieldId: activityId }], { key: await page.evaluate(() => sessionStorage.getItem('hlrkey')!) }))
      .status !== 501
  expect(await page.getByRole('button', { name: 'Dependencies of Amount' }).count()).toBe(explainBuilt ? 1 : 0)
  if (explainBuilt) {
    await page.getByRole('button', { name: 'Dependencies of Amount' }).click()
    await page.getByRole('img', { name: 'Dependencies of Amount' }).waitFor()
  }

  const content = Buffer.from('x'.repeat(200_000))
  await page.getByLabel('Upload a file').setInputFiles({ name: 'cv.txt', mimeType: 'text/plain', buffer: content })
  const button = page.getByRole('button', { name: 'Download cv.txt' })
  await button.waitFor()
  const saved = page.waitForEvent('download')
  await button.click()
  const file = await saved
  expect(file.suggestedFilename()).toBe('cv.txt')
  expect(fs.readFileSync((await file.path())!)).toEqual(content)
  await page
    .getByRole('status')
    .filter({ hasText: `finished: ${content.length} bytes` })
    .waitFor()
  const bar = page.getByRole('progressbar', { name: 'Transfer progress' })
  expect(await bar.evaluate((el: HTMLProgressElement) => [el.value, el.max])).toEqual([content.length, content.length])
  await page.getByRole('button', { name: 'Take' }).click()
  await page.locator('[data-ball]').filter({ hasText: 'Held by Test console' }).waitFor()
  await shot(page, '7-activity')
  expect(problems).toEqual([])
}, 60_000)

test('a dependency graph is drawn as SVG with its cycle in red', async () => {
  // explainNode may not be built on this server: draw the shape it answers with, in the browser.
  const graph = {
    nodes: [
      { id: 'p:a', label: 'Price', depth: 0 },
      { id: 'p:b', label: 'Total = Price + Tax', depth: 1, isFunction: true },
      { id: 'p:c', label: 'Tax = Total * 0.2', depth: 2, isFunction: true },
    ],
    edges: [
      { from: 'p:a', to: 'p:b', variable: 'price' },
      { from: 'p:c', to: 'p:b', variable: 'tax' },
      { from: 'p:b', to: 'p:c', variable: 'total' },
    ],
    cycles: [{ path: ['p:b', 'p:c'] }],
  }
  const script = await build({
    stdin: {
      contents: "import { drawGraph } from './screens/graph'; (window as any).drawGraph = drawGraph",
      resolveDir: path.join(__dirname, '..', '..', 'console'),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
  })
  // A blank page of its own (the server's pages allow no inline script or style, rightly).
  const context = await browser.newContext({ viewport: { width: 700, height: 400 } })
  contexts.push(context)
  const page = await context.newPage()
  await page.setContent('<main><div class="graph" id="graph"></div></main>')
  await page.addStyleTag({ content: (await buildConsole())['app.css'] })
  await page.addScriptTag({ content: script.outputFiles[0].text })
  await page.evaluate((g) => document.getElementById('graph')!.append((window as any).drawGraph(g, 'Dependencies of Total')), graph)
  const svg = page.getByRole('img', { name: 'Dependencies of Total' })
  await svg.waitFor()
  expect(await page.locator('g.node').count()).toBe(3)
  expect(await page.locator('g.node.cycle text').allTextContents()).toEqual(['Total = Price + Tax', 'Tax = Total * 0.2'])
  const strokes = await page.locator('path.edge').evaluateAll((lines) => lines.map((l) => getComputedStyle(l).stroke))
  expect(strokes).toEqual(['rgb(85, 85, 85)', 'rgb(204, 0, 0)', 'rgb(204, 0, 0)'])
  await svg.screenshot({ path: path.join(ARTIFACTS, '8-dependency-graph.png') })
})
