/**
 * Bringing a teammate in, in two browsers: a team lead (desktop) invites a member by e-mail, the
 * member (phone width) opens the link the mail carries and joins with a new account, the lead changes
 * the member's role and flags and the workflow's access live, and the member then sees the workflow
 * and may edit every activity of it. Then custom roles, teams and accounts, and the license.
 * Each screen: axe-core (no serious violation) and screenshots at both widths (artifacts/app/).
 */
import type { Page } from 'playwright-core'
import { api } from '../helpers/client'
import { inviteKeyOf, mailCount, nextMail } from '../helpers/mail'
import { joinWorkspace } from '../helpers/members'
import { signedIn, type SignedIn, uniqueEmail } from '../helpers/users'
import { newPhaseId } from '../helpers/workflows'
import { type Browsing, check, eventually, fitsNarrowPhone, PHONE, startBrowsing, go, signedInPage } from './browser'

/** Waits until `read()` gives `expected` (a live change, or the server's, arrives on its own time). */
/** The session key the page signed in with (for checks through the HTTP mirror, never for the journey itself). */
const keyOf = (page: Page) => page.evaluate(() => localStorage.getItem('hlrkey')!)
const until = <T>(read: () => Promise<T>, expected: T) => eventually(read, (value) => expect(value).toEqual(expected))

let browsing: Browsing
let lead: SignedIn
let workflowId: string
let leadsCard: string
beforeAll(async () => {
  browsing = await startBrowsing()
  lead = await signedIn('lead')
  await lead.client.call('v2.network.update', lead.cid, { name: 'Lead desk' })
  const team = await lead.client.call('company.new_team', { name: 'Everyone' })
  const wf = await lead.client.call('process.create', { name: 'Hiring' })
  const [applied, hired] = [newPhaseId(), newPhaseId()]
  await lead.client.call('process.set_info', wf._id, {
    phases: { [applied]: { name: 'Applied' }, [hired]: { name: 'Hired' } },
    phasesOrder: [applied, hired],
    preselectedTeam: { team: team._id },
  })
  workflowId = wf._id
  leadsCard = (await lead.client.call('v3.activity.create', wf._id, { name: 'Grace Hopper', phaseId: applied }, { teamId: team._id }))._id
}, 60_000)
afterAll(async () => {
  await browsing?.close()
  await lead?.client.close()
})
afterEach(() => expect(browsing.problems.splice(0)).toEqual([]))

/** A member's row on the members screen. */
const memberRow = (page: Page, name: string) => page.getByRole('listitem', { name })

