/**
 * One's own account in the browser: an API key made (a bad address refused at its input, the key
 * shown once and working), changed and revoked, live in a second tab; the profile's name and
 * language (kept for the next sign-in), a picture, and the password changed with the current one.
 * Each screen: axe-core (no serious violation) and screenshots at both widths (artifacts/app/).
 */
import { api } from '../helpers/client'
import { PNG_1x1 } from '../helpers/upload'
import { signedIn, type SignedIn } from '../helpers/users'
import { type Browsing, check, eventually, fitsNarrowPhone, PHONE, startBrowsing, go, signedInPage } from './browser'

/** Waits until `read()` gives `expected` (a live change, or the server's, arrives on its own time). */
const until = <T>(read: () => Promise<T>, expected: T) => eventually(read, (value) => expect(value).toEqual(expected))

let browsing: Browsing
let me: SignedIn
beforeAll(async () => {
  browsing = await startBrowsing()
  me = await signedIn('account')
}, 60_000)
afterAll(async () => {
  await browsing?.close()
  await me?.client.close()
})
afterEach(() => expect(browsing.problems.splice(0)).toEqual([]))

test('an API key: a bad address is refused at its input; the key is shown once, works, is changed and revoked', async () => {
  const page = await signedInPage(browsing, me)
  const other = await signedInPage(browsing, me, PHONE)
  await go(other, '/account/api-keys')
  await page.getByRole('link', { name: `Your account: Test account` }).click()
  await page.getByRole('link', { name: 'API keys' }).click()
  await page.getByRole('heading', { name: 'New API key' }).waitFor()

  await page.getByLabel('Key name').fill('Reports')
  await page.getByLabel('Allowed addresses').fill('127.0.0.1, not-an-address')
  await page.getByRole('button', { name: 'Create key' }).click()
  const ips = page.getByLabel('Allowed addresses')
  await ips.and(page.locator('[aria-invalid="true"]')).waitFor()
  expect(await page.locator(`#${await ips.getAttribute('aria-describedby')}`).textContent()).toContain('not-an-address')
  await ips.fill('127.0.0.1, ::1')
  await page.getByRole('button', { name: 'Create key' }).click()
  const shown = page.getByTestId('new-api-key')
  await shown.waitFor()
  const key = (await shown.textContent())!.trim()
  await check(page, 'admin-api-keys')
  await fitsNarrowPhone(page, 'admin-api-keys')
  // The key acts as its owner in the workspace; the other tab lists it at once, by its first characters only.
  expect((await api('v3.session.get', [], { key })).body).toMatchObject({ uid: me.uid, cid: me.cid })
  const listed = other.getByRole('listitem', { name: 'Reports' })
  await listed.waitFor()
  expect(await other.content()).not.toContain(key)
  await page.getByRole('button', { name: 'Done' }).click()
  await shown.waitFor({ state: 'detached' })
  expect(await page.content()).not.toContain(key)

  // Renamed and narrowed in one tab, seen in the other; then revoked: it no longer signs in.
  const row = page.getByRole('listitem', { name: 'Reports' })
  await row.getByLabel('Name of Reports').fill('Nightly reports')
  await row.getByRole('button', { name: 'Save' }).click()
  await other.getByRole('listitem', { name: 'Nightly reports' }).waitFor()
  await page.getByRole('button', { name: 'Revoke the key Nightly reports' }).click()
  await other.getByRole('listitem', { name: 'Nightly reports' }).waitFor({ state: 'detached' })
  await other.getByText('No API keys.').waitFor()
  await until(async () => (await api('v3.session.get', [], { key })).status, 401)
})

test('the profile: name, language and picture; the password changes only with the current one', async () => {
  const page = await signedInPage(browsing, me, PHONE)
  await go(page, '/account')
  await page.getByRole('heading', { name: 'Your account' }).waitFor()
  await page.getByLabel('First name').fill(' ')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await page.getByLabel('First name').and(page.locator('[aria-invalid="true"]')).waitFor()
  await page.getByLabel('First name').fill('Ada')
  await page.getByLabel('Last name').fill('Lovelace')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
  await page.getByRole('link', { name: 'Your account: Ada Lovelace' }).waitFor()

  await page.getByLabel('Image file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1x1 })
  await page.getByRole('button', { name: 'Upload picture' }).click()
  const picture = page.getByRole('img', { name: 'Your profile picture' })
  await picture.waitFor()
  await until(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), true)
  await check(page, 'admin-account')

  // A wrong current password is refused at its input; the right one changes it.
  await page.getByLabel('Current password').fill('not my password')
  await page.getByLabel('New password').fill('a brand new passphrase')
  await page.getByRole('button', { name: 'Change password' }).click()
  await page.getByLabel('Current password').and(page.locator('[aria-invalid="true"]')).waitFor()
  await page.getByLabel('Current password').fill(me.password)
  await page.getByRole('button', { name: 'Change password' }).click()
  await page.getByRole('status').filter({ hasText: 'Password changed.' }).waitFor()
  expect((await api('login', [me.email, 'a brand new passphrase'])).status).toBe(200)

  // The language chosen in the profile: the page speaks it at once, and again after signing in elsewhere.
  await page.getByLabel('Language', { exact: true }).last().selectOption('fi')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await page.getByRole('heading', { name: 'Oma tili' }).waitFor()
  const elsewhere = await browsing.open()
  await go(elsewhere, '/signin')
  await elsewhere.getByLabel('E-mail').fill(me.email)
  await elsewhere.getByLabel('Password').fill('a brand new passphrase')
  await elsewhere.getByRole('button', { name: 'Sign in' }).click()
  await elsewhere
    .getByRole('heading', { name: 'Työnkulut' })
    .or(elsewhere.getByRole('heading', { name: 'Workflows' }))
    .waitFor()
  await until(() => elsewhere.evaluate(() => document.documentElement.lang), 'fi')
})
