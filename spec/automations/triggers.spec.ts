/**
 * Automations end to end on the run's server: each trigger and each in-database action, the run log,
 * the operations' refusals.
 */
import { joinWorkspace } from '../helpers/members'
import { pause } from '../helpers/stream'
import { signedIn } from '../helpers/users'
import { loadFeed } from '../helpers/wall'
import { startReceiver } from '../helpers/webhook-receiver'
import { activityOf, board, runsOf } from './helpers'

test('an activity is created → move to a phase and set a field; the run log says what each action did', async () => {
  const o = await signedIn('auto-created')
  const b = await board(o.client, 'Created')
  const rule = await o.client.call('v3.automation.create', o.cid, {
    processId: b.p._id,
    name: 'Triage',
    trigger: { type: 'activity.created' },
    actions: [
      { type: 'move', phaseId: b.doing },
      { type: 'setFields', fields: { [b.status]: 'triaged' } },
    ],
  })
  expect(rule).toMatchObject({ name: 'Triage', enabled: true, processId: b.p._id, uid: o.uid })
  expect(rule.secret).toMatch(/^whsec_/)
  const a = await o.client.call('v3.activity.create', b.p._id, { name: 'first' }, { teamId: b.teamId })
  const [run] = await runsOf(o, rule._id)
  expect(run).toMatchObject({ event: 'v3.activity.created', activityId: a._id, outcome: 'ok', error: null, depth: 1 })
  expect(run.actions.map((x) => [x.type, x.ok])).toEqual([
    ['move', true],
    ['setFields', true],
  ])
  const now = await activityOf(o.client, a._id)
  expect(now.currentPhase).toBe(b.doing)
  expect(JSON.stringify(now.fields)).toContain('triaged')
  const [listed] = await o.client.call('v3.automation.list', o.cid, { processId: b.p._id })
  expect(listed._id).toBe(rule._id)
  expect(listed).not.toHaveProperty('secret')
  await o.client.close()
})

test('enters phase P → set a field; another phase does not trigger it', async () => {
  const o = await signedIn('auto-phase')
  const b = await board(o.client, 'Phase')
  const rule = await o.client.call('v3.automation.create', o.cid, {
    processId: b.p._id,
    trigger: { type: 'phase.entered', phaseId: b.done },
    actions: [{ type: 'setFields', fields: { [b.status]: 'closed' } }],
  })
  const a = await o.client.call('v3.activity.create', b.p._id, { name: 'x' }, { teamId: b.teamId, phaseId: b.open })
  await o.client.call('v3.activity.updateMany', [{ _id: a._id, phaseId: b.doing }])
  await o.client.call('v3.activity.updateMany', [{ _id: a._id, phaseId: b.done }])
  const runs = await runsOf(o, rule._id)
  await pause(300)
  expect(await o.client.call('v3.automation.runs', rule._id, {})).toHaveLength(1)
  expect(runs[0]).toMatchObject({ event: 'v3.activity.phase', outcome: 'ok' })
  expect(JSON.stringify((await activityOf(o.client, a._id)).fields)).toContain('closed')
  await o.client.close()
})

test('field F changes to V → move; another value does not trigger it; any change of F with no value given', async () => {
  const o = await signedIn('auto-field')
  const b = await board(o.client, 'Field')
  const toV = await o.client.call('v3.automation.create', o.cid, {
    processId: b.p._id,
    trigger: { type: 'field.changed', fieldId: b.status, value: 'approved' },
    actions: [{ type: 'move', phaseId: b.done }],
  })
  const any = await o.client.call('v3.automation.create', o.cid, {
    processId: b.p._id,
    trigger: { type: 'field.changed', fieldId: b.status },
    actions: [{ type: 'setFields', fields: { [b.note]: 'status seen' } }],
  })
  const a = await o.client.call('v3.activity.create', b.p._id, { name: 'x' }, { teamId: b.teamId, phaseId: b.open })
  await o.client.call('v3.activity.updateMany', [{ _id: a._id, fields: { [b.status]: 'pending' } }])
  await runsOf(o, any._id)
  expect((await activityOf(o.client, a._id)).currentPhase).toBe(b.open)
  await o.client.call('v3.activity.updateMany', [{ _id: a._id, fields: { [b.status]: 'approved' } }])
  const [run] = await runsOf(o, toV._id)
  expect(run).toMatchObject({ event: 'v3.activity.updated', outcome: 'ok', activityId: a._id })
  expect((await activityOf(o.client, a._id)).currentPhase).toBe(b.done)
  expect(await runsOf(o, any._id, (r) => r.length === 2)).toHaveLength(2)
  // A change of another field sets off neither.
  await o.client.call('v3.activity.updateMany', [{ _id: a._id, fields: { [b.note]: 'other' } }])
  await pause(500)
  expect(await o.client.call('v3.automation.runs', toV._id, {})).toHaveLength(1)
  await o.client.close()
})

