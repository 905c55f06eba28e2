/**
 * Webhooks end to end: a receiver on loopback checks each signature with its own implementation of
 * the Standard Webhooks specification; the operations, the payload as the creator sees it, order
 * across every kind of change, retries after failures, a phase's webhook, and refusals.
 */
import { Client } from '../helpers/client'
import { nextMail } from '../helpers/mail'
import { joinWorkspace } from '../helpers/members'
import { pause } from '../helpers/stream'
import { signedIn, type SignedIn } from '../helpers/users'
import { idsOnce, startReceiver, type Receiver } from '../helpers/webhook-receiver'
import { newPhaseId, workflowWithPhase } from '../helpers/workflows'

// The run's server retries after 50 ms (doubling) and may post to loopback (spec/helpers/global-setup.ts, WEBHOOK_TEST_ENV).
let receiver: Receiver
beforeEach(async () => {
  receiver = await startReceiver()
})
afterEach(() => receiver.close())

const owner = (tag: string): Promise<SignedIn> => signedIn(tag)

/** The attempts of events after `afterSeq` once at least `count` are recorded (they are written in batches, soon after). */
async function attemptsOf(o: SignedIn, webhookId: string, afterSeq = 0, count = 1) {
  for (;;) {
    const attempts = await o.client.call('v3.webhook.deliveries', webhookId, { afterSeq })
    if (attempts.length >= count) return attempts
    await pause(50)
  }
}

async function hookFor(o: SignedIn, options: { events?: string[]; processIds?: string[] } = {}) {
  const hook = await o.client.call('v3.webhook.create', o.cid, { url: receiver.url, ...options })
  receiver.secret = hook.secret!
  return hook
}

test('create shows the secret once; events are signed, carry the record as the creator sees it, and arrive in order', async () => {
  const o = await owner('wh-basic')
  const hook = await hookFor(o)
  expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
  expect(Buffer.from(hook.secret!.slice(6), 'base64')).toHaveLength(32)
  expect(hook).toMatchObject({ url: receiver.url, enabled: true, events: null, processIds: null, uid: o.uid })
  const [listed] = await o.client.call('v3.webhook.list', o.cid)
  expect(listed._id).toBe(hook._id)
  expect(listed).not.toHaveProperty('secret')

  const { p, teamId } = await workflowWithPhase(o.client, 'Hooks')
  const a = await o.client.call('v3.activity.create', p._id, { name: 'first' }, { teamId })
  await o.client.call('v3.activity.updateMany', [{ _id: a._id, name: 'renamed' }])
  await receiver.waitFor((r) => r.some((e) => e.body.type === 'v3.activity.updated'))
  expect(receiver.received.every((r) => r.verified)).toBe(true)
  const created = receiver.received.find((r) => r.body.type === 'v3.activity.created')!
  expect(created.body.data).toMatchObject({ processId: p._id, _id: a._id, activity: { _id: a._id, process: p._id } })
  // "now": the record as it is when delivered, so the rename may already show; the updated event shows it.
  const updated = receiver.received.find((r) => r.body.type === 'v3.activity.updated')!
  expect(updated.body.data.activity.name).toBe('renamed')
  // The whole record, followers and all, as v3.activity.get reads it (nothing changed it since).
  expect(updated.body.data.activity).toEqual(await o.client.call('v3.activity.get', a._id))
  expect(Number(updated.id)).toBeGreaterThan(Number(created.id))
  expect(Math.abs(updated.timestamp * 1000 - Date.now())).toBeLessThan(600_000)
  expect(new Date(updated.body.timestamp).getTime()).toBeGreaterThan(0)

  // test: one webhook.test event, its seq is the answer; the attempt is listed.
  const seq = await o.client.call('v3.webhook.test', hook._id)
  await receiver.waitFor((r) => r.some((e) => e.body.type === 'webhook.test'))
  const t = receiver.received.find((e) => e.body.type === 'webhook.test')!
  expect(Number(t.id)).toBe(seq)
  expect(t.body.data).toMatchObject({ _id: hook._id, cid: o.cid, test: true })
  const attempts = await attemptsOf(o, hook._id, seq - 1)
  expect(attempts[0]).toMatchObject({ seq, attempt: 1, status: 204, error: null })

  // A rotated secret signs from then on; the old one no longer verifies.
  const rotated = await o.client.call('v3.webhook.rotateSecret', hook._id)
  expect(rotated.secret).not.toBe(hook.secret)
  receiver.secret = rotated.secret!
  const seq2 = await o.client.call('v3.webhook.test', hook._id)
  await receiver.waitFor((r) => r.some((e) => Number(e.id) === seq2))
  expect(receiver.received.find((e) => Number(e.id) === seq2)!.verified).toBe(true)
  await o.client.close()
})