test('a lead invites by e-mail; the member joins through the mailed link; role and workflow access change live; the member sees the workflow and may edit', async () => {
  const leadPage = await signedInPage(browsing, lead)
  await leadPage.getByRole('link', { name: 'Workspace settings' }).click()
  await leadPage.getByRole('link', { name: 'Members' }).click()
  await leadPage.getByRole('heading', { name: 'Members' }).waitFor()

  // A wrong address is refused at its input; a second invitation is sent and revoked.
  const inviteEmail = leadPage.getByLabel('E-mail', { exact: true })
  await inviteEmail.fill('not an address')
  await leadPage.getByRole('button', { name: 'Send invitation' }).click()
  await leadPage.locator('input[aria-invalid="true"]').waitFor()
  expect(await inviteEmail.getAttribute('aria-invalid')).toBe('true')
  const revoked = uniqueEmail('revoked')
  await inviteEmail.fill(revoked)
  await leadPage.getByRole('button', { name: 'Send invitation' }).click()
  await leadPage
    .getByRole('status')
    .filter({ hasText: `Invitation sent to ${revoked}` })
    .waitFor()
  const revokedKey = inviteKeyOf(await nextMail(revoked))
  await leadPage.getByRole('button', { name: `Revoke the invitation to ${revoked}` }).click()
  await leadPage.getByRole('listitem', { name: revoked }).waitFor({ state: 'detached' })

  // The invitation, sent again: both mails carry the same link.
  const email = uniqueEmail('member')
  await inviteEmail.fill(email)
  await leadPage.getByRole('button', { name: 'Send invitation' }).click()
  await leadPage
    .getByRole('status')
    .filter({ hasText: `Invitation sent to ${email}` })
    .waitFor()
  await leadPage.getByRole('button', { name: `Resend the invitation to ${email}` }).click()
  await leadPage.getByRole('listitem', { name: email }).getByRole('status').filter({ hasText: 'Sent again.' }).waitFor()
  const first = await nextMail(email)
  const second = await nextMail(email)
  expect(inviteKeyOf(second)).toBe(inviteKeyOf(first))
  expect(mailCount(email)).toBe(2)
  await check(leadPage, 'admin-members')
  await fitsNarrowPhone(leadPage, 'admin-members')

  // The member opens the link of the mail (its path, at this server) in another browser, at phone width.
  const link = new URL(/https?:\/\/\S+\/invite\/\S+/.exec(first.text)![0])
  const memberPage = await browsing.open({ viewport: PHONE })
  await go(memberPage, `/invite/${revokedKey}`)
  await memberPage.getByRole('alert').filter({ hasText: 'no longer valid' }).waitFor()
  await go(memberPage, link.pathname)
  await memberPage.getByText(`invited ${email} to the workspace Lead desk as member`).waitFor()
  await check(memberPage, 'admin-invite')
  await memberPage.getByLabel('First name').fill('Mia')
  await memberPage.getByLabel('Last name').fill('Member')
  await memberPage.getByLabel('Password').fill('aaaaaaaaaa')
  await memberPage.getByRole('button', { name: 'Create account and join' }).click()
  await memberPage.getByLabel('Password').and(memberPage.locator('[aria-invalid="true"]')).waitFor()
  await memberPage.getByLabel('Password').fill('a sound passphrase')
  await memberPage.getByRole('button', { name: 'Create account and join' }).click()
  await memberPage.getByRole('heading', { name: 'Workflows' }).waitFor()
  await eventually(
    () => memberPage.getByTestId('current-workspace').textContent(),
    (name) => expect(name).toBe('Lead desk'),
  )
  await memberPage.getByRole('link', { name: 'Hiring' }).waitFor()

  // The lead's list shows the member at once; the lead makes them an admin who may invite, then a member again.
  const row = memberRow(leadPage, 'Mia Member')
  await row.waitFor()
  await leadPage.getByRole('listitem', { name: email }).waitFor({ state: 'detached' })
  await row.getByLabel('Role of Mia Member', { exact: true }).selectOption('admin')
  await row.getByLabel('May invite people').check()
  await row.getByLabel('May invite people').and(leadPage.locator(':checked')).waitFor()
  const memberKey = await keyOf(memberPage)
  const standing = async () => Object.values((await api('v3.user.permissions', [], { key: memberKey })).body as Record<string, any>)[0]
  // The box shows checked before the server has the flag: wait for it as for the role below.
  await eventually(standing, (s) => expect(s).toMatchObject({ role: 'admin', inviter: true }))
  await row.getByLabel('Role of Mia Member', { exact: true }).selectOption('user')
  await until(async () => (await standing()).role, 'user')

  // The wall as a member's role allows: to people and teams; to everyone once the lead lets them.
  const post = (recipients?: string[]) =>
    api('wall2.new_post', [{ subject: 'Hello', text: 'First day' }, ...(recipients ? [recipients] : [])], { key: memberKey })
  expect((await post([`user_${lead.uid}`])).status).toBe(200)
  expect((await post()).status).toBe(403)
  await row.getByLabel('May post to everyone and pin posts').check()
  await until(async () => (await post()).status, 200)

  // Workflow access: restricted to the listed people, the member loses sight of the workflow at once.
  await leadPage.getByRole('navigation', { name: 'Workspace settings' }).getByRole('link', { name: 'Workflow access' }).click()
  await leadPage.getByRole('link', { name: 'Hiring' }).click()
  const everyone = leadPage.getByRole('listitem', { name: 'Everyone in the workspace' })
  // A new workflow lets everyone edit what they added.
  expect(await everyone.getByLabel('Edits the activities they added').isChecked()).toBe(true)
  await check(leadPage, 'admin-workflow-access')
  await everyone.getByRole('button', { name: 'Restrict to the listed teams and people' }).click()
  await everyone.waitFor({ state: 'detached' })
  await memberPage.getByRole('link', { name: 'Hiring' }).waitFor({ state: 'detached' })

  // Listed again by name: sees and adds, edits nothing of others' until given "edits every activity".
  await leadPage.getByLabel('Give access to').selectOption({ label: 'Mia Member' })
  await leadPage.getByRole('button', { name: 'Give access' }).click()
  const mia = leadPage.getByRole('listitem', { name: 'Mia Member' })
  await mia.waitFor()
  await memberPage.getByRole('link', { name: 'Hiring' }).waitFor()
  const move = () => api('v3.activity.updateMany', [[{ _id: leadsCard, name: 'Grace Brewster Hopper' }]], { key: memberKey })
  expect((await move()).status).toBe(403)
  await mia.getByLabel('Edits every activity').check()
  await mia.getByLabel('Edits every activity').and(leadPage.locator(':checked')).waitFor()
  await until(async () => (await move()).status, 200)

  // The member reads who may use the workflow, without the administrators' controls.
  await go(memberPage, `/w/${lead.cid}/settings/workflows/${workflowId}`)
  await memberPage.getByRole('listitem', { name: 'Mia Member' }).getByText('Edits every activity').waitFor()
  expect(await memberPage.getByRole('checkbox').count()).toBe(0)
  await go(memberPage, `/w/${lead.cid}`)

  // The member opens the workflow and sees the lead's card, renamed by them.
  await memberPage.getByRole('link', { name: 'Hiring' }).click()
  await memberPage.locator('[data-activity]', { hasText: 'Grace Brewster Hopper' }).waitFor()
  await check(memberPage, 'admin-member-board')
})

