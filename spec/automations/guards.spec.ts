/**
 * Automations: the loop guard and the chain bound, a creator who lost their rights, mail to a real
 * SMTP server on loopback, a webhook call to a receiver on loopback checked with an independent
 * implementation of Standard Webhooks.
 */
import { mailCount, nextMail } from '../helpers/mail'
import { joinWorkspace } from '../helpers/members'
import { pause } from '../helpers/stream'
import { signedIn } from '../helpers/users'
import { startReceiver } from '../helpers/webhook-receiver'
import { activityOf, board, expectChainStopped, runsOf } from './helpers'

test("a rule's own change does not set it off again", async () => {
  const o = await signedIn('auto-loop')
  const b = await board(o.client, 'Loop')
  const rule = await o.client.call('v3.automation.create', o.cid, {
    processId: b.p._id,
    trigger: { type: 'field.changed', fieldId: b.status },
    actions: [{ type: 'setFields', fields: { [b.status]: 'normalized' } }],
  })
  const a = await o.client.call('v3.activity.create', b.p._id, { name: 'x' }, { teamId: b.teamId })
  await o.client.call('v3.activity.updateMany', [{ _id: a._id, fields: { [b.status]: 'raw' } }])
  const runs = await runsOf(o, rule._id, (r) => r.length >= 2)
  await pause(500)
  expect(await o.client.call('v3.automation.runs', rule._id, {})).toHaveLength(2)
  expect(runs.map((r) => [r.outcome, r.depth])).toEqual([
    ['ok', 1],
    ['skipped', 2],
  ])
  expect(runs[1].error).toMatch(/made by this automation/)
  expect(JSON.stringify((await activityOf(o.client, a._id)).fields)).toContain('normalized')
  await o.client.close()
})

test('two rules that set each other off stop at AUTOMATION_CHAIN_LIMIT (5), and the run log says so', async () => {
  const o = await signedIn('auto-chain')
  const b = await board(o.client, 'Chain')
  const there = await o.client.call('v3.automation.create', o.cid, {
    processId: b.p._id,
    name: 'there',
    trigger: { type: 'phase.entered', phaseId: b.doing },
    actions: [{ type: 'move', phaseId: b.done }],
  })
  const back = await o.client.call('v3.automation.create', o.cid, {
    processId: b.p._id,
    name: 'back',
    trigger: { type: 'phase.entered', phaseId: b.done },
    actions: [{ type: 'move', phaseId: b.doing }],
  })
  const a = await o.client.call('v3.activity.create', b.p._id, { name: 'x' }, { teamId: b.teamId, phaseId: b.open })
  await o.client.call('v3.activity.updateMany', [{ _id: a._id, phaseId: b.doing }])
  await expectChainStopped(o, there._id, back._id, 500)
  expect((await activityOf(o.client, a._id)).currentPhase).toBe(b.done)
  await o.client.close()
})

test('a creator who left the workspace: the run fails with the reason, the activity is untouched, later rules still run', async () => {
  const o = await signedIn('auto-left')
  const admin = await joinWorkspace(o, { role: 'admin', tag: 'auto-left-admin' })
  const b = await board(o.client, 'Left')
  const theirs = await admin.client.call('v3.automation.create', o.cid, {
    processId: b.p._id,
    trigger: { type: 'activity.created' },
    actions: [{ type: 'setFields', fields: { [b.status]: 'by the admin' } }],
  })
  const a1 = await o.client.call('v3.activity.create', b.p._id, { name: 'before' }, { teamId: b.teamId })
  await runsOf(o, theirs._id)
  expect(JSON.stringify((await activityOf(o.client, a1._id)).fields)).toContain('by the admin')
  await o.client.call('company.remove_user', admin.uid)
  const a2 = await o.client.call('v3.activity.create', b.p._id, { name: 'after' }, { teamId: b.teamId })
  const runs = await runsOf(o, theirs._id, (r) => r.length >= 2)
  expect(runs[1]).toMatchObject({ activityId: a2._id, outcome: 'failed', error: 'its creator is no longer a member of the workspace' })
  expect(JSON.stringify((await activityOf(o.client, a2._id)).fields ?? {})).not.toContain('by the admin')
  await Promise.all([o.client.close(), admin.client.close()])
})