test('webhooks.manage: a member without it is refused, a stranger learns nothing', async () => {
  const o = await owner('wh-cap')
  const hook = await hookFor(o)
  const member = await owner('wh-member')
  const invite = await o.client.call('v2.network.invite.send', { email: member.email, role: 'user' })
  await member.client.call('v2.user.invite.accept', invite.invite_key)
  expect(await member.client.fail('v3.webhook.list', o.cid)).toMatchObject({ code: 403 })
  expect(await member.client.fail('v3.webhook.test', hook._id)).toMatchObject({ code: 403 })
  const stranger = await owner('wh-stranger')
  expect(await stranger.client.fail('v3.webhook.remove', hook._id)).toMatchObject({ code: 404 })
  expect(await o.client.fail('v3.webhook.create', o.cid, { url: 'ftp://example.test/x' })).toMatchObject({ code: 400 })
  expect(await o.client.call('v3.webhook.remove', hook._id)).toBe(true)
  expect(await o.client.call('v3.webhook.list', o.cid)).toEqual([])
  await Promise.all([o.client.close(), member.client.close(), stranger.client.close()])
})

test('2,000 changes by createMany, updateMany, moves and function recomputation: every one delivered once, in seq order, as a socket heard them', async () => {
  const o = await owner('wh-bulk')
  const { p, teamId } = await workflowWithPhase(o.client, 'Bulk')
  const done = newPhaseId()
  await o.client.call('process.set_info', p._id, { phases: { [done]: { name: 'Done' } } })
  const amount = await o.client.call('process.create_field', p._id, { label: 'Amount', type: 'numeric' })
  await o.client.call('process.create_field', p._id, {
    label: 'Double',
    type: 'numeric',
    function: 'return dep.a * 2',
    functionEnabled: true,
    functionVariables: { a: { type: '=', data: [amount._id] } },
  })
  const hook = await hookFor(o, { processIds: [p._id] })
  const listener = await Client.connect({ key: o.key })
  await listener.call('resume')

  // 500 created (5 calls), 500 updated with a new amount (each recomputes its Double), 500 moved, 500 updated again.
  const ids: string[] = []
  for (let b = 0; b < 5; b++) {
    const made = await o.client.call(
      'v3.activity.createMany',
      p._id,
      Array.from({ length: 100 }, (_, i) => ({ name: `A${b * 100 + i}` })),
      { teamId },
    )
    ids.push(...made.map((a: { _id: string }) => a._id))
  }
  for (let b = 0; b < 5; b++) {
    const slice = ids.slice(b * 100, b * 100 + 100)
    await o.client.call(
      'v3.activity.updateMany',
      slice.map((_id, i) => ({ _id, fields: { [amount._id]: i } })),
    )
    await o.client.call(
      'v3.activity.updateMany',
      slice.map((_id) => ({ _id, phaseId: done })),
    )
    await o.client.call(
      'v3.activity.updateMany',
      slice.map((_id) => ({ _id, name: `moved ${_id}` })),
    )
  }
  // What a socket of the owner heard about the workflow is what the webhook must have: same seqs, same order.
  await pause(500)
  const heard = () => listener.signals.filter((s) => s.meta?.processId === p._id).map((s) => s.seq!)
  await receiver.waitFor((r) => idsOnce(r).length >= heard().length && heard().length > 0, 120_000)
  await pause(300)
  const expected = heard()
  expect(expected.length).toBeGreaterThanOrEqual(5 + 3 * 500)
  expect(idsOnce(receiver.received)).toEqual(expected)
  expect(receiver.received.every((r) => r.verified)).toBe(true)
  const types = receiver.received.map((r) => r.body.type)
  expect(types.filter((t) => t === 'v3.activity.created')).toHaveLength(5)
  expect(types.filter((t) => t === 'v3.activity.phase')).toHaveLength(500)
  // Every activity's last event shows its name after the last rename; the recomputed Double reached each.
  const touched = new Set(receiver.received.filter((r) => r.body.type === 'v3.activity.updated').map((r) => r.body.data._id))
  expect(touched.size).toBe(500)
  const webhook = (await o.client.call('v3.webhook.list', o.cid)).find((w) => w._id === hook._id)!
  expect(webhook.failing).toBeNull()
  await Promise.all([o.client.close(), listener.close()])
}, 300_000)