test('an invitee with an account signs in on the invitation page and joins; one signed in already accepts with a button', async () => {
  const [ann, ben] = [await signedIn('ann'), await signedIn('ben')]
  await Promise.all([ann.client.close(), ben.client.close()])
  for (const person of [ann, ben]) await lead.client.call('v2.network.invite.send', { email: person.email, cid: lead.cid })
  const linkTo = async (email: string) => new URL(/https?:\/\/\S+\/invite\/\S+/.exec((await nextMail(email)).text)![0]).pathname

  const annPage = await browsing.open({ viewport: PHONE })
  await go(annPage, await linkTo(ann.email))
  await annPage.getByRole('heading', { name: 'Sign in to accept' }).waitFor()
  expect(await annPage.getByLabel('E-mail').inputValue()).toBe(ann.email)
  await annPage.getByLabel('Password').fill('not the password')
  await annPage.getByRole('button', { name: 'Sign in and join' }).click()
  await annPage.getByRole('alert').waitFor()
  await annPage.getByLabel('Password').fill(ann.password)
  await annPage.getByRole('button', { name: 'Sign in and join' }).click()
  await until(() => annPage.getByTestId('current-workspace').textContent(), 'Lead desk')

  const benPage = await signedInPage(browsing, ben)
  await go(benPage, await linkTo(ben.email))
  await benPage.getByRole('button', { name: 'Accept and join' }).click()
  await until(() => benPage.getByTestId('current-workspace').textContent(), 'Lead desk')
  const members = (await lead.client.call('v2.network.get', lead.cid)).members.map((m) => m.uid)
  expect(members).toEqual(expect.arrayContaining([ann.uid, ben.uid]))
})