test("a creator without rights on the workflow: the operation's refusal is the run's error, nothing of the run is written", async () => {
  const o = await signedIn('auto-rights')
  const admin = await joinWorkspace(o, { role: 'admin', tag: 'auto-rights-admin' })
  const b = await board(o.client, 'Rights')
  const rule = await admin.client.call('v3.automation.create', o.cid, {
    processId: b.p._id,
    trigger: { type: 'activity.created' },
    actions: [
      { type: 'setFields', fields: { [b.note]: 'first action' } },
      { type: 'move', phaseId: b.done },
    ],
  })
  // Made a plain member: they keep the workspace but not automations.manage.
  await o.client.call('company.set_user_data', { workspaceId: o.cid, uid: admin.uid, section: 'admin', value: 'false' })
  const a = await o.client.call('v3.activity.create', b.p._id, { name: 'x' }, { teamId: b.teamId, phaseId: b.open })
  const [run] = await runsOf(o, rule._id)
  expect(run).toMatchObject({ outcome: 'failed', error: 'its creator may no longer manage automations' })
  const now = await activityOf(o.client, a._id)
  expect(now.currentPhase).toBe(b.open)
  expect(JSON.stringify(now.fields ?? {})).not.toContain('first action')
  await Promise.all([o.client.close(), admin.client.close()])
})

test('mail to a member and to the ball holder reaches a real SMTP server', async () => {
  const o = await signedIn('auto-mail')
  const m = await joinWorkspace(o, { role: 'user', tag: 'auto-mail-m' })
  const b = await board(o.client, 'Mail')
  await o.client.call('v3.automation.create', o.cid, {
    processId: b.p._id,
    name: 'Tell',
    trigger: { type: 'phase.entered', phaseId: b.done },
    actions: [
      { type: 'mail', to: m.uid, subject: '{{activity.name}} is done', text: 'Rule {{automation.name}} saw {{activity.name}} ({{activity.id}}) finish.' },
      { type: 'mail', to: 'ballHolder', subject: 'Yours: {{activity.name}}', text: 'You hold the ball.' },
    ],
  })
  const a = await o.client.call('v3.activity.create', b.p._id, { name: 'Report', followerIds: [m.uid] }, { teamId: b.teamId, phaseId: b.open })
  await o.client.call('v3.activity.ball.pass', a._id, m.uid)
  await o.client.call('v3.activity.updateMany', [{ _id: a._id, phaseId: b.done }])
  const first = await nextMail(m.email, { timeoutMs: 20_000 })
  const second = await nextMail(m.email, { timeoutMs: 20_000 })
  const bySubject = new Map([first, second].map((x) => [x.subject, x]))
  expect(bySubject.get('Report is done')!.text).toContain(`Rule Tell saw Report (${a._id}) finish.`)
  expect(bySubject.get('Yours: Report')!.text).toContain('You hold the ball.')
  await Promise.all([o.client.close(), m.client.close()])
})