test('a receiver that does not answer, or stops halfway through its answer: the attempt ends after WEBHOOK_TIMEOUT_SECONDS and the event is sent again', async () => {
  const o = await owner('wh-timeout')
  const hook = await hookFor(o)
  receiver.holdNext('silent', 'halfway')
  const { p, teamId } = await workflowWithPhase(o.client, 'Timeout')
  const made = await o.client.call('v3.activity.create', p._id, { name: 'Slow' }, { teamId })
  await receiver.waitFor((r) => r.some((e) => e.body.type === 'v3.activity.created'), 30_000)
  expect(receiver.received.find((e) => e.body.type === 'v3.activity.created')!.body.data.activity._id).toBe(made._id)
  const attempts = await attemptsOf(o, hook._id, 0, 3)
  // The run's server gives a receiver 2 s (WEBHOOK_TEST_ENV).
  expect(attempts.slice(0, 3)).toMatchObject([
    { attempt: 1, status: null, error: 'no complete answer within 2 s' },
    { attempt: 2, status: 200, error: 'no complete answer within 2 s' },
    { attempt: 3, status: 204, error: null },
  ])
  expect(new Set(attempts.slice(0, 3).map((a) => a.seq)).size).toBe(1)
  for (const a of attempts.slice(0, 2)) expect(a.durationMs).toBeGreaterThanOrEqual(1990)
  await o.client.close()
}, 60_000)

test('a receiver failing for a while, then recovering: the event is retried with growing delays, nothing lost or reordered', async () => {
  const o = await owner('wh-retry')
  const hook = await hookFor(o)
  receiver.failNext(6)
  const { p, teamId } = await workflowWithPhase(o.client, 'Retry')
  const made: string[] = []
  for (let i = 0; i < 5; i++) made.push((await o.client.call('v3.activity.create', p._id, { name: `R${i}` }, { teamId }))._id)
  await receiver.waitFor((r) => r.filter((e) => e.body.type === 'v3.activity.created').length === 5)
  expect(receiver.answered.slice(0, 6)).toEqual([503, 503, 503, 503, 503, 503])
  const createdOrder = receiver.received.filter((e) => e.body.type === 'v3.activity.created').map((e) => e.body.data._id)
  expect(createdOrder).toEqual(made)
  const ids = idsOnce(receiver.received)
  expect(ids).toEqual([...ids].sort((a, b) => a - b))
  const attempts = await attemptsOf(o, hook._id, 0, 7)
  const first = attempts.filter((a) => a.seq === attempts[0].seq)
  expect(first.map((a) => a.status)).toEqual([503, 503, 503, 503, 503, 503, 204])
  expect(first[0].response).toBe('not now')
  // Backoff: the delays double from 50 ms (times 0.5 to 1.5): the sixth is at least 800 ms, the first at most 75 ms plus the machine's delays.
  const gaps = first.slice(1).map((a, i) => a.at - first[i].at)
  expect(gaps[5]).toBeGreaterThan(gaps[0])
  await o.client.close()
}, 60_000)

test('a phase with webhooksEnabled and webhookUrl posts the activities that enter it', async () => {
  const o = await owner('wh-phase')
  const { p, phase, teamId } = await workflowWithPhase(o.client, 'Phases')
  const review = newPhaseId()
  await o.client.call('process.set_info', p._id, { phases: { [review]: { name: 'Review', webhooksEnabled: true, webhookUrl: receiver.url } } })
  const [hook] = await o.client.call('v3.webhook.list', o.cid)
  expect(hook.phase).toEqual({ processId: p._id, phaseId: review })
  receiver.secret = (await o.client.call('v3.webhook.rotateSecret', hook._id)).secret!
  expect(await o.client.fail('v3.webhook.update', hook._id, { url: receiver.url })).toMatchObject({ code: 422 })
  const a = await o.client.call('v3.activity.create', p._id, { name: 'stays' }, { teamId })
  const b = await o.client.call('v3.activity.create', p._id, { name: 'moves' }, { teamId })
  await o.client.call('v3.activity.updateMany', [{ _id: b._id, phaseId: review }])
  const c = await o.client.call('v3.activity.create', p._id, { name: 'born there' }, { teamId, phaseId: review })
  await receiver.waitFor((r) => r.length >= 2)
  await pause(300)
  expect(receiver.received.map((r) => [r.body.type, r.body.data.activity._id])).toEqual([
    ['v3.activity.phase', b._id],
    ['v3.activity.created', c._id],
  ])
  expect(receiver.received.every((r) => r.verified)).toBe(true)
  expect(a.currentPhase).toBe(phase)
  // Turned off in the settings: the webhook goes.
  await o.client.call('process.set_info', p._id, { phases: { [review]: { name: 'Review', webhooksEnabled: false } } })
  expect(await o.client.call('v3.webhook.list', o.cid)).toEqual([])
  await o.client.close()
})

