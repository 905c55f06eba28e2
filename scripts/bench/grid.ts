/**
 * The grid in Debian's chromium (headless, through playwright-core), against a fresh server, beside a
 * baseline measured in the same run in the same browser (first load and sign-in are `bench:app`'s):
 *   grid scrolling over 10,000 activities (created with createMany): the grid's scroll box is moved
 *      400 px (10 rows) per animation frame from the top to the last row, the rows read in pages as it
 *      goes; frames are counted with requestAnimationFrame and a frame is dropped for each 1/60 s
 *      missed between two frames. Baseline: the same scroll over a plain page of 10,000 rows of text.
 *   npm run bench:grid
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { startServer, tempDataDir } from '../../spec/helpers/server'
import { signedIn } from '../../spec/helpers/users'
import { newPhaseId } from '../../spec/helpers/workflows'

const ACTIVITIES = Number(process.env.BENCH_GRID_ACTIVITIES ?? 10_000)
const ROOT = path.join(__dirname, '..', '..')

/**
 * Scrolls `selector`'s box (or the page) 400 px (10 rows) a frame to its end, and, when `done` is
 * given, until it is drawn (the last row, read in the last page); counts the frames and the 1/60 s
 * ticks missed between them. Sent as text: tsx's helper names would not exist in the page.
 */
const SCROLL = `async ([selector, done]) => new Promise((resolve) => {
  const box = selector ? document.querySelector(selector) : document.scrollingElement
  const finished = () => box.scrollTop + box.clientHeight >= box.scrollHeight - 1 && (!done || !!document.querySelector(done))
  let frames = 0, dropped = 0, worst = 0, start = 0, last = 0
  const frame = (now) => {
    frames++
    const gap = now - last
    worst = Math.max(worst, gap)
    dropped += Math.max(0, Math.round(gap / (1000 / 60)) - 1)
    last = now
    if (finished() || now - start > 120000) return resolve({ frames, dropped, ms: now - start, worst })
    box.scrollTop += 400
    requestAnimationFrame(frame)
  }
  requestAnimationFrame((now) => {
    start = last = now
    requestAnimationFrame(frame)
  })
})`

async function scrollFrames(page: Page, selector: string | null, done: string | null) {
  const run = await page.evaluateHandle(SCROLL)
  return (await run.evaluate((fn: any, args) => fn(args), [selector, done])) as { frames: number; dropped: number; ms: number; worst: number }
}

async function main() {
  // The app built as npm start would build it.
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-app.js')], { stdio: 'inherit' })
  const server = await startServer({ DATABASE_URL: process.env.DATABASE_URL ?? '', DATA_DIR: tempDataDir() })
  let browser: Browser | undefined
  try {
    const owner = await signedIn('bench', server.wsUrl)
    const c = owner.client
    const team = (await c.call('company.new_team', { name: 'Everyone' }))._id as string
    const wf = (await c.call('process.create', { name: 'Bench' }))._id as string
    const field = async (d: Record<string, unknown>) => (await c.call('process.create_field', wf, d as never))._id as string
    const notes = await field({ label: 'Notes', type: 'text' })
    const amount = await field({ label: 'Amount', type: 'numeric' })
    const due = await field({ label: 'Due', type: 'date' })
    const level = await field({ label: 'Level', type: 'textpredefinedoptions', data: ['Low', 'High'] })
    const phases = [newPhaseId(), newPhaseId(), newPhaseId()]
    await c.call('process.set_info', wf, {
      phases: Object.fromEntries(phases.map((p, i) => [p, { name: `Phase ${i + 1}` }])),
      phasesOrder: phases,
      preselectedTeam: { team },
    })
    const t0 = performance.now()
    for (let from = 0; from < ACTIVITIES; from += 2000) {
      const batch = Array.from({ length: Math.min(2000, ACTIVITIES - from) }, (_, k) => {
        const i = from + k
        return {
          name: `Activity ${i}`,
          phaseId: phases[i % 3],
          fields: { [notes]: `note ${i}`, [amount]: i, [due]: Date.UTC(2026, 0, 1 + (i % 365)), [level]: i % 2 ? 'Low' : 'High' },
        }
      })
      await c.call('v3.activity.createMany', wf, batch as never, { teamId: team } as never)
    }
    console.log(`${ACTIVITIES} activities created with createMany in ${(performance.now() - t0).toFixed(0)} ms`)

    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] })
    const fresh = async (key?: string) => {
      const context = await browser!.newContext({ viewport: { width: 1200, height: 800 }, locale: 'en-GB' })
      if (key) await context.addInitScript((k) => localStorage.setItem('hlrkey', k), key)
      return { context, page: await context.newPage() }
    }
    // Baseline: the same scroll over a plain page of 10,000 rows.
    {
      const { context, page } = await fresh()
      await page.goto(`${server.url}/readyz`)
      await page.evaluate((n) => {
        document.body.innerHTML = ''
        for (let i = 0; i < n; i++) {
          const div = document.createElement('div')
          div.textContent = `Activity ${i} · note ${i} · ${i}`
          div.className = 'r'
          document.body.append(div)
        }
      }, ACTIVITIES)
      const plain = await scrollFrames(page, null, null)
      console.log(
        `plain page of ${ACTIVITIES} rows (baseline): ${plain.frames} frames in ${plain.ms.toFixed(0)} ms, ${plain.dropped} dropped, longest ${plain.worst.toFixed(0)} ms`,
      )
      await context.close()
    }
    {
      const { context, page } = await fresh(owner.key)
      await page.goto(`${server.url}/w/${owner.cid}/workflows/${wf}?view=grid`)
      await page.locator('.grid-body [role=row]').first().waitFor({ timeout: 60_000 })
      // BENCH_GRID_PROFILE=1: V8's CPU profile of the page during the scroll, its top functions by own time.
      const cdp = process.env.BENCH_GRID_PROFILE ? await context.newCDPSession(page) : null
      if (cdp) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'))
      const grid = await scrollFrames(page, '.grid-scroll', `.grid-body [role=row][aria-rowindex="${ACTIVITIES + 1}"]`)
      if (cdp) {
        const { profile } = (await cdp.send('Profiler.stop')) as any
        const self = new Map<string, number>()
        const dt = new Map<number, number>()
        profile.samples.forEach((id: number, i: number) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
        for (const node of profile.nodes) {
          const f = node.callFrame
          const name = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`
          self.set(name, (self.get(name) ?? 0) + (dt.get(node.id) ?? 0) / 1000)
        }
        for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${ms.toFixed(0).padStart(7)} ms  ${name}`)
      }
      const shown = await page.locator('.grid-body [role=row]').last().getAttribute('aria-rowindex')
      console.log(
        `grid over ${ACTIVITIES} activities: ${grid.frames} frames in ${grid.ms.toFixed(0)} ms, ${grid.dropped} dropped (${((100 * grid.dropped) / (grid.frames + grid.dropped)).toFixed(1)}%), longest ${grid.worst.toFixed(0)} ms; last row reached ${Number(shown) - 1}`,
      )
      await context.close()
    }
  } finally {
    await browser?.close()
    await server.stop()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
