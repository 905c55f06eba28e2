/**
 * The web app in Debian's chromium (headless, playwright-core) against a server on a fresh data
 * folder, BENCH_APP_ROUNDS rounds (default 5), medians:
 * - first load: a new browser context opening `/signin` until the sign-in form is shown (nothing
 *   cached), against the same browser opening a blank page from a bare node http server (the
 *   browser's own floor);
 * - sign-in to board drawn: from pressing Sign in (on the board's address) until the board shows
 *   every card of a workflow of BENCH_APP_CARDS activities (default 200) in 4 phases, against the
 *   calls the app makes for it (login, v3.session.get, v3.session.workspaces, v2.process.get,
 *   v3.activity.list) made from node over HTTP, one after the other (the server's floor for the
 *   same data).
 * Also prints the first screen's JavaScript as built (scripts/build-app.js).
 *   npm run bench:app
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium } from 'playwright-core'
import { startServer } from '../../spec/helpers/server'
import { newPhaseId } from '../../spec/helpers/workflows'

const ROUNDS = Number(process.env.BENCH_APP_ROUNDS ?? 5)
const CARDS = Number(process.env.BENCH_APP_CARDS ?? 200)
const USER = { email: 'bench@example.org', firstname: 'Bench', lastname: 'Mark', password: 'a sound passphrase' }

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const ms = (x: number) => `${x.toFixed(0)} ms`

async function main() {
  const { APP_OUT, firstScreenSize } = require('../build-app.js')
  const server = await startServer()
  const blank = http.createServer((_req, res) => res.end('<!doctype html><title>blank</title><p>blank</p>')).listen(0, '127.0.0.1')
  await new Promise((resolve) => blank.once('listening', resolve))
  const blankUrl = `http://127.0.0.1:${(blank.address() as AddressInfo).port}/`
  let key = ''
  const call = async (op: string, ...args: unknown[]) => {
    const res = await fetch(`${server.url}/api/${op}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', hlrkey: key },
      body: JSON.stringify(args),
    })
    const body = await res.json()
    if (!res.ok) throw new Error(`${op}: ${JSON.stringify(body)}`)
    return body
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] })
  try {
    const { cid } = await call('v2.user.register', USER)
    key = await call('login', USER.email, USER.password)
    const team = (await call('company.new_team', { name: 'Bench' }))._id
    const wf = (await call('process.create', { name: 'Bench board' }))._id
    const phases = [newPhaseId(), newPhaseId(), newPhaseId(), newPhaseId()]
    await call('process.set_info', wf, { phases: Object.fromEntries(phases.map((id, i) => [id, { name: `Phase ${i + 1}` }])), phasesOrder: phases })
    await call(
      'v3.activity.createMany',
      wf,
      Array.from({ length: CARDS }, (_, i) => ({ name: `Card ${i + 1}`, phaseId: phases[i % 4] })),
      { teamId: team },
    )
    const boardRoute = `/w/${cid}/workflows/${wf}?view=board`

    const firstLoad: number[] = []
    const blankLoad: number[] = []
    const signInToBoard: number[] = []
    const toHeading: number[] = []
    const apiFloor: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const blankContext = await browser.newContext()
      const blankPage = await blankContext.newPage()
      let t = performance.now()
      await blankPage.goto(blankUrl)
      await blankPage.getByText('blank').waitFor()
      blankLoad.push(performance.now() - t)
      await blankContext.close()

      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const page = await context.newPage()
      // BENCH_APP_TRACE=1: the page's calls and requests after pressing Sign in, with their times (the first round).
      let start = Infinity
      const at = () => `${(performance.now() - start).toFixed(0).padStart(5)} ms`
      if (process.env.BENCH_APP_TRACE && round === 0) {
        const log = (what: string) => performance.now() >= start && console.log(`${at()} ${what}`)
        page.on('websocket', (ws) => {
          ws.on('framesent', (f) => log(`sent ${String(f.payload).slice(0, 100)}`))
          ws.on('framereceived', (f) => log(`received ${String(f.payload).slice(0, 70)}`))
        })
        page.on('request', (r) => log(`request ${r.url().replace(server.url, '')}`))
        // When the page itself draws the heading and the cards (its clock, not the checks' polling).
        page.on('console', (m) => m.text().startsWith('drawn') && log(m.text()))
        await page.addInitScript(() => {
          const seen = new Set<string>()
          new MutationObserver(() => {
            const marks: Array<[string, boolean]> = [
              ['heading', !!document.querySelector('h1')?.textContent?.includes('Bench board')],
              ['first card', !!document.querySelector('li.card')],
            ]
            for (const [name, now] of marks) if (now && !seen.has(name) && seen.add(name)) console.log(`drawn: ${name}`)
          }).observe(document, { childList: true, subtree: true })
        })
      }
      t = performance.now()
      await page.goto(`${server.url}${boardRoute}`)
      await page.getByRole('button', { name: 'Sign in' }).waitFor()
      firstLoad.push(performance.now() - t)

      await page.getByLabel('E-mail').fill(USER.email)
      await page.getByLabel('Password').fill(USER.password)
      t = performance.now()
      start = t
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.getByRole('heading', { name: 'Bench board' }).waitFor()
      toHeading.push(performance.now() - t)
      await page
        .locator('li.card')
        .nth(CARDS - 1)
        .waitFor()
      signInToBoard.push(performance.now() - t)
      await context.close()

      t = performance.now()
      key = await call('login', USER.email, USER.password)
      await call('v3.session.get')
      await call('v3.session.workspaces')
      await call('v2.process.get', wf)
      await call('v3.activity.list', { processId: wf, limit: 500 })
      apiFloor.push(performance.now() - t)
    }
    const size = firstScreenSize(APP_OUT)
    console.log(`first screen JavaScript: ${(size.br / 1024).toFixed(1)} KB brotli, ${(size.gz / 1024).toFixed(1)} KB gzip`)
    console.log(`first load (to the sign-in form): ${ms(median(firstLoad))}; a blank page: ${ms(median(blankLoad))}`)
    console.log(
      `sign-in to a board of ${CARDS} cards drawn: ${ms(median(signInToBoard))} (the workflow's name shown after ${ms(median(toHeading))}); its calls over HTTP: ${ms(median(apiFloor))} (${(median(signInToBoard) / median(apiFloor)).toFixed(1)}×)`,
    )
  } finally {
    await browser.close()
    blank.close()
    await server.stop()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
