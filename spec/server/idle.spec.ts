/**
 * An idle server stays idle (issue 27, point 5): with a workspace, a workflow with a function field,
 * an activity and a post on the wall, and nobody connected, the server issues fewer than one
 * statement a second (counted with DB_STATEMENT_LOG, as `npm run bench:idle` does). Its background
 * loops wake on the bus and poll only as a slow safety net: before, the wall's scheduler and the
 * event log's tail polled every second (4 statements a second).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { privateDatabase } from '../helpers/database'
import { busyWorkspace } from '../helpers/idle'
import { startServer, tempDataDir, type RunningServer } from '../helpers/server'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const IDLE_MS = 10_000

let server: RunningServer | undefined
afterAll(async () => {
  await server?.stop()
})

test('an idle server issues fewer statements than seconds pass', async () => {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'idle-spec-')), 'statements.jsonl')
  // A database of its own: in a shared one, what earlier specs left (webhooks retrying to receivers
  // gone, scheduled posts) is work, not idleness.
  server = await startServer({ DATA_DIR: tempDataDir(), DB_STATEMENT_LOG: log, ...(await privateDatabase()) })
  await busyWorkspace(server.wsUrl)
  await sleep(3000) // what the calls started (function values, signals) ends
  const count = () => fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).length
  const from = count()
  await sleep(IDLE_MS)
  expect(count() - from).toBeLessThan(IDLE_MS / 1000)
}, 60_000)
