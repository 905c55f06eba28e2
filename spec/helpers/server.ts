/**
 * Starts the real server as a child process, as `npm start` does, on port 0 with its own
 * data folder (or the DATABASE_URL of the environment), and waits until /readyz answers.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const ROOT = path.join(__dirname, '..', '..')
/** What `npm start` runs (after its dependency check): the launcher that bundles and runs the server. */
export const START_COMMAND: [string, string[]] = [process.execPath, [path.join(ROOT, 'scripts', 'start.js')]]

export interface RunningServer {
  url: string
  wsUrl: string
  dataDir: string
  child: ChildProcess
  output: () => string
  /** SIGTERM; resolves with the exit code. */
  stop(): Promise<number | null>
}

/** Set by the test run's global setup: every folder of the run lives under it, and its teardown removes it. */
export const RUN_FOLDER_VARIABLE = 'HLR_TEST_RUN_DIR'
/** Folders made outside a test run (benchmarks), removed when the process exits. */
const madeOutsideARun: string[] = []

/** A fresh folder for a server (or anything a test writes). Nothing is left behind: a server folder is hundreds of megabytes with PGlite. */
export function tempDataDir(): string {
  const runFolder = process.env[RUN_FOLDER_VARIABLE]
  const dir = fs.mkdtempSync(path.join(runFolder ?? os.tmpdir(), 'hlr-test-'))
  if (!runFolder) {
    if (!madeOutsideARun.length) process.once('exit', () => madeOutsideARun.forEach((d) => fs.rmSync(d, { recursive: true, force: true })))
    madeOutsideARun.push(dir)
  }
  return dir
}

/**
 * `cwd`: the working directory (default the project folder), where the server looks for `.env`; a variable given as undefined is left unset.
 * `nodeArgs`: flags for node itself (e.g. --cpu-prof, which NODE_OPTIONS does not take).
 */
export async function startServer(
  env: Record<string, string | undefined> = {},
  timeoutMs = 60_000,
  options: { cwd?: string; nodeArgs?: string[] } = {},
): Promise<RunningServer> {
  const dataDir = env.DATA_DIR ?? tempDataDir()
  const [node, args] = START_COMMAND
  const child = spawn(node, [...(options.nodeArgs ?? []), ...args], {
    cwd: options.cwd ?? ROOT,
    // Every test and benchmark calls from 127.0.0.1: the per-address budgets (HTTP requests, registrations
    // without proof of work, failed sign-ins, unknown keys, sockets) are lifted unless a test sets them.
    // ENV_FILE empty: a developer's .env in the project folder does not reach the tests.
    env: {
      ...process.env,
      ENV_FILE: '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      HTTP_REQUESTS_PER_SECOND: '1000000',
      REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000000',
      LOGIN_FREE_FAILURES_PER_ADDRESS: '1000000',
      KEY_GUESSES_PER_ADDRESS: '1000000',
      WS_MAX_ANONYMOUS_PER_ADDRESS: '1000000',
      WS_MAX_SIGNED_IN_PER_ADDRESS: '1000000',
      ...env,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), timeoutMs)
    const look = () => {
      const match = /"url":"(http:\/\/[^"]+)"/.exec(output)
      if (match) {
        clearTimeout(timer)
        child.stdout!.off('data', look)
        resolve(match[1])
      }
    }
    child.stdout!.on('data', look)
    void exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${output}`)))
  })
  await waitReady(url, timeoutMs)
  return {
    url,
    wsUrl: url.replace(/^http/, 'ws') + '/ws',
    dataDir,
    child,
    output: () => output,
    /** A folder the caller did not give is removed once the server has exited. */
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      const code = await exited
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true })
      return code
    },
  }
}

async function waitReady(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    const res = await fetch(`${url}/readyz`).catch(() => null)
    if (res?.status === 200) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('server never became ready')
}
