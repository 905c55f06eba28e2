/**
 * The docs' screenshots in docs/images/: a server on a fresh data folder, a workspace with a hiring
 * workflow and a few activities made through the HTTP mirror, and the web app's screens of it in
 * Debian's chromium (playwright-core), 1280×800: app-board.png (the README's), app-activity.png and
 * app-workflows.png.
 *   npx tsx scripts/screenshot.ts
 */
import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { startServer } from '../spec/helpers/server'
import { newPhaseId } from '../spec/helpers/workflows'

const OUT = path.join(__dirname, '..', 'docs', 'images')
const ADA = { email: 'ada@example.org', firstname: 'Ada', lastname: 'Lovelace', password: 'analytical engine' }
const PHASES = ['Applied', 'Interview', 'Offer', 'Hired']
const CANDIDATES: [string, number][] = [
  ['Grace Hopper', 0],
  ['Alan Turing', 0],
  ['Katherine Johnson', 0],
  ['Edsger Dijkstra', 1],
  ['Barbara Liskov', 1],
  ['Donald Knuth', 2],
  ['Margaret Hamilton', 3],
]

async function shot(page: Page, name: string) {
  fs.mkdirSync(OUT, { recursive: true })
  await page.screenshot({ path: path.join(OUT, name) })
  console.log(`written: ${path.relative(process.cwd(), path.join(OUT, name))}`)
}

async function main() {
  const server = await startServer()
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
  try {
    await call('v2.user.register', ADA)
    key = await call('login', ADA.email, ADA.password)
    const team = await call('company.new_team', { name: 'Recruiting' })
    const workflow = await call('process.create', { name: 'Hiring' })
    const phaseIds = PHASES.map(() => newPhaseId())
    const phases = Object.fromEntries(phaseIds.map((id, i) => [id, { name: PHASES[i] }]))
    await call('process.set_info', workflow._id, { phases, phasesOrder: phaseIds })
    const field = async (descriptor: object) => (await call('process.create_field', workflow._id, descriptor))._id as string
    const notes = await field({ label: 'Notes', type: 'textarea' })
    const salary = await field({ label: 'Salary', type: 'numericunit', unit: 'EUR' })
    const start = await field({ label: 'Start', type: 'date' })
    const country = await field({ label: 'Country', type: 'country' })
    const level = await field({ label: 'Level', type: 'textpredefinedoptions', data: ['Junior', 'Senior', 'Principal'] })
    const recruiter = await field({ label: 'Recruiter', type: 'users' })
    await field({
      label: 'Yearly',
      type: 'numeric',
      function: 'return dep.s * 12',
      functionEnabled: true,
      functionVariables: { s: { type: '=', data: [salary] } },
    })
    const me = (await call('v3.session.get')).uid
    const created: { _id: string }[] = await call(
      'v3.activity.createMany',
      workflow._id,
      CANDIDATES.map(([name, phase], i) => ({
        name,
        phaseId: phaseIds[phase],
        ...(i === 3 && {
          fields: {
            [notes]: 'Shortest paths, and the case against goto.',
            [salary]: 6400,
            [start]: '2027-01-04',
            [country]: 'NL',
            [level]: 'Principal',
            [recruiter]: [me],
          },
        }),
      })),
      { teamId: team._id },
    )
    await call('v3.activity.ball.take', created[3]._id)

    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] })
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
      await page.goto(`${server.url}/`)
      await page.getByLabel('E-mail').fill(ADA.email)
      await page.getByLabel('Password').fill(ADA.password)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.getByRole('heading', { name: 'Workflows' }).waitFor()
      await page.getByRole('link', { name: 'Hiring' }).waitFor()
      await shot(page, 'app-workflows.png')
      await page.getByRole('link', { name: 'Hiring' }).click()
      await page
        .locator('.card')
        .nth(CANDIDATES.length - 1)
        .waitFor()
      await shot(page, 'app-board.png')
      await page.getByRole('link', { name: CANDIDATES[3][0] }).click()
      await page.getByRole('heading', { name: CANDIDATES[3][0] }).waitFor()
      await page.locator('.computed output', { hasText: '76,800' }).waitFor()
      await shot(page, 'app-activity.png')
    } finally {
      await browser.close()
    }
  } finally {
    await server.stop()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
