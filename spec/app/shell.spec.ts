/**
 * The app's frame in a real browser: signing in, registering and signing out; the current workspace
 * always visible, switched, created and renamed; the workflows of a workspace; two people in one
 * workspace seeing each other's changes live; busy buttons that send once; languages; dark mode.
 */
import { api } from '../helpers/client'
import { joinWorkspace } from '../helpers/members'
import { registerUser, signedIn, type SignedIn } from '../helpers/users'
import { check, signInOnPage, startBrowsing, type Browsing } from './browser'

let browsing: Browsing

beforeAll(async () => {
  browsing = await startBrowsing()
}, 60_000)
afterAll(async () => {
  await browsing?.close()
})
afterEach(() => {
  expect(browsing.problems.splice(0)).toEqual([])
})

test('sign in: a wrong password is refused next to the button, Enter signs in, sign out from the header; a session ended elsewhere returns to signing in', async () => {
  const ada = await registerUser('shell')
  const page = await browsing.open()
  await page.getByRole('heading', { name: 'Sign in' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/signin')
  await check(page, '1-sign-in')
  await page.getByLabel('E-mail').fill(ada.email)
  await page.getByLabel('Password').fill('not the password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('alert').filter({ hasText: 'Check the e-mail and the password' }).waitFor()
  // With the keyboard only: Tab from the e-mail to the password, Enter submits.
  await page.getByLabel('E-mail').focus()
  await page.keyboard.press('Tab')
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(ada.password)
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { name: 'Workflows' }).waitFor()
  expect(new URL(page.url()).pathname).toBe(`/w/${ada.cid}`)
  await page
    .getByTestId('current-workspace')
    .filter({ hasText: `${ada.firstname}'s workspace` })
    .waitFor()
  await page.getByTestId('connection').filter({ hasText: 'live' }).waitFor()
  await check(page, '3-workflows')

  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.getByRole('heading', { name: 'Sign in' }).waitFor()
  expect(await page.evaluate(() => localStorage.getItem('hlrkey'))).toBeNull()

  // Signed in again, then the session ends elsewhere: the page goes back to signing in.
  await signInOnPage(page, ada)
  const key = (await page.evaluate(() => localStorage.getItem('hlrkey')))!
  expect((await api('logout', [], { key })).status).toBe(200)
  await page.getByRole('heading', { name: 'Sign in' }).waitFor()
  expect(await page.evaluate(() => localStorage.getItem('hlrkey'))).toBeNull()
})

test('register: the server’s reason is shown at the field it names; then registered, signed in and in the new workspace', async () => {
  const page = await browsing.open()
  await page.getByRole('link', { name: 'Register' }).click()
  await page.getByLabel('First name').fill('Grace')
  await page.getByLabel('Last name').fill('Hopper')
  await page.getByLabel('E-mail').fill(`grace.${Date.now()}@example.test`)
  const password = page.getByLabel('Password')
  await password.fill('aaaaaaaaaa')
  await page.getByRole('button', { name: 'Register' }).click()
  await page.locator('[aria-invalid="true"]').waitFor()
  expect(await password.getAttribute('aria-invalid')).toBe('true')
  expect(await page.locator(`#${await password.getAttribute('aria-describedby')}`).textContent()).toMatch(/\S/)
  await check(page, '2-register-error')
  await password.fill('a sound passphrase')
  await page.getByRole('button', { name: 'Register' }).click()
  await page.getByRole('heading', { name: 'Workflows' }).waitFor()
  await page.getByTestId('current-workspace').filter({ hasText: "Grace's workspace" }).waitFor()
})

test('two people in one workspace: a rename and a new workflow appear live for the other; a double click creates one workflow; focus stays put', async () => {
  const owner = await signedIn('owner')
  const member = await joinWorkspace(owner)
  const lead = await browsing.open({ key: owner.key, route: `/w/${owner.cid}/settings` })
  const mate = await browsing.open({ key: member.key, route: `/w/${owner.cid}` })
  await mate.getByRole('heading', { name: 'Workflows' }).waitFor()
  await mate
    .getByTestId('current-workspace')
    .filter({ hasText: `${owner.firstname}'s workspace` })
    .waitFor()

  const name = lead.getByLabel('Workspace name')
  await name.fill('Hiring desk')
  await name.press('Enter')
  await lead.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
  // The keyboard focus is where it was: in the name field.
  expect(await lead.evaluate(() => document.activeElement?.tagName)).toBe('INPUT')
  await lead.getByTestId('current-workspace').filter({ hasText: 'Hiring desk' }).waitFor()
  await mate.getByTestId('current-workspace').filter({ hasText: 'Hiring desk' }).waitFor()
  await check(lead, '4-workspace-settings')

  // Renamed elsewhere while the lead types: their typing stays, the rename is refused with the other
  // name, and a second press replaces it knowingly.
  await name.fill('Desk A')
  await owner.client.call('v2.network.update', owner.cid, { name: 'Other name' })
  await lead.getByTestId('current-workspace').filter({ hasText: 'Other name' }).waitFor()
  expect(await name.inputValue()).toBe('Desk A')
  await lead.getByRole('button', { name: 'Rename' }).click()
  await lead.getByRole('alert').filter({ hasText: 'Someone renamed the workspace to “Other name” meanwhile' }).waitFor()
  await lead.getByRole('button', { name: 'Rename' }).click()
  await lead.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
  await mate.getByTestId('current-workspace').filter({ hasText: 'Desk A' }).waitFor()

  // A name the server refuses is shown at the field.
  await name.fill('')
  await lead.getByRole('button', { name: 'Rename' }).click()
  await lead.locator('[aria-invalid="true"]').waitFor()
  expect(await name.getAttribute('aria-invalid')).toBe('true')

  await lead.getByRole('link', { name: 'Workflows' }).click()
  await lead.getByRole('heading', { name: 'Workflows' }).waitFor()
  await lead.getByLabel('Name', { exact: true }).fill('Pipeline')
  await lead.getByRole('button', { name: 'Create workflow' }).dblclick()
  await lead.getByRole('heading', { name: 'Pipeline' }).waitFor()
  await mate.getByRole('link', { name: 'Pipeline' }).waitFor()
  const listed = (await owner.client.call('process.list')) as unknown as Array<{ name: string }>
  expect(listed.filter((wf) => wf.name === 'Pipeline')).toHaveLength(1)
  await check(mate, '5-workflows-member')
})

test('workspaces: create one (it becomes current), switch back from the header; the language and dark mode follow the person', async () => {
  const ada: SignedIn = await signedIn('switch')
  const page = await browsing.open({ key: ada.key, route: '/workspaces' })
  await page.getByRole('heading', { name: 'Workspaces' }).waitFor()
  await page.getByLabel('Workspace name').fill('Second desk')
  await page.getByRole('button', { name: 'Create workspace' }).click()
  await page.getByTestId('current-workspace').filter({ hasText: 'Second desk' }).waitFor()
  await page.getByRole('heading', { name: 'Workflows' }).waitFor()
  // The switcher in the header, with the keyboard: open it, go to all workspaces.
  await page.getByLabel('Workspace: Second desk. Switch workspace').focus()
  await page.keyboard.press('Enter')
  await page.getByRole('link', { name: 'All workspaces…' }).click()
  await page.getByRole('heading', { name: 'Workspaces' }).waitFor()
  await check(page, '6-workspaces')
  await page.getByLabel('Workspace: Second desk. Switch workspace').click()
  await page
    .locator('.switcher')
    .getByRole('link', { name: `${ada.firstname}'s workspace` })
    .click()
  await page
    .getByTestId('current-workspace')
    .filter({ hasText: `${ada.firstname}'s workspace` })
    .waitFor()
  expect(new URL(page.url()).pathname).toBe(`/w/${ada.cid}`)
  const session = (await ada.client.call('v3.session.workspaces')) as Array<{ name: string }>
  expect(session.map((w) => w.name).sort()).toEqual([`${ada.firstname}'s workspace`, 'Second desk'].sort())

  await page.getByLabel('Language').selectOption('fi')
  await page.getByRole('heading', { name: 'Työnkulut' }).waitFor()
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('fi')
  await check(page, '7-workflows-fi')
  await page.getByLabel('Kieli').selectOption('sv')
  await page.getByRole('heading', { name: 'Arbetsflöden' }).waitFor()
  await page.getByLabel('Språk').selectOption('en')

  const dark = await browsing.open({ key: ada.key, colorScheme: 'dark' })
  await dark.getByRole('heading', { name: 'Workflows' }).waitFor()
  const background = await dark.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)
  expect(background).toBe('rgb(13, 17, 23)')
  await check(dark, '8-workflows-dark')
})

test('an address opened signed out leads to signing in, and back to that address after it', async () => {
  const ada = await signedIn('deep-link')
  await ada.client.call('v2.network.update', ada.cid, { name: 'Deep desk' })
  const page = await browsing.open({ route: `/w/${ada.cid}/settings` })
  await page.getByRole('heading', { name: 'Sign in' }).waitFor()
  await page.getByLabel('E-mail').fill(ada.email)
  await page.getByLabel('Password').fill(ada.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { name: 'Workspace settings' }).waitFor()
  expect(new URL(page.url()).pathname).toBe(`/w/${ada.cid}/settings`)
  expect(await page.getByLabel('Workspace name').inputValue()).toBe('Deep desk')
})
