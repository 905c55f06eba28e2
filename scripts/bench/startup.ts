/**
 * Start-up on an existing PGlite data folder: from spawning the server (as `npm start` runs it, with a
 * current bundle) to /readyz answering 200, against spawning a bare node process that only opens the
 * same folder with PGlite and runs one query, in the same run, rounds interleaved. Goal: within 2x.
 * The same server run from its TypeScript sources through tsx is measured alongside (the former start).
 *   npm run bench:startup
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { START_COMMAND, startServer, tempDataDir } from '../../spec/helpers/server'

const ROUNDS = Number(process.env.BENCH_STARTUP_ROUNDS ?? 5)
const ROOT = path.join(__dirname, '..', '..')

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/** Milliseconds from spawn until `done` resolves; the process is then ended. */
async function timed(command: string, args: string[], env: Record<string, string>, done: (out: () => string) => Promise<void>): Promise<number> {
  const t = performance.now()
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout.on('data', (d) => (out += d))
  child.stderr.on('data', (d) => (out += d))
  await done(() => out)
  const ms = performance.now() - t
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await exited
  return ms
}

async function until(check: () => Promise<boolean> | boolean) {
  while (!(await check())) await new Promise((r) => setTimeout(r, 10))
}

async function main() {
  // A data folder that has run every migration, as after a first start.
  const first = await startServer({ DATABASE_URL: '', DATA_DIR: tempDataDir() })
  await first.stop()
  const dir = first.dataDir
  const openOnly = `const t=Date.now();import('@electric-sql/pglite').then(async({PGlite})=>{const db=await PGlite.create(${JSON.stringify(path.join(dir, 'pgdata'))});await db.query('select 1');console.log('open');setInterval(()=>{},1000)})`
  const env = { DATA_DIR: dir, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ENV_FILE: '' }
  const toReady = async (out: () => string) => {
    await until(() => /"url":"(http:[^"]+)"/.test(out()))
    const url = /"url":"(http:[^"]+)"/.exec(out())![1]
    await until(async () => (await fetch(`${url}/readyz`).catch(() => null))?.status === 200)
  }
  const server: number[] = []
  const viaTsx: number[] = []
  const pglite: number[] = []
  for (let i = 0; i < ROUNDS; i++) {
    pglite.push(await timed(process.execPath, ['-e', openOnly], {}, (out) => until(() => out().includes('open'))))
    server.push(await timed(...START_COMMAND, env, toReady))
    viaTsx.push(await timed(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], env, toReady))
  }
  fs.rmSync(dir, { recursive: true, force: true })
  const s = median(server)
  const p = median(pglite)
  console.log(`PGlite opening the folder: median ${p.toFixed(0)} ms (${pglite.map((x) => x.toFixed(0)).join(', ')})`)
  console.log(`server to /readyz:         median ${s.toFixed(0)} ms (${server.map((x) => x.toFixed(0)).join(', ')})`)
  console.log(`ratio ${(s / p).toFixed(2)} (goal <= 2)`)
  const t = median(viaTsx)
  console.log(`through tsx (former start): median ${t.toFixed(0)} ms (${viaTsx.map((x) => x.toFixed(0)).join(', ')}), ratio ${(t / p).toFixed(2)}`)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