test('custom roles, teams and accounts: made, changed and removed in the app, live in a second browser', async () => {
  const colleague = await joinWorkspace(lead, { tag: 'colleague' })
  await colleague.client.close()
  const colleagueName = `Test ${colleague.lastname}`
  const leadPage = await signedInPage(browsing, lead)
  const watcher = await signedInPage(browsing, lead, PHONE)

  await go(leadPage, `/w/${lead.cid}/settings/roles`)
  await leadPage.getByRole('heading', { name: 'Custom roles' }).waitFor()
  const form = leadPage.getByRole('form', { name: 'New custom role' })
  await form.getByLabel('Role name').fill('Recruiter')
  await form.getByLabel('Invite people').check()
  await form.getByRole('button', { name: 'Create role' }).click()
  const recruiter = leadPage.getByRole('form', { name: 'Recruiter' })
  await recruiter.waitFor()
  // The same name again is refused at the name.
  await form.getByLabel('Role name').fill('recruiter')
  await form.getByRole('button', { name: 'Create role' }).click()
  await form.getByLabel('Role name').and(leadPage.locator('[aria-invalid="true"]')).waitFor()
  await recruiter.getByLabel('Manage teams and accounts').check()
  await recruiter.getByRole('button', { name: 'Save role' }).click()
  await recruiter.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
  await check(leadPage, 'admin-roles')

  // Given to a member on the members screen; seen in the other browser at once.
  await go(watcher, `/w/${lead.cid}/settings/members`)
  await go(leadPage, `/w/${lead.cid}/settings/members`)
  await memberRow(leadPage, colleagueName).getByLabel(`Custom role of ${colleagueName}`).selectOption({ label: 'Recruiter' })
  await until(
    () =>
      memberRow(watcher, colleagueName)
        .getByLabel(`Custom role of ${colleagueName}`)
        .evaluate((s: HTMLSelectElement) => s.selectedOptions[0].text),
    'Recruiter',
  )

  // Teams: a new team with the colleague in it and an account; the account renamed, then removed.
  await go(leadPage, `/w/${lead.cid}/settings/teams`)
  await go(watcher, `/w/${lead.cid}/settings/teams`)
  await leadPage.getByLabel('Team name').fill('Support')
  await leadPage.getByRole('button', { name: 'Create team' }).click()
  const support = leadPage.getByRole('region', { name: 'Support' })
  await support.getByLabel(colleagueName).check()
  await support.getByLabel('New account in Support').fill('Acme')
  await support.getByRole('button', { name: 'Add account' }).click()
  await until(() => support.getByLabel('Account name').inputValue(), 'Acme')
  await watcher.getByRole('region', { name: 'Support' }).getByLabel(colleagueName).and(watcher.locator(':checked')).waitFor()
  await check(leadPage, 'admin-teams')
  await support.getByLabel('Account name').fill('Acme Oy')
  await support.getByRole('button', { name: 'Rename' }).last().click()
  await until(() => watcher.getByRole('region', { name: 'Support' }).getByLabel('Account name').inputValue(), 'Acme Oy')
  await support.getByRole('button', { name: 'Remove the account Acme Oy' }).click()
  await support.getByLabel('Account name').waitFor({ state: 'detached' })
  await support.getByRole('button', { name: 'Remove the team Support' }).click()
  await watcher.getByRole('region', { name: 'Support' }).waitFor({ state: 'detached' })

  // The role removed: the member loses it.
  await go(leadPage, `/w/${lead.cid}/settings/roles`)
  await leadPage.getByRole('button', { name: 'Remove the role Recruiter' }).click()
  await leadPage.getByRole('form', { name: 'Recruiter' }).waitFor({ state: 'detached' })
  await go(watcher, `/w/${lead.cid}/settings/members`)
  expect(await memberRow(watcher, colleagueName).getByLabel(`Custom role of ${colleagueName}`).inputValue()).toBe('')

  // Removing a member asks first.
  await memberRow(watcher, colleagueName)
    .getByRole('button', { name: `Remove ${colleagueName} from the workspace` })
    .click()
  await memberRow(watcher, colleagueName)
    .getByRole('button', { name: `Yes, remove ${colleagueName}` })
    .click()
  await memberRow(watcher, colleagueName).waitFor({ state: 'detached' })
  await memberRow(leadPage, colleagueName).waitFor({ state: 'detached' })
})

test('the license and the general settings: read, renamed and switched between workspaces', async () => {
  const page = await signedInPage(browsing, lead)
  await go(page, `/w/${lead.cid}/settings/license`)
  await page.getByRole('heading', { name: 'License' }).waitFor()
  expect(await page.getByTestId('license-type').textContent()).toBe('Free')
  await check(page, 'admin-license')
  await go(page, `/w/${lead.cid}/settings`)
  await page.getByLabel('Workspace name').fill('Lead desk 2')
  await page.getByRole('button', { name: 'Rename' }).click()
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
  await until(() => page.getByTestId('current-workspace').textContent(), 'Lead desk 2')
  await check(page, 'admin-general')
  // A second workspace, made and switched to from the app; the switcher shows the current one.
  await go(page, '/workspaces')
  await page.getByLabel('Workspace name').fill('Side desk')
  await page.getByRole('button', { name: 'Create workspace' }).click()
  await until(() => page.getByTestId('current-workspace').textContent(), 'Side desk')
  await page.locator('summary').click()
  await page.getByRole('link', { name: 'Lead desk 2' }).click()
  await until(() => page.getByTestId('current-workspace').textContent(), 'Lead desk 2')
})
