/**
 * WEBHOOK_DISABLE_AFTER_HOURS end to end, on a server of its own where it is two seconds: a receiver
 * that keeps failing has its webhook disabled, with the failing event named, its creator mailed and
 * signalled; enabled again once the receiver answers, delivery resumes from that very event. An
 * automation whose run keeps failing (its webhook action) is turned off the same way.
 */
import { board } from '../automations/helpers'
import { pause } from '../helpers/stream'
import { WEBHOOK_TEST_ENV } from '../helpers/global-setup'
import { privateDatabase } from '../helpers/database'
import { nextMail, startMailCatcher, type MailCatcher } from '../helpers/mail'
import { startServer, tempDataDir, type RunningServer } from '../helpers/server'
import { signedIn } from '../helpers/users'
import { startReceiver, type Receiver } from '../helpers/webhook-receiver'

let server: RunningServer
let mail: MailCatcher
let receiver: Receiver
beforeAll(async () => {
  mail = await startMailCatcher(tempDataDir())
  receiver = await startReceiver()
  // A database of its own: on a shared PostgreSQL the run's server would deliver these webhooks too, and keep retrying.
  server = await startServer({ ...WEBHOOK_TEST_ENV, WEBHOOK_DISABLE_AFTER_HOURS: String(2 / 3600), SMTP_URL: mail.url, ...(await privateDatabase()) })
}, 120_000)
afterAll(async () => {
  await server?.stop()
  await Promise.all([receiver?.close(), mail?.close()])
})

test('an event failing for WEBHOOK_DISABLE_AFTER_HOURS disables its webhook; enabled again, it is delivered', async () => {
  const o = await signedIn('wh-disable-after', server.wsUrl)
  const hook = await o.client.call('v3.webhook.create', o.cid, { url: receiver.url })
  receiver.secret = hook.secret!
  receiver.failNext(1_000_000)
  await o.client.call('resume')
  await o.client.call('v2.network.update', o.cid, { name: 'Renamed while the receiver fails' })

  const heard = await o.client.waitForSignal('webhook.disabled', (m) => m._id === hook._id, 20_000)
  expect(heard.meta.reason).toMatch(/^event \d+ failed for \d+ seconds$/)
  const failing = Number(/^event (\d+)/.exec(heard.meta.reason)![1])
  const mailed = await nextMail(o.email, { dir: mail.dir })
  expect(mailed.subject).toBe('A webhook was disabled')
  expect(mailed.text).toContain(heard.meta.reason)
  const [listed] = await o.client.call('v3.webhook.list', o.cid)
  expect(listed).toMatchObject({ enabled: false, disabledReason: heard.meta.reason })
  // Retried with growing delays until then, each attempt refused by the receiver.
  const attempts = await o.client.call('v3.webhook.deliveries', hook._id, {})
  expect(attempts.length).toBeGreaterThan(2)
  expect(attempts.every((a) => a.seq === failing && a.status === 503)).toBe(true)
  expect(receiver.received).toHaveLength(0)

  receiver.failNext(0)
  await o.client.call('v3.webhook.update', hook._id, { enabled: true })
  await receiver.waitFor((r) => r.some((x) => Number(x.id) === failing))
  expect(receiver.received[0]).toMatchObject({ id: String(failing), body: { type: 'network.updated' } })
  await o.client.close()
}, 60_000)

test('an automation whose run keeps failing for WEBHOOK_DISABLE_AFTER_HOURS is turned off', async () => {
  const failing = await startReceiver()
  try {
    failing.failNext(1_000_000)
    const o = await signedIn('auto-disable-after', server.wsUrl)
    const b = await board(o.client, 'Failing')
    const rule = await o.client.call('v3.automation.create', o.cid, {
      processId: b.p._id,
      trigger: { type: 'activity.created' },
      actions: [{ type: 'webhook', url: failing.url }],
    })
    await o.client.call('v3.activity.create', b.p._id, { name: 'x' }, { teamId: b.teamId })
    const until = Date.now() + 20_000
    while ((await o.client.call('v3.automation.list', o.cid, { processId: b.p._id }))[0].enabled) {
      if (Date.now() > until) throw new Error('the automation was never turned off')
      await pause(100)
    }
    // Tried again and again until then: one webhook-id, every answer a 503.
    expect(failing.answered.length).toBeGreaterThan(2)
    expect(new Set(failing.requested)).toEqual(new Set([failing.requested[0]]))
    expect(failing.requested[0]).toMatch(new RegExp(`^${rule._id}\\.`))
    await o.client.close()
  } finally {
    await failing.close()
  }
}, 60_000)
