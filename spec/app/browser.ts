/**
 * The web app in a real browser: Debian's chromium (`/usr/bin/chromium`, headless) driven through
 * playwright-core against the test server. Each person gets a browser context of their own; every
 * script error or Content-Security-Policy refusal in a page fails the test (`expectNoProblems`);
 * `check(page, name)` runs axe-core in the page (no serious or critical violation) and keeps a
 * screenshot at desktop and phone width in artifacts/app/ (git-ignored).
 */
import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { serverUrl } from '../helpers/client'
import type { TestUser } from '../helpers/users'

export const CHROMIUM = '/usr/bin/chromium'
export const ARTIFACTS = path.join(__dirname, '..', '..', 'artifacts', 'app')
export const DESKTOP = { width: 1200, height: 800 }
export const PHONE = { width: 390, height: 800 }
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export interface Browsing {
  browser: Browser
  problems: string[]
  /** A new person's page at `/` (or `route`), signed in when given a key. */
  /** `watch` is called with the page before it loads (to listen to its socket from the start). */
  open(options?: {
    key?: string
    route?: string
    viewport?: { width: number; height: number }
    colorScheme?: 'light' | 'dark'
    watch?: (page: Page) => void
  }): Promise<Page>
  close(): Promise<void>
}

export async function startBrowsing(): Promise<Browsing> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does)`)
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  // launch() gives every run a fresh temporary profile, removed on close.
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS })
  const contexts: BrowserContext[] = []
  const problems: string[] = []
  return {
    browser,
    problems,
    async open({ key, route = '/', viewport = DESKTOP, colorScheme = 'light', watch } = {}) {
      const context = await browser.newContext({ viewport, colorScheme, acceptDownloads: true, locale: 'en-GB' })
      contexts.push(context)
      // Signed in as the app would be after a sign-in: the key it keeps (an init script is not page code, so the policy does not apply).
      if (key) await context.addInitScript((k) => localStorage.setItem('hlrkey', k), key)
      const page = await context.newPage()
      page.on('console', (m) => m.type() === 'error' && problems.push(`${m.text()} ${m.location().url}`))
      page.on('pageerror', (e) => problems.push(String(e)))
      watch?.(page)
      await page.goto(serverUrl() + route)
      return page
    },
    async close() {
      await browser.close()
    },
  }
}

/** Signs in through the page. */
export async function signInOnPage(page: Page, user: TestUser) {
  await page.getByLabel('E-mail').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { name: 'Workflows' }).waitFor()
}

/** Signs in through the page in a new browser context (desktop unless given). */
export async function signedInPage(browsing: Browsing, user: TestUser, viewport?: { width: number; height: number }) {
  const page = await browsing.open({ route: '/signin', viewport })
  await signInOnPage(page, user)
  return page
}

/** Opens an address of the app typed into the browser (a reload, not a click in the app). */
export const go = (page: Page, pathname: string) => page.goto(serverUrl() + pathname)

/**
 * axe-core in the page (evaluated through the debugging protocol, so the page's policy, which allows
 * no inline script, does not stop it): fails on any serious or critical violation, or on anything
 * sticking out sideways (fitsCheck). Then a screenshot at desktop and at phone width, and both
 * checks again at phone width.
 */
export async function check(page: Page, name: string) {
  const before = page.viewportSize() ?? DESKTOP
  for (const [suffix, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(size)
    await axeCheck(page, `${name} (${suffix})`)
    await fitsCheck(page, `${name} (${suffix})`)
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${suffix}.png`), fullPage: true })
  }
  await page.setViewportSize(before)
}

/** The narrowest phone the settings' tables are made for. */
export const NARROW_PHONE = { width: 375, height: 800 }

/**
 * At a 375 px wide phone the page does not scroll sideways, nor does any table in it (the settings'
 * tables stack each row into a card there, table.stacks in styles.css).
 */
export async function fitsNarrowPhone(page: Page, what: string) {
  const before = page.viewportSize() ?? DESKTOP
  await page.setViewportSize(NARROW_PHONE)
  const sideways = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth > window.innerWidth,
    tables: [...document.querySelectorAll('.table-scroll')].filter((e) => e.scrollWidth > e.clientWidth + 1).length,
  }))
  await page.setViewportSize(before)
  expect({ screen: what, sideways }).toEqual({ screen: what, sideways: { page: false, tables: 0 } })
}

/**
 * Nothing sticks out of the screen sideways: the page scrolls only down, and no element's box ends
 * beyond the viewport's right edge, unless it is inside a container that scrolls sideways itself
 * (the grid, a wide table): those are listed by tag, class and text when it fails.
 */
export async function fitsCheck(page: Page, what: string) {
  const outside = await page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const scrollsSideways = (e: Element | null): boolean => {
      for (let p = e?.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX
        if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return true
      }
      return false
    }
    const out: string[] = []
    for (const e of document.body.querySelectorAll('*')) {
      const box = e.getBoundingClientRect()
      if (box.width === 0 || box.right <= width + 1 || scrollsSideways(e)) continue
      out.push(`${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${(e.textContent ?? '').trim().slice(0, 30)}" ends at ${Math.round(box.right)}`)
    }
    if (document.documentElement.scrollWidth > width + 1) out.unshift(`the page is ${document.documentElement.scrollWidth} px wide in ${width}`)
    return out.slice(0, 10)
  })
  expect({ screen: what, outside }).toEqual({ screen: what, outside: [] })
}

export async function axeCheck(page: Page, what: string) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE)
  const violations = await page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] })
    return result.violations
      .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: any) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`)
  })
  expect({ screen: what, violations }).toEqual({ screen: what, violations: [] })
}

/** Reads until `check` passes (a live change takes a moment to arrive); throws check's failure after `timeoutMs`. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => void, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    try {
      check(value)
      return value
    } catch (err) {
      if (Date.now() > deadline) throw err
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}
