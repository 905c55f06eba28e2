/**
 * What the administration journeys share: Debian's chromium through playwright-core, one browser
 * context per person (desktop or phone width), axe-core run in the page (no serious or critical
 * violation), a screenshot of each screen at both widths in artifacts/app/, and any script error or
 * Content-Security-Policy refusal collected to fail the test.
 */
import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { serverUrl } from '../helpers/client'
import type { TestUser } from '../helpers/users'

export const CHROMIUM = '/usr/bin/chromium'
export const ARTIFACTS = path.join(__dirname, '..', '..', 'artifacts', 'app')
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
export const DESKTOP = { width: 1280, height: 800 }
export const PHONE = { width: 390, height: 844 }
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export interface Browsing {
  browser: Browser
  /** Script errors and refusals seen in any page: a journey ends by expecting none. */
  problems: string[]
  open(viewport?: { width: number; height: number }): Promise<Page>
  close(): Promise<void>
}

export async function startBrowsing(): Promise<Browsing> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does)`)
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  // launch() gives every run a fresh temporary profile, removed on close.
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS })
  const problems: string[] = []
  return {
    browser,
    problems,
    async open(viewport = DESKTOP) {
      const context = await browser.newContext({ viewport, locale: 'en-GB' })
      const page = await context.newPage()
      page.on('console', (m) => m.type() === 'error' && problems.push(`${page.url()}: ${m.text()}`))
      page.on('pageerror', (e) => problems.push(`${page.url()}: ${String(e)}`))
      return page
    },
    close: () => browser.close(),
  }
}

export const go = (page: Page, pathname: string) => page.goto(serverUrl() + pathname)

export async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await go(page, '/signin')
  await page.getByLabel('E-mail').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { name: 'Workflows' }).waitFor()
}

/** The session key the page signed in with (for checks through the HTTP mirror, never for the journey itself). */
export const keyOf = (page: Page) => page.evaluate(() => localStorage.getItem('hlrkey')!)

/** axe-core in the page (evaluated through the DevTools protocol: the page's CSP allows no injected script). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE)
  const results = await page.evaluate(() => (window as any).axe.run(document, { resultTypes: ['violations'] }))
  return (results.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/**
 * Checks a screen at both widths: no serious or critical accessibility violation, and a screenshot
 * (artifacts/app/admin-<name>-desktop.png and -phone.png); the page is back at its own width after.
 */
export async function checkScreen(page: Page, name: string) {
  const own = page.viewportSize()!
  const ownIsPhone = own.width <= PHONE.width
  for (const [size, label] of [
    [own, ownIsPhone ? 'phone' : 'desktop'],
    [ownIsPhone ? DESKTOP : PHONE, ownIsPhone ? 'desktop' : 'phone'],
  ] as const) {
    await page.setViewportSize(size)
    expect({ screen: `${name} (${label})`, violations: await seriousViolations(page) }).toEqual({ screen: `${name} (${label})`, violations: [] })
    await page.screenshot({ path: path.join(ARTIFACTS, `admin-${name}-${label}.png`), fullPage: true })
  }
  await page.setViewportSize(own)
}

/** Waits until `read()` gives `expected` (what another browser or the server does arrives on its own time). */
export async function until<T>(read: () => Promise<T>, expected: T, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs
  let last: T
  for (;;) {
    last = await read()
    if (JSON.stringify(last) === JSON.stringify(expected)) return
    if (Date.now() > end) break
    await new Promise((r) => setTimeout(r, 100))
  }
  expect(last).toEqual(expected)
}
