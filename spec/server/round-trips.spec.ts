/**
 * Reads in few round trips (issue 27, point 4): the statements one call of each hot read issues,
 * counted with DB_STATEMENT_LOG as `npm run bench:rpc` counts them. Authorisation and data are read
 * together: the workspace with the caller's membership in one statement; the
 * workflow with the caller's access facts, its fields, public form and star in one; the activity
 * with its workflow, the caller's access facts, its followers and function states in one; a page:
 * the workflow's access, the page, then the page's followers and function states in one.
 * Before, each of the first three issued 4 statements; on 2026-11-28, 2 each; v2.network.get 1 since 2026-11-30.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { privateDatabase } from '../helpers/database'
import { signedIn } from '../helpers/users'
import { workflowWithPhase } from '../helpers/workflows'
import { startServer, tempDataDir, type RunningServer } from '../helpers/server'

let server: RunningServer | undefined
afterAll(async () => {
  await server?.stop()
})

test('v2.network.get, v2.process.get, v3.activity.get and a page of v3.activity.list each issue their few statements', async () => {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'round-trips-spec-')), 'statements.jsonl')
  server = await startServer({ DATA_DIR: tempDataDir(), DB_STATEMENT_LOG: log, ...(await privateDatabase()) })
  const owner = await signedIn('trips', server.wsUrl)
  const { p, phase, teamId } = await workflowWithPhase(owner.client, 'Trips')
  const rows = Array.from({ length: 3 }, (_, i) => ({ name: `A${i}`, phaseId: phase }))
  const [activity] = await owner.client.call('v3.activity.createMany', p._id, rows, { teamId })
  const count = () => fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).length
  /** The fewest statements of five calls: background work (signals, function values) writes to the same log now and then. */
  const statementsOf = async (call: () => Promise<unknown>) => {
    let fewest = Infinity
    for (let i = 0; i < 5; i++) {
      const from = count()
      await call()
      fewest = Math.min(fewest, count() - from)
    }
    return fewest
  }
  expect({
    network: await statementsOf(() => owner.client.call('v2.network.get', owner.cid)),
    process: await statementsOf(() => owner.client.call('v2.process.get', p._id)),
    activity: await statementsOf(() => owner.client.call('v3.activity.get', activity._id)),
    page: await statementsOf(() => owner.client.call('v3.activity.list', { processId: p._id, phaseId: phase })),
  }).toEqual({ network: 1, process: 1, activity: 1, page: 2 })

  // A page's record is the record read alone (followers, function states and all), walked or not.
  const alone = await owner.client.call('v3.activity.get', activity._id)
  for (const query of [{ phaseId: phase }, { search: 'A0' }]) {
    const { activities } = await owner.client.call('v3.activity.list', { processId: p._id, ...query })
    expect(activities.find((a: { _id: string }) => a._id === activity._id)).toEqual(alone)
  }
  await owner.client.close()
}, 60_000)
