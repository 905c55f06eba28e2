/** AUTOMATION_RUN_RETENTION_DAYS: the run log drops the runs older than it, and only those. */
import { WEBHOOK_TEST_ENV } from '../helpers/global-setup'
import { startServer, tempDataDir } from '../helpers/server'
import { pause } from '../helpers/stream'
import { signedIn } from '../helpers/users'
import { board, runsOf } from './helpers'

test('AUTOMATION_RUN_RETENTION_DAYS removes the runs older than it, and only those', async () => {
  // 0.0001 days is 8.64 s: the sweep runs every quarter of it. On PostgreSQL the database is shared
  // with the run's other servers: the sweep deletes their old runs too, which no other spec waits that long for.
  const short = await startServer({ ...WEBHOOK_TEST_ENV, AUTOMATION_RUN_RETENTION_DAYS: '0.0001', DATA_DIR: tempDataDir() })
  try {
    const o = await signedIn('auto-retention', short.wsUrl)
    const b = await board(o.client, 'Retention')
    const rule = await o.client.call('v3.automation.create', o.cid, {
      processId: b.p._id,
      trigger: { type: 'activity.created' },
      actions: [{ type: 'setFields', fields: { [b.note]: 'seen' } }],
    })
    const older = await o.client.call('v3.activity.create', b.p._id, { name: 'older' }, { teamId: b.teamId })
    await runsOf(o, rule._id)
    await pause(6000)
    const newer = await o.client.call('v3.activity.create', b.p._id, { name: 'newer' }, { teamId: b.teamId })
    expect((await runsOf(o, rule._id, (r) => r.length >= 2)).map((r) => r.activityId)).toEqual([older._id, newer._id])
    const left = await runsOf(o, rule._id, (r) => !r.some((x) => x.activityId === older._id), 30_000)
    expect(left.map((r) => r.activityId)).toEqual([newer._id])
    await o.client.close()
  } finally {
    await short.stop()
  }
}, 60_000)
