/**
 * Webhooks in the browser: a lead makes one pointing at a receiver this test starts on loopback (the
 * run's server may post there, spec/helpers/global-setup.ts), a bad address refused at its input,
 * the signing secret shown once and verifying what arrives, a test sent and its delivery listed, the
 * secret rotated, the webhook paused. A member without the capability sees no Webhooks tab.
 * Each screen: axe-core (no serious violation) and screenshots at both widths (artifacts/app/).
 */
import { joinWorkspace } from '../helpers/members'
import { signedIn, type SignedIn } from '../helpers/users'
import { startReceiver, type Receiver } from '../helpers/webhook-receiver'
import { newPhaseId } from '../helpers/workflows'
import { type Browsing, check, fitsNarrowPhone, PHONE, startBrowsing, go, signedInPage } from './browser'

let browsing: Browsing
let receiver: Receiver
let lead: SignedIn
let workflowId: string
let teamId: string
beforeAll(async () => {
  browsing = await startBrowsing()
  receiver = await startReceiver()
  lead = await signedIn('hooks-lead')
  teamId = (await lead.client.call('company.new_team', { name: 'Everyone' }))._id
  const wf = await lead.client.call('process.create', { name: 'Orders' })
  await lead.client.call('process.create', { name: 'Returns' })
  const phase = newPhaseId()
  await lead.client.call('process.set_info', wf._id, { phases: { [phase]: { name: 'New' } }, phasesOrder: [phase] })
  workflowId = wf._id
}, 60_000)
afterAll(async () => {
  await browsing?.close()
  await receiver?.close()
  await lead?.client.close()
})
afterEach(() => expect(browsing.problems.splice(0)).toEqual([]))

test('a lead makes a webhook to a receiver: the secret is shown once and signs what arrives; a test is delivered and listed; the secret rotates; it pauses', async () => {
  const page = await signedInPage(browsing, lead)
  await page.getByRole('link', { name: 'Workspace settings' }).click()
  await page.getByRole('link', { name: 'Webhooks' }).click()
  await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor()
  await page.getByText('No webhooks yet.').waitFor()

  // A refused address says why at its input.
  const form = page.getByRole('form', { name: 'New webhook' })
  const url = form.getByLabel('Address (URL)')
  await url.fill('ftp://example.com/hook')
  await form.getByRole('button', { name: 'Create webhook' }).click()
  await url.and(page.locator('[aria-invalid="true"]')).waitFor()
  expect(await page.locator(`#${await url.getAttribute('aria-describedby')}`).textContent()).toMatch(/http/)

  // Made with one workflow and one event, chosen by name; the secret is shown once.
  await url.fill(receiver.url)
  await form.getByLabel('Description').fill('Orders to the warehouse')
  await form.getByLabel('Orders').check()
  await form.getByText(/Only these events/).click()
  // Each event in words, its code beside it.
  await form.getByLabel('Activity created').check()
  expect(await form.getByText('v3.activity.created', { exact: true }).getAttribute('class')).toBe('code-note')
  await check(page, 'admin-webhook-events')
  await form.getByRole('button', { name: 'Create webhook' }).click()
  const shown = page.getByTestId('webhook-secret')
  await shown.waitFor()
  receiver.secret = (await shown.textContent())!.trim()
  expect(receiver.secret).toMatch(/^whsec_/)
  const card = page.getByRole('listitem', { name: receiver.url })
  await card.getByText('Activity created').waitFor()
  await card.getByText('v3.activity.created', { exact: true }).waitFor()
  await card.getByText('Orders', { exact: true }).waitFor()
  await check(page, 'admin-webhooks')
  await page.getByRole('button', { name: 'Done' }).click()
  await shown.waitFor({ state: 'detached' })
  expect(await page.content()).not.toContain(receiver.secret)

  // What the webhook wants arrives signed with the secret the page showed.
  const made = await lead.client.call('v3.activity.create', workflowId, { name: 'Order 1' }, { teamId })
  await receiver.waitFor((r) => r.some((e) => e.body.type === 'v3.activity.created' && e.body.data._id === made._id))
  expect(receiver.received.every((r) => r.verified)).toBe(true)

  // A test is sent and its delivery listed (status 204) in the deliveries, read again while shown.
  await card.getByRole('button', { name: 'Send a test' }).click()
  await receiver.waitFor((r) => r.some((e) => e.body.type === 'webhook.test'))
  const deliveries = page.getByRole('region', { name: `Deliveries of the webhook to ${receiver.url}` })
  const testId = receiver.received.find((e) => e.body.type === 'webhook.test')!.id
  await deliveries.getByRole('row', { name: new RegExp(`#${testId} \\(attempt 1\\) 204`) }).waitFor()
  await check(page, 'admin-webhook-deliveries')
  await fitsNarrowPhone(page, 'admin-webhook-deliveries')

  // Redelivered from the test event: the receiver gets it again with its same webhook-id.
  await deliveries.getByRole('button', { name: `Redeliver every event from #${testId} on` }).click()
  await receiver.waitFor((r) => r.filter((e) => e.id === testId).length === 2)

  // Edited: a new description and every event; the card says so.
  await card.getByRole('button', { name: 'Edit' }).click()
  const edit = card.getByRole('form', { name: `Settings of the webhook to ${receiver.url}` })
  await edit.getByLabel('Description').fill('Every order event')
  await edit.getByLabel('Activity created').uncheck()
  await edit.getByRole('button', { name: 'Save webhook' }).click()
  await edit.waitFor({ state: 'detached' })
  await card.getByText('Every order event').waitFor()
  await card.getByText('every event').waitFor()
  expect((await lead.client.call('v3.webhook.list', lead.cid))[0]).toMatchObject({ description: 'Every order event', events: null, processIds: [workflowId] })

  // A rotated secret is shown once and signs from then on.
  await card.getByRole('button', { name: 'New secret' }).click()
  await shown.waitFor()
  const rotated = (await shown.textContent())!.trim()
  expect(rotated).not.toBe(receiver.secret)
  receiver.secret = rotated
  await page.getByRole('button', { name: 'Done' }).click()
  await card.getByRole('button', { name: 'Send a test' }).click()
  await receiver.waitFor((r) => new Set(r.filter((e) => e.body.type === 'webhook.test').map((e) => e.id)).size === 2)
  expect(receiver.received.filter((e) => e.body.type === 'webhook.test').at(-1)!.verified).toBe(true)

  // Paused from its card: the list says so, and the server has it.
  await card.getByLabel(`On (posting to ${receiver.url})`).uncheck()
  await card
    .getByTestId('webhook-state')
    .getByText(/Paused/)
    .waitFor()
  expect((await lead.client.call('v3.webhook.list', lead.cid))[0].enabled).toBe(false)
})

test('a member without the right to manage webhooks sees no Webhooks tab, and the screen says why', async () => {
  const member = await joinWorkspace(lead, { role: 'user', tag: 'hooks-member' })
  const page = await signedInPage(browsing, member, PHONE)
  await go(page, `/w/${lead.cid}/settings/webhooks`)
  // Shown once the member's standing is read, which the tabs read too.
  await page.getByText('Managing webhooks needs the right to manage webhooks.').waitFor()
  await page.getByRole('link', { name: 'License' }).waitFor()
  expect(await page.getByRole('link', { name: 'Webhooks' }).count()).toBe(0)
  await member.client.close()
})
