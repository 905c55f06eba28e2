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
import { startServer, tempDataDir, type RunningServer } from '../helpers/server'
import { signedIn } from '../helpers/users'
import { workflowWithPhase } from '../helpers/workflows'

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
  const owner = await signedIn('idle', server.wsUrl)
  const { p, teamId } = await workflowWithPhase(owner.client, 'Idle')
  const amount = await owner.client.call('process.create_field', p._id, { label: 'Amount', type: 'numeric' })
  await owner.client.call('process.create_field', p._id, {
    label: 'Doubled',
    type: 'numeric',
    function: 'return dep.x * 2',
    functionEnabled: true,
    functionVariables: { x: { type: '=', data: [amount._id] } },
  })
  await owner.client.call('v3.activity.create', p._id, { name: 'one', fields: { [amount._id]: 21 } }, { teamId })
  await owner.client.call('wall2.new_post', { subject: 'Hello', text: 'idle' }, [])
  await owner.client.call('wall2.new_post', { subject: 'Later', text: 'idle' }, [], { scheduleTime: Date.now() + 3_600_000 })
  await owner.client.close()
  await sleep(3000) // what the calls started (function values, signals) ends
  const count = () => fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).length
  const from = count()
  await sleep(IDLE_MS)
  expect(count() - from).toBeLessThan(IDLE_MS / 1000)
}, 60_000)