test('a private address is refused unless allowed; disabling and enabling resumes from the cursor; redeliver replays', async () => {
  const o = await owner('wh-private')
  // 127.0.0.2 is loopback but not in WEBHOOK_ALLOWED_HOSTS.
  const refused = await o.client.call('v3.webhook.create', o.cid, { url: receiver.url.replace('127.0.0.1', '127.0.0.2') })
  const seq = await o.client.call('v3.webhook.test', refused._id)
  const attempts = await attemptsOf(o, refused._id)
  expect(attempts[0]).toMatchObject({ seq, status: null })
  expect(attempts[0].error).toMatch(/private or local address/)

  const hook = await hookFor(o)
  await o.client.call('v3.webhook.update', hook._id, { enabled: false })
  const off = await o.client.call('v3.webhook.test', hook._id)
  await pause(500)
  expect(receiver.received).toHaveLength(0)
  const back = await o.client.call('v3.webhook.update', hook._id, { enabled: true })
  expect(back.enabled).toBe(true)
  await receiver.waitFor((r) => r.some((e) => Number(e.id) === off))
  const later = await o.client.call('v3.webhook.test', hook._id)
  await receiver.waitFor((r) => r.some((e) => Number(e.id) === later))
  expect(await o.client.call('v3.webhook.redeliver', hook._id, off)).toBe(true)
  await receiver.waitFor((r) => r.length === 4)
  expect(receiver.received.map((r) => Number(r.id))).toEqual([off, later, off, later])
  await o.client.close()
})

test('a changed URL or filter applies from the next event, even to a webhook delivering a moment before', async () => {
  const o = await owner('wh-changed')
  const hook = await hookFor(o)
  const first = await o.client.call('v3.webhook.test', hook._id)
  await receiver.waitFor((r) => r.some((e) => Number(e.id) === first))
  const moved = await startReceiver()
  try {
    moved.secret = hook.secret!
    await o.client.call('v3.webhook.update', hook._id, { url: moved.url })
    const second = await o.client.call('v3.webhook.test', hook._id)
    await moved.waitFor((r) => r.some((e) => Number(e.id) === second))
    // Only workflow changes from now on: a renamed workspace is not posted, a test event still is.
    await o.client.call('v3.webhook.update', hook._id, { events: ['process.created'] })
    await o.client.call('v2.network.update', o.cid, { name: 'Not posted' })
    const third = await o.client.call('v3.webhook.test', hook._id)
    await moved.waitFor((r) => r.some((e) => Number(e.id) === third))
    expect(receiver.received.map((e) => Number(e.id))).toEqual([first])
    expect(moved.received.map((e) => Number(e.id))).toEqual([second, third])
  } finally {
    await moved.close()
  }
  await o.client.close()
})

test('a creator who may no longer manage webhooks stops theirs: disabled with the reason, mailed and signalled', async () => {
  const o = await owner('wh-demoted')
  const admin = await joinWorkspace(o, { role: 'admin' })
  const hook = await admin.client.call('v3.webhook.create', o.cid, { url: receiver.url })
  receiver.secret = hook.secret!
  await admin.client.call('resume')
  // Delivered while the creator may: what the process read of them then does not outlive the demotion.
  await o.client.call('v2.network.update', o.cid, { name: 'Renamed before the demotion' })
  await receiver.waitFor((r) => r.some((x) => x.body.type === 'network.updated'))
  await o.client.call('company.set_user_data', { section: 'admin', uid: admin.uid, value: 'false' })
  await o.client.call('v2.network.update', o.cid, { name: 'Renamed after the demotion' })
  const heard = await admin.client.waitForSignal('webhook.disabled', (m) => m._id === hook._id)
  expect(heard.meta.reason).toMatch(/may no longer manage webhooks/)
  const mail = await nextMail(admin.email)
  expect(mail.subject).toBe('A webhook was disabled')
  expect(mail.text).toContain(receiver.url)
  const [listed] = await o.client.call('v3.webhook.list', o.cid)
  expect(listed).toMatchObject({ enabled: false, disabledReason: expect.stringMatching(/may no longer manage webhooks/) })
  // The rename before the demotion only.
  expect(receiver.received.filter((r) => r.body.type === 'network.updated')).toHaveLength(1)
  await Promise.all([o.client.close(), admin.client.close()])
})
