/**
 * v3.activity.createMany checks each distinct link target once (issue 27, point 6): 300 activities
 * whose link field names 30 distinct records ask the database about those 30, in one lookup (read
 * from the statements the server issued, DB_STATEMENT_LOG, as the benchmarks do).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { privateDatabase } from '../../helpers/database'
import { startServer, tempDataDir, type RunningServer } from '../../helpers/server'
import { signedIn } from '../../helpers/users'
import { workflowWithPhase, addOpenPhase } from '../../helpers/workflows'

const ACTIVITIES = 300
const TARGETS = 30

let server: RunningServer | undefined
afterAll(async () => {
  await server?.stop()
})

/** The lookup of link targets (checks.ts visibleLinkTargets): the active activities among a list of ids. */
const isTargetLookup = (sql: string) => /^select "_id", "process_id" from "activities" where "cid" = \$1 and "_id" = any\(\$2::text\[\]\)/.test(sql)

test('createMany asks about each distinct link target once', async () => {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'links-spec-')), 'statements.jsonl')
  server = await startServer({ DATA_DIR: tempDataDir(), DB_STATEMENT_LOG: log, ...(await privateDatabase()) })
  const owner = await signedIn('links', server.wsUrl)
  const { p: targets, teamId } = await workflowWithPhase(owner.client, 'Targets')
  const made = await owner.client.call(
    'v3.activity.createMany',
    targets._id,
    Array.from({ length: TARGETS }, (_, i) => ({ name: `Target ${i}` })),
    { teamId },
  )
  const targetIds: string[] = made.map((a: { _id: string }) => a._id)
  const deals = await owner.client.call('process.create', { name: 'Deals' })
  const link = (await owner.client.call('process.create_field', deals._id, { label: 'Target', type: 'activitylink', data: [targets._id] }))._id
  await addOpenPhase(owner.client, deals._id)

  const from = fs.readFileSync(log, 'utf8').length
  const created = await owner.client.call(
    'v3.activity.createMany',
    deals._id,
    Array.from({ length: ACTIVITIES }, (_, i) => ({ name: `Deal ${i}`, fields: { [link]: [targetIds[i % TARGETS]] } })),
    { teamId },
  )
  expect(created).toHaveLength(ACTIVITIES)
  expect(created[TARGETS + 1].fields).toEqual([{ _id: link, value: [targetIds[1]] }])
  const lookups = fs
    .readFileSync(log, 'utf8')
    .slice(from)
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { sql: string; parameters: unknown[] })
    .filter((s) => isTargetLookup(s.sql))
  expect(lookups).toHaveLength(1)
  expect([...(lookups[0].parameters[1] as string[])].sort()).toEqual([...targetIds].sort())
  await owner.client.close()
}, 120_000)
