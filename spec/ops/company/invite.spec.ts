/** company.check_invite: the invite record a key names, without a session. */
import { api, Client } from '../../helpers/client'
import { inviteKeyOf, nextMail } from '../../helpers/mail'
import { registerUser, signedIn, uniqueEmail, type SignedIn } from '../../helpers/users'

let owner: SignedIn
let anon: Client
beforeAll(async () => {
  ;[owner, anon] = await Promise.all([signedIn('owner'), Client.connect()])
})
afterAll(() => Promise.all([owner.client.close(), anon.close()]))

describe('company.check_invite', () => {
  test('400 naming the argument; 404 for an unknown key', async () => {
    expect(await anon.fail('company.check_invite', '')).toMatchObject({ code: 400, details: { argument: 0, name: 'inviteKey' } })
    expect(await anon.fail('company.check_invite', 'k'.repeat(201))).toMatchObject({ code: 400, details: { argument: 0 } })
    expect((await anon.fail('company.check_invite', 7)).code).toBe(400)
    expect((await anon.fail('company.check_invite')).code).toBe(400)
    expect(await anon.fail('company.check_invite', 'no-such-invite-key-at-all-000000')).toEqual({ code: 404, msg: 'invite not found' })
  })

  test('the invite record of the mailed key, without a session: inviter, workspace, no managers’ notes', async () => {
    const email = uniqueEmail('checked')
    const sent = await owner.client.call('v2.network.invite.send', { email, name: 'Ada', title: 'Countess', notes: 'private', role: 'guest' })
    const key = inviteKeyOf(await nextMail(email))
    const record = await anon.call('company.check_invite', key)
    const ws = await owner.client.call('v2.network.get', owner.cid)
    expect(record).toEqual({
      _id: sent._id,
      invite_key: key,
      invited_by: owner.uid,
      cid: owner.cid,
      email,
      name: 'Ada',
      title: 'Countess',
      role: 'guest',
      created: sent.created,
      user: { _id: owner.uid, firstname: owner.firstname, lastname: owner.lastname },
      network: { _id: owner.cid, name: ws.name },
      registered: false,
    })
    // the HTTP mirror needs no session either; checking does not use the key up
    const http = await api('company.check_invite', [key])
    expect(http.status).toBe(200)
    expect(http.body).toEqual(record)
  })

  test('registered tells whether the invited address has an account (accept) or not (register)', async () => {
    const existing = await registerUser('existing')
    const sent = await owner.client.call('v2.network.invite.send', { email: existing.email.toUpperCase() })
    expect((await anon.call('company.check_invite', sent.invite_key)).registered).toBe(true)
  })

  test('404 once the invite is removed, accepted or declined', async () => {
    const removed = await owner.client.call('v2.network.invite.send', { email: uniqueEmail('removed') })
    await owner.client.call('v2.network.invite.remove', removed.invite_key)
    expect((await anon.fail('company.check_invite', removed.invite_key)).code).toBe(404)

    const declined = await owner.client.call('v2.network.invite.send', { email: uniqueEmail('declined') })
    await anon.call('v2.user.invite.decline', declined.invite_key)
    expect((await anon.fail('company.check_invite', declined.invite_key)).code).toBe(404)

    const user = await signedIn('accepted')
    const accepted = await owner.client.call('v2.network.invite.send', { email: user.email })
    await user.client.call('v2.user.invite.accept', accepted.invite_key)
    await user.client.close()
    expect((await anon.fail('company.check_invite', accepted.invite_key)).code).toBe(404)
  })
})
