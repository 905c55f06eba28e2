/**
 * A function value recomputed after a run's change by the drain, in a transaction of its own, keeps
 * the run's origin: two rules that set each other off through a function field stop at
 * AUTOMATION_CHAIN_LIMIT as they do through plain fields. The server here evaluates no function value
 * inside a call (FUNCTION_WRITE_BUDGET=0), so every one goes through the drain.
 */
import { WEBHOOK_TEST_ENV } from '../helpers/global-setup'
import { startServer, type RunningServer } from '../helpers/server'
import { signedIn } from '../helpers/users'
import { activityOf, board, expectChainStopped } from './helpers'

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ ...WEBHOOK_TEST_ENV, FUNCTION_WRITE_BUDGET: '0' })
})
afterAll(() => server?.stop())

test('rules set off by function values the drain writes stop at AUTOMATION_CHAIN_LIMIT (5)', async () => {
  const o = await signedIn('auto-fn-chain', server.wsUrl)
  const b = await board(o.client, 'Function chain')
  // Mirror = Status, computed.
  const mirror: string = (
    await o.client.call('process.create_field', b.p._id, {
      label: 'Mirror',
      type: 'text',
      function: 'return dep.s',
      functionEnabled: true,
      functionVariables: { s: { type: '=', data: [b.status] } },
    })
  )._id
  const rule = (name: string, when: string, then: string) =>
    o.client.call('v3.automation.create', o.cid, {
      processId: b.p._id,
      name,
      trigger: { type: 'field.changed', fieldId: mirror, value: when },
      actions: [{ type: 'setFields', fields: { [b.status]: then } }],
    })
  const toB = await rule('a to b', 'a', 'b')
  const toA = await rule('b to a', 'b', 'a')
  const a = await o.client.call('v3.activity.create', b.p._id, { name: 'x' }, { teamId: b.teamId })
  await o.client.call('v3.activity.updateMany', [{ _id: a._id, fields: { [b.status]: 'a' } }])

  await expectChainStopped(o, toB._id, toA._id, 2500, 60_000)
  // The last run set Status to b; the drain computed Mirror from it.
  expect(JSON.stringify((await activityOf(o.client, a._id)).fields)).not.toContain('"a"')
  await o.client.close()
})
