/** v3.user.profile.update and v3.user.password.set: a person's own name, language and password. */
import { api, Client } from '../../helpers/client'
import { PNG_1x1, uploadOk } from '../../helpers/upload'
import { signedIn, type SignedIn } from '../../helpers/users'

let me: SignedIn
beforeAll(async () => {
  me = await signedIn('profile')
})
afterAll(() => me.client.close())

test('the name and the language change, blank first names are refused at the field, the owner hears user.settings', async () => {
  const anon = await Client.connect()
  expect((await anon.fail('v3.user.profile.update', { firstname: 'X' })).code).toBe(401)
  await anon.close()
  expect(await me.client.fail('v3.user.profile.update', {})).toMatchObject({ code: 400, details: { argument: 0 } })
  expect(await me.client.fail('v3.user.profile.update', { language: 'de' })).toMatchObject({ code: 400, details: { argument: 0 } })
  expect(await me.client.fail('v3.user.profile.update', { firstname: '  ' })).toMatchObject({ code: 400, details: { argument: 0, path: '/firstname' } })

  const updated = await me.client.call('v3.user.profile.update', { firstname: ' Ada ', lastname: 'King', language: 'fi' })
  expect(updated).toMatchObject({ _id: me.uid, firstname: 'Ada', lastname: 'King', settings: { language: 'fi' }, profileImage: null })
  expect((await me.client.waitForSignal('user.settings', (m) => m.uid === me.uid)).meta.changed).toEqual(['firstname', 'lastname', 'language'])
  expect(await me.client.call('v2.user.profile', me.uid)).toMatchObject({ firstname: 'Ada', lastname: 'King', settings: { language: 'fi' } })
  expect(await me.client.call('v3.session.get')).toMatchObject({ user: { firstname: 'Ada', lastname: 'King' }, language: 'fi' })
  // One's own profile tells whether there is a profile image (so a page shows it without asking for a missing one).
  const fileId = await uploadOk(PNG_1x1, 'me.png', { key: me.key, type: 'image/png' })
  await me.client.call('v3.user.profileImage.set', fileId)
  expect((await me.client.call('v2.user.profile', me.uid)).profileImage).toBe(fileId)
})

test('the password changes with the current one; a wrong current or a weak new one is refused at its field; other sessions end', async () => {
  const person = await signedIn('password')
  try {
    const other = await Client.connect()
    const otherKey = await other.call('login', person.email, person.password)
    expect(await person.client.fail('v3.user.password.set', { currentPassword: 'not it', password: 'a new passphrase' })).toMatchObject({
      code: 401,
      details: { argument: 0, path: '/currentPassword' },
    })
    expect(await person.client.fail('v3.user.password.set', { currentPassword: person.password, password: 'aaaaaaaaaa' })).toMatchObject({
      code: 400,
      details: { argument: 0, path: '/password' },
    })
    const { key } = await person.client.call('v3.user.apikey.create', 'k', person.cid, [])
    const byKey = await Client.connect({ key })
    expect((await byKey.fail('v3.user.password.set', { currentPassword: person.password, password: 'a new passphrase' })).code).toBe(403)
    await byKey.close()

    expect(await person.client.call('v3.user.password.set', { currentPassword: person.password, password: 'a new passphrase' })).toBe(true)
    // This session goes on; the other one ended; the old password no longer signs in, the new one does.
    expect((await person.client.call('v3.session.get')).uid).toBe(person.uid)
    expect((await api('v3.session.get', [], { key: otherKey })).status).toBe(401)
    await other.close()
    expect((await api('login', [person.email, person.password])).status).toBe(401)
    expect((await api('login', [person.email, 'a new passphrase'])).status).toBe(200)
  } finally {
    await person.client.close()
  }
})
