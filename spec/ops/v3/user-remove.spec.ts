/** v3.user.remove: the GDPR path (server/domain/account.ts). */
import sharp from 'sharp'
import { api, Client } from '../../helpers/client'
import { joinWorkspace } from '../../helpers/members'
import { sharedServerDataDir, storedNames } from '../../helpers/stored'
import { get, uploadOk } from '../../helpers/upload'
import { signedIn, type SignedIn } from '../../helpers/users'
import { loadWorkflow } from '../../helpers/workflows'

let owner: SignedIn
beforeAll(async () => {
  owner = await signedIn('keeper')
})
afterAll(() => owner.client.close())

test('401 signed out; 400 without a confirmation; 401 for a wrong one; 403 with an API key', async () => {
  const anon = await Client.connect()
  expect((await anon.fail('v3.user.remove', { password: 'x' })).code).toBe(401)
  await anon.close()
  const me = await signedIn('remover')
  try {
    expect(await me.client.fail('v3.user.remove')).toMatchObject({ code: 400, details: { argument: 0 } })
    expect(await me.client.fail('v3.user.remove', {})).toMatchObject({ code: 400, details: { argument: 0 } })
    expect(await me.client.fail('v3.user.remove', { password: '' })).toMatchObject({ code: 400, details: { argument: 0, path: '/password' } })
    expect((await me.client.fail('v3.user.remove', { password: 'not my password' })).code).toBe(401)
    const { key } = await me.client.call('v3.user.apikey.create', 'k', me.cid, [])
    const byKey = await Client.connect({ key })
    expect((await byKey.fail('v3.user.remove', { password: me.password })).code).toBe(403)
    await byKey.close()
    expect(await me.client.call('v2.user.profile', me.uid)).toMatchObject({ email: me.email })
  } finally {
    await me.client.close()
  }
})

test('the last owner of a workspace others belong to: 422 listing it, nothing removed', async () => {
  const me = await signedIn('lastowner')
  try {
    const member = await joinWorkspace(me)
    await member.client.close()
    const error = await me.client.fail('v3.user.remove', { password: me.password })
    expect(error).toMatchObject({ code: 422, details: { reason: 'lastOwner', workspaces: [{ _id: me.cid, name: expect.any(String) }] } })
    expect((await me.client.call('v2.network.get', me.cid))._id).toBe(me.cid)
  } finally {
    await me.client.close()
  }
})

test('removal: sessions and keys end at once, the member leaves, the work stays shown as a removed user, personal data is gone', async () => {
  const leaving = await joinWorkspace(owner, { tag: 'leaving' })
  const process = await leaving.client.call('process.create', { name: 'Left behind', workspaceId: owner.cid })
  await leaving.client.call('v2.user.settings.global.set', { theme: 'dark' })
  const { key } = await leaving.client.call('v3.user.apikey.create', 'script', owner.cid, [])
  const keySocket = await Client.connect({ key })
  const otherSession = await Client.connect({ key: leaving.key })

  expect(await leaving.client.call('v3.user.remove', { password: leaving.password })).toBe(true)
  expect((await keySocket.closed).code).toBe(1000)
  expect((await otherSession.closed).code).toBe(1000)
  await owner.client.waitForSignal('network.member.removed', (m) => m.uid === leaving.uid && m.cid === owner.cid)
  expect((await api('v2.network.get', [owner.cid], { key })).status).toBe(401)
  expect((await api('v2.network.get', [owner.cid], { key: leaving.key })).status).toBe(401)

  // Their work stays, and says who made it: a removed user, with nothing personal left.
  expect((await loadWorkflow(owner.client, process._id)).uid).toBe(leaving.uid)
  const shown = await owner.client.call('v2.user.profile', leaving.uid)
  expect(shown).toMatchObject({ _id: leaving.uid, firstname: 'Removed', lastname: 'user', removed: true })
  expect(JSON.stringify(shown)).not.toContain(leaving.email)
  expect((await owner.client.call('v2.network.get', owner.cid)).members.map((m: any) => m.uid)).not.toContain(leaving.uid)

  // The address can no longer sign in, and is free for a new account.
  const anon = await Client.connect()
  try {
    expect((await anon.fail('login', leaving.email, leaving.password)).code).toBe(401)
    const again = await anon.call('v2.user.register', { email: leaving.email, firstname: 'New', lastname: 'Me', password: leaving.password })
    expect(again.uid).not.toBe(leaving.uid)
  } finally {
    await anon.close()
    await leaving.client.close().catch(() => undefined)
  }
})

test('removal takes the profile image with it: its file, and its bytes and renditions in the file store', async () => {
  const me = await signedIn('pictured')
  const photo = await uploadOk(
    await sharp({ create: { width: 120, height: 80, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer(),
    'me.png',
    { key: me.key },
  )
  await me.client.call('v3.user.profileImage.set', photo)
  expect((await get(`/profileimage/square50/${me.uid}`)).status).toBe(200)
  const stored = async () => (await storedNames(sharedServerDataDir())).filter((name) => name.includes(photo))
  expect(await stored()).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`${photo}$`)), `renditions/${photo}/square50.jpeg`]))

  expect(await me.client.call('v3.user.remove', { password: me.password })).toBe(true)
  expect((await get(`/profileimage/square50/${me.uid}`)).status).toBe(404)
  // The bytes go once the removal has committed, after its reply.
  while ((await stored()).length) await new Promise((resolve) => setTimeout(resolve, 50))
  await me.client.close().catch(() => undefined)
})
