/**
 * The code type-checks and keeps the house style (Prettier, .prettierrc.json). Run once, in the
 * PGlite pass: neither depends on the database.
 */
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'

const ROOT = path.join(__dirname, '..')
const run = (bin: string, args: string[]) => promisify(execFile)(path.join(ROOT, 'node_modules', '.bin', bin), args, { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 })
const once = process.env.DATABASE_URL ? test.skip : test

once(
  'npm run typecheck: no type errors',
  async () => {
    const result = await run('tsc', ['--noEmit', '-p', '.']).catch((err) => err)
    expect(result.stdout).toBe('')
  },
  300_000,
)

once(
  'npm run format:check: every file keeps the house style',
  async () => {
    const result = await run('prettier', ['--check', 'server', 'spec', 'scripts', 'client', 'console']).catch((err) => err)
    expect(result.stderr ?? '').not.toMatch(/\[warn\]/)
  },
  300_000,
)