test('F changes to V, then away and back while the rule is still on its last run: it runs once per change to V', async () => {
  // Each run waits for a slow receiver, so the rule comes to the second and third changes only
  // after both were written, when the field holds V again: the change away is not judged by it.
  const receiver = await startReceiver('127.0.0.1', 1500)
  try {
    const o = await signedIn('auto-field-again')
    const b = await board(o.client, 'Field again')
    const toV = await o.client.call('v3.automation.create', o.cid, {
      processId: b.p._id,
      trigger: { type: 'field.changed', fieldId: b.status, value: 'approved' },
      actions: [{ type: 'webhook', url: receiver.url }],
    })
    receiver.secret = toV.secret!
    const a = await o.client.call('v3.activity.create', b.p._id, { name: 'x' }, { teamId: b.teamId })
    const set = (value: string) => o.client.call('v3.activity.updateMany', [{ _id: a._id, fields: { [b.status]: value } }])
    await set('approved')
    for (const until = Date.now() + 20_000; !receiver.requested.length && Date.now() < until;) await pause(20)
    await set('pending')
    await set('approved')
    const runs = await runsOf(o, toV._id, (r) => r.length >= 2)
    await receiver.waitFor((r) => r.length >= 2)
    await pause(2000)
    expect(await o.client.call('v3.automation.runs', toV._id, {})).toHaveLength(2)
    expect(receiver.requested).toHaveLength(2)
    expect(runs[1].seq - runs[0].seq).toBeGreaterThan(1)
    await o.client.close()
  } finally {
    await receiver.close()
  }
})

test('the ball is passed → add followers and post on the wall; pass the ball as an action', async () => {
  const o = await signedIn('auto-ball')
  const m = await joinWorkspace(o, { role: 'user', tag: 'auto-ball-m' })
  const x = await joinWorkspace(o, { role: 'user', tag: 'auto-ball-x' })
  const b = await board(o.client, 'Ball')
  const onPass = await o.client.call('v3.automation.create', o.cid, {
    processId: b.p._id,
    trigger: { type: 'ball.passed', to: m.uid },
    actions: [
      { type: 'addFollowers', userIds: [x.uid] },
      { type: 'post', subject: 'Ball', text: '{{activity.name}} is with someone new' },
    ],
  })
  const passer = await o.client.call('v3.automation.create', o.cid, {
    processId: b.p._id,
    trigger: { type: 'phase.entered', phaseId: b.doing },
    actions: [{ type: 'passBall', userId: m.uid }],
  })
  const a = await o.client.call('v3.activity.create', b.p._id, { name: 'Ballgame', followerIds: [m.uid] }, { teamId: b.teamId, phaseId: b.open })
  await o.client.call('v3.activity.updateMany', [{ _id: a._id, phaseId: b.doing }])
  const [passed] = await runsOf(o, passer._id)
  expect(passed).toMatchObject({ outcome: 'ok', depth: 1 })
  const [heard] = await runsOf(o, onPass._id)
  expect(heard).toMatchObject({ event: 'v3.activity.ball', error: null, outcome: 'ok', depth: 2 })
  const now = await activityOf(o.client, a._id)
  expect(now.ballHolder?.uid ?? now.ballHolder?._id ?? JSON.stringify(now.ballHolder)).toContain(m.uid)
  expect(now.followers).toEqual(expect.arrayContaining([m.uid, x.uid]))
  const posts = JSON.stringify(await loadFeed(x.client))
  expect(posts).toContain('Ballgame is with someone new')
  await Promise.all([o.client.close(), m.client.close(), x.client.close()])
})

test('automations.manage: a member without it is refused, a stranger learns nothing; bad phases are 422', async () => {
  const o = await signedIn('auto-refuse')
  const m = await joinWorkspace(o, { role: 'user', tag: 'auto-refuse-m' })
  const s = await signedIn('auto-refuse-s')
  const b = await board(o.client, 'Refuse')
  const rule = {
    processId: b.p._id,
    trigger: { type: 'activity.created' as const },
    actions: [{ type: 'move' as const, phaseId: b.done }] as [{ type: 'move'; phaseId: string }],
  }
  expect((await m.client.fail('v3.automation.create', o.cid, rule)).code).toBe(403)
  expect((await s.client.fail('v3.automation.create', o.cid, rule)).code).toBe(404)
  expect((await o.client.fail('v3.automation.create', o.cid, { ...rule, actions: [{ type: 'move', phaseId: '0'.repeat(24) }] })).code).toBe(422)
  expect((await o.client.fail('v3.automation.create', o.cid, { ...rule, trigger: { type: 'nope' } } as never)).code).toBe(400)
  const made = await o.client.call('v3.automation.create', o.cid, rule)
  expect((await s.client.fail('v3.automation.runs', made._id, {})).code).toBe(404)
  expect((await m.client.fail('v3.automation.update', made._id, { enabled: false })).code).toBe(403)
  const off = await o.client.call('v3.automation.update', made._id, { enabled: false, name: 'Off' })
  expect(off).toMatchObject({ enabled: false, name: 'Off' })
  // Disabled: nothing runs.
  await o.client.call('v3.activity.create', b.p._id, { name: 'x' }, { teamId: b.teamId })
  await pause(500)
  expect(await o.client.call('v3.automation.runs', made._id, {})).toEqual([])
  expect(await o.client.call('v3.automation.remove', made._id)).toBe(true)
  expect((await o.client.fail('v3.automation.runs', made._id, {})).code).toBe(404)
  await Promise.all([o.client.close(), m.client.close(), s.client.close()])
})