test('mail the server cannot take for now is sent on a later attempt, once; mail refused for good is named in the run', async () => {
  const o = await signedIn('auto-mail-busy')
  const m = await joinWorkspace(o, { role: 'user', tag: 'auto-mail-busy-m' })
  const b = await board(o.client, 'Busy')
  const rule = await o.client.call('v3.automation.create', o.cid, {
    processId: b.p._id,
    trigger: { type: 'phase.entered', phaseId: b.done },
    actions: [
      { type: 'mail', to: m.uid, subject: '{{activity.name}} [smtp-busy-once]', text: 'Done.' },
      { type: 'setFields', fields: { [b.note]: 'mailed' } },
    ],
  })
  const a = await o.client.call('v3.activity.create', b.p._id, { name: `Busy ${m.uid.slice(-6)}` }, { teamId: b.teamId, phaseId: b.open })
  await o.client.call('v3.activity.updateMany', [{ _id: a._id, phaseId: b.done }])
  const got = await nextMail(m.email, { timeoutMs: 20_000 })
  expect(got.subject).toBe(`${a.name} [smtp-busy-once]`)
  const [run] = await runsOf(o, rule._id)
  expect(run).toMatchObject({ outcome: 'ok', error: null })
  const sent = mailCount(m.email)
  await pause(500)
  expect(mailCount(m.email)).toBe(sent)
  expect(await o.client.call('v3.automation.runs', rule._id, {})).toHaveLength(1)
  expect(JSON.stringify((await activityOf(o.client, a._id)).fields)).toContain('mailed')

  await o.client.call('v3.automation.update', rule._id, {
    actions: [{ type: 'mail', to: m.uid, subject: '{{activity.name}} [smtp-refuse]', text: 'Done.' }],
  })
  const a2 = await o.client.call('v3.activity.create', b.p._id, { name: 'Refused' }, { teamId: b.teamId, phaseId: b.open })
  await o.client.call('v3.activity.updateMany', [{ _id: a2._id, phaseId: b.done }])
  const runs = await runsOf(o, rule._id, (r) => r.length >= 2 && r[1].error !== null)
  expect(runs[1]).toMatchObject({ outcome: 'ok', activityId: a2._id })
  expect(runs[1].error).toMatch(/^mail to .* was refused: .*554/)
  await Promise.all([o.client.close(), m.client.close()])
})

test('call a webhook: signed with the automation secret, a 503 is tried again with the same webhook-id and runs once; a 4xx fails the run', async () => {
  const receiver = await startReceiver()
  try {
    const o = await signedIn('auto-hook')
    const b = await board(o.client, 'Hook')
    const rule = await o.client.call('v3.automation.create', o.cid, {
      processId: b.p._id,
      trigger: { type: 'activity.created' },
      actions: [
        { type: 'webhook', url: receiver.url },
        { type: 'setFields', fields: { [b.note]: 'called' } },
      ],
    })
    receiver.secret = rule.secret!
    const a = await o.client.call('v3.activity.create', b.p._id, { name: 'x' }, { teamId: b.teamId })
    const [run] = await runsOf(o, rule._id)
    expect(run.outcome).toBe('ok')
    expect(run.actions.map((x) => x.type)).toEqual(['webhook', 'setFields'])
    await receiver.waitFor((r) => r.length >= 1)
    const [got] = receiver.received
    expect(got.verified).toBe(true)
    expect(got.id).toBe(`${rule._id}.${run.seq}`)
    expect(got.body).toMatchObject({ type: 'automation.run', data: { automationId: rule._id, event: 'v3.activity.created', activityIds: [a._id], depth: 1 } })

    // A 503 is transient: the run is tried again after the backoff, with the same webhook-id, and happens once.
    receiver.failNext(1)
    const a2 = await o.client.call('v3.activity.create', b.p._id, { name: 'y' }, { teamId: b.teamId })
    const runs = await runsOf(o, rule._id, (r) => r.length >= 2)
    expect(runs[1]).toMatchObject({ outcome: 'ok', activityId: a2._id })
    expect(receiver.answered.slice(1)).toEqual([503, 204])
    expect(receiver.requested.slice(1)).toEqual([`${rule._id}.${runs[1].seq}`, `${rule._id}.${runs[1].seq}`])
    expect(JSON.stringify((await activityOf(o.client, a2._id)).fields ?? {})).toContain('called')

    // A 4xx is the receiver's answer: the run fails, is not tried again, and writes nothing.
    receiver.failNext(1, 410)
    const a3 = await o.client.call('v3.activity.create', b.p._id, { name: 'z' }, { teamId: b.teamId })
    const after = await runsOf(o, rule._id, (r) => r.length >= 3)
    expect(after[2]).toMatchObject({ outcome: 'failed', activityId: a3._id })
    expect(after[2].error).toMatch(/answered 410/)
    await pause(500)
    expect(receiver.answered.slice(3)).toEqual([410])
    expect(await o.client.call('v3.automation.runs', rule._id, {})).toHaveLength(3)
    expect(JSON.stringify((await activityOf(o.client, a3._id)).fields ?? {})).not.toContain('called')
    await o.client.close()
  } finally {
    await receiver.close()
  }
})
