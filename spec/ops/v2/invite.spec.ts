/**
 * v2.network.invite.send | list | edit | remove | resend and v2.user.invite.list | accept | decline |
 * register, with the invitation mail received over real SMTP (spec/helpers/mail.ts), and the
 * joinWorkspace helper the other specs use.
 */
import { api, Client } from '../../helpers/client'
import { newId } from '../../helpers/ids'
import { inviteKeyOf, mailCount, nextMail, verificationOf } from '../../helpers/mail'
import { joinWorkspace, type JoinedMember } from '../../helpers/members'
import { registerUser, signedIn, uniqueEmail, type SignedIn } from '../../helpers/users'
import { addOpenPhase } from '../../helpers/workflows'

const NO_SUCH_KEY = 'n0-such-invite-key-n0-such-invite'
const PUBLIC_URL = process.env.TEST_PUBLIC_URL ?? 'https://app.hlr.test'

let owner: SignedIn
let stranger: SignedIn
let anon: Client
let team: { _id: string }
const owners: SignedIn[] = []
beforeAll(async () => {
  ;[stranger, anon] = await Promise.all([signedIn('stranger'), Client.connect()])
})
afterAll(() => Promise.all([...owners.map((o) => o.client.close()), stranger.client.close(), anon.close()]))

/** Each group of tests gets its own workspace, so the members and invites it makes stay under the license's users quota. */
async function freshOwner() {
  owner = await signedIn('owner')
  owners.push(owner)
  team = await owner.client.call('company.new_team', { name: 'Invited team' })
}

const members: JoinedMember[] = []
async function member(role: 'admin' | 'user' | 'guest' | 'inviter' | 'owner') {
  const m = await joinWorkspace(owner, { role })
  members.push(m)
  return m
}
afterAll(() => Promise.all(members.map((m) => m.client.close())))

async function invite(by: SignedIn, fields: Record<string, unknown> = {}) {
  return by.client.call('v2.network.invite.send', { email: uniqueEmail('invitee'), cid: by.cid, ...fields })
}

const invitesOf = (cid: string, by = owner) => by.client.call('v2.network.invite.list', cid) as Promise<any[]>

/** A fresh user whose e-mail address is verified (through the mailed link). */
async function verifiedUser(tag: string) {
  const user = await signedIn(tag)
  await user.client.call('v2.user.send_verification_email')
  const { id, key } = verificationOf(await nextMail(user.email))
  await anon.call('v2.user.verify_email', id, key)
  return user
}

describe('joinWorkspace (spec/helpers/members.ts)', () => {
  beforeAll(freshOwner)

  test.each(['user', 'admin', 'guest', 'inviter', 'owner'] as const)('makes a signed-in %s of the owner’s workspace', async (role) => {
    const m = await member(role)
    const ws = await owner.client.call('v2.network.get', owner.cid)
    expect(ws.members).toEqual(expect.arrayContaining([expect.objectContaining({ uid: m.uid, role: role === 'inviter' ? 'user' : role })]))
    expect((await m.client.call('v3.session.get')).cid).toBe(owner.cid)
    expect(m).toMatchObject({ cid: owner.cid, role })
    expect(m.ownCid).not.toBe(owner.cid)
    // the invite was used up
    expect((await invitesOf(owner.cid)).filter((i) => i.email === m.email)).toEqual([])
  })
})

describe('v2.network.invite.send', () => {
  beforeAll(freshOwner)

  test('401 without a session; 400 naming the argument; no mail for a failed call', async () => {
    const email = uniqueEmail('bad')
    expect((await anon.fail('v2.network.invite.send', { email })).code).toBe(401)
    expect((await api('v2.network.invite.send', [{ email }])).status).toBe(401)
    expect(await owner.client.fail('v2.network.invite.send', { email: 'not an address' })).toMatchObject({
      code: 400,
      details: { argument: 0, name: 'invite', path: '/email' },
    })
    expect(await owner.client.fail('v2.network.invite.send', {})).toMatchObject({ code: 400, details: { path: '/email', reason: 'is required' } })
    expect(await owner.client.fail('v2.network.invite.send', { email, role: 'boss' })).toMatchObject({ code: 400, details: { path: '/role' } })
    expect(await owner.client.fail('v2.network.invite.send', { email, teams: ['zz'] })).toMatchObject({ code: 400, details: { path: '/teams/0' } })
    expect(await owner.client.fail('v2.network.invite.send', { email, cid: 'zz' })).toMatchObject({ code: 400, details: { path: '/cid' } })
    expect(await owner.client.fail('v2.network.invite.send', { email, admin: true })).toMatchObject({ code: 400, details: { argument: 0 } })
    // The barrier: a successful invite to the same address is the only mail it gets.
    const sent = await invite(owner, { email })
    expect(inviteKeyOf(await nextMail(email))).toBe(sent.invite_key)
    expect(mailCount(email)).toBe(1)
  })

  test('404 for another workspace, its teams or an unknown custom role; nothing is created', async () => {
    const email = uniqueEmail('elsewhere')
    expect((await stranger.client.fail('v2.network.invite.send', { email, cid: owner.cid })).code).toBe(404)
    expect((await stranger.client.fail('v2.network.invite.send', { email, cid: newId() })).code).toBe(404)
    const theirTeam = await stranger.client.call('company.new_team', { name: 'Theirs' })
    expect(await owner.client.fail('v2.network.invite.send', { email, cid: owner.cid, teams: [team._id, theirTeam._id] })).toMatchObject({
      code: 404,
      details: { teams: [theirTeam._id] },
    })
    expect((await owner.client.fail('v2.network.invite.send', { email, cid: owner.cid, customRole: newId() })).code).toBe(404)
    expect((await invitesOf(owner.cid)).filter((i) => i.email === email)).toEqual([])
  })

  test('403: users and guests may not invite; an inviter invites users and guests only; only an owner invites an owner', async () => {
    const [user, guest, inviter, admin] = await Promise.all([member('user'), member('guest'), member('inviter'), member('admin')])
    const email = uniqueEmail('forbidden')
    for (const m of [user, guest]) {
      expect((await m.client.fail('v2.network.invite.send', { email, cid: owner.cid })).code).toBe(403)
    }
    for (const role of ['admin', 'inviter', 'owner']) {
      expect(await inviter.client.fail('v2.network.invite.send', { email, cid: owner.cid, role })).toMatchObject({ code: 403, details: { role } })
    }
    expect((await inviter.client.fail('v2.network.invite.send', { email, cid: owner.cid, customRole: newId() })).code).toBe(403)
    expect(await admin.client.fail('v2.network.invite.send', { email, cid: owner.cid, role: 'owner' })).toMatchObject({ code: 403 })
    expect((await invitesOf(owner.cid)).filter((i) => i.email === email)).toEqual([])

    // what they may do
    const byInviter = await inviter.client.call('v2.network.invite.send', { email, cid: owner.cid, role: 'guest' })
    expect(byInviter).toMatchObject({ email, role: 'guest', invited_by: inviter.uid })
    const byInviter2 = await inviter.client.call('v2.network.invite.send', { email: uniqueEmail('u'), cid: owner.cid })
    expect(byInviter2.role).toBe('user')
    const byAdmin = await admin.client.call('v2.network.invite.send', { email: uniqueEmail('a'), cid: owner.cid, role: 'admin' })
    expect(byAdmin.role).toBe('admin')
    const byOwner = await owner.client.call('v2.network.invite.send', { email: uniqueEmail('o'), cid: owner.cid, role: 'owner' })
    expect(byOwner.role).toBe('owner')
  })

  test('409 for a member, or for a second pending invite to the same address in any case', async () => {
    const m = await member('user')
    expect(await owner.client.fail('v2.network.invite.send', { email: m.email.toUpperCase(), cid: owner.cid })).toMatchObject({
      code: 409,
      details: { field: 'email' },
    })
    const email = uniqueEmail('twice')
    const first = await invite(owner, { email })
    expect((await owner.client.fail('v2.network.invite.send', { email: email.toUpperCase(), cid: owner.cid })).code).toBe(409)
    expect((await invitesOf(owner.cid)).filter((i) => i.email.toLowerCase() === email)).toEqual([expect.objectContaining({ _id: first._id })])
    // another workspace may invite the same address
    expect((await invite(stranger, { email })).email).toBe(email)
  })

  test('the invite with a 192-bit key, its mail over SMTP, and the signal the members hear', async () => {
    const watcher = await member('guest')
    const email = uniqueEmail('welcome')
    // discussionIds name discussions of the workspace the inviter may see (an activity's).
    const flow = await owner.client.call('process.create', { name: 'Welcome' })
    await addOpenPhase(owner.client, flow._id)
    const { discussion } = await owner.client.call('v3.activity.create', flow._id, { name: 'Onboarding' }, { teamId: team._id })
    const sent = await owner.client.call('v2.network.invite.send', {
      email,
      name: 'Grace Hopper',
      title: 'Rear admiral',
      notes: 'met at the conference',
      role: 'admin',
      teams: [team._id, team._id],
      discussionIds: [discussion],
    })
    expect(sent).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      invite_key: expect.stringMatching(/^[A-Za-z0-9_-]{32,}$/),
      invited_by: owner.uid,
      cid: owner.cid, // the current workspace when cid is not given
      email,
      name: 'Grace Hopper',
      title: 'Rear admiral',
      notes: 'met at the conference',
      role: 'admin',
      customRole: null,
      teams: [team._id],
    })
    expect(typeof sent.created).toBe('number')

    const mail = await nextMail(email)
    expect(mail.envelope.to).toEqual([email])
    expect(mail.envelope.authUser).toBe('hlr-test') // the server signed in with the SMTP_URL credentials
    expect(mail.from).toContain('server@hlr.test')
    const ws = await owner.client.call('v2.network.get', owner.cid)
    expect(mail.subject).toBe(`Test owner invited you to ${ws.name}`)
    expect(mail.text).toContain('Hello Grace Hopper,')
    expect(mail.text).toContain('as an administrator')
    expect(mail.text).toContain(`${PUBLIC_URL}/invite/${sent.invite_key}`)
    expect(inviteKeyOf(mail)).toBe(sent.invite_key)

    const signal = await watcher.client.waitForSignal('network.invite.sent', (m) => m._id === sent._id)
    expect(signal.meta).toEqual({ cid: owner.cid, _id: sent._id }) // never the key
    expect(stranger.client.signals.filter((s) => s.sig === 'network.invite.sent' && s.meta._id === sent._id)).toEqual([])
  })

  test('pending invites count toward the users quota of the license (422)', async () => {
    const ws = await owner.client.call('v2.network.create', 'Quota test')
    const limit: number = ws.license.users
    const cidOwner = { ...owner, cid: ws._id }
    for (let i = 1; i < limit; i++) await invite(cidOwner) // the owner plus limit - 1 invites
    const over = await owner.client.fail('v2.network.invite.send', { email: uniqueEmail('over'), cid: ws._id })
    expect(over).toMatchObject({ code: 422, details: { quota: 'users', limit } })
    const [first] = await invitesOf(ws._id)
    await owner.client.call('v2.network.invite.remove', first.invite_key)
    expect((await invite(cidOwner)).cid).toBe(ws._id)
  })
})

describe('v2.network.invite.list', () => {
  beforeAll(freshOwner)

  test('401, 400, 404 for another workspace, 403 for members without invites.manage, the invites for an admin', async () => {
    expect((await anon.fail('v2.network.invite.list', owner.cid)).code).toBe(401)
    expect(await owner.client.fail('v2.network.invite.list', 'abc')).toMatchObject({ code: 400, details: { argument: 0, name: 'networkId' } })
    expect((await owner.client.fail('v2.network.invite.list')).code).toBe(400)
    expect((await stranger.client.fail('v2.network.invite.list', owner.cid)).code).toBe(404)
    const [inviter, user, admin] = await Promise.all([member('inviter'), member('user'), member('admin')])
    for (const m of [inviter, user]) expect((await m.client.fail('v2.network.invite.list', owner.cid)).code).toBe(403)

    const a = await invite(owner, { notes: 'first' })
    const b = await invite(owner, { role: 'guest' })
    const listed = await admin.client.call('v2.network.invite.list', owner.cid)
    const ours = listed.filter((i: any) => i._id === a._id || i._id === b._id)
    expect(ours).toEqual([a, b]) // oldest first, exactly as send returned them
    expect((await stranger.client.call('v2.network.invite.list', stranger.cid)).map((i: any) => i._id)).not.toContain(a._id)
  })
})

describe('v2.network.invite.edit', () => {
  beforeAll(freshOwner)

  test('401, 400 naming the argument, 404 for an unknown key or another workspace, unchanged', async () => {
    const sent = await invite(owner, { title: 'Keep' })
    expect((await anon.fail('v2.network.invite.edit', sent.invite_key, { title: 'x' })).code).toBe(401)
    expect(await owner.client.fail('v2.network.invite.edit', '', { title: 'x' })).toMatchObject({ code: 400, details: { argument: 0 } })
    expect(await owner.client.fail('v2.network.invite.edit', sent.invite_key, {})).toMatchObject({ code: 400, details: { argument: 1 } })
    expect(await owner.client.fail('v2.network.invite.edit', sent.invite_key, { title: 5 })).toMatchObject({ code: 400, details: { path: '/title' } })
    expect(await owner.client.fail('v2.network.invite.edit', sent.invite_key, { teams: ['x'] })).toMatchObject({ code: 400, details: { path: '/teams/0' } })
    expect((await owner.client.fail('v2.network.invite.edit', NO_SUCH_KEY, { title: 'x' })).code).toBe(404)
    expect(await stranger.client.fail('v2.network.invite.edit', sent.invite_key, { title: 'Hijacked' })).toEqual({ code: 404, msg: 'invite not found' })
    const theirTeam = await stranger.client.call('company.new_team', { name: 'Not yours' })
    expect((await owner.client.fail('v2.network.invite.edit', sent.invite_key, { teams: [theirTeam._id] })).code).toBe(404)
    const [now] = (await invitesOf(owner.cid)).filter((i) => i._id === sent._id)
    expect(now).toEqual(sent)
  })

  test('403 for a member without invites.manage; 422 for role, customRole or discussionIds', async () => {
    const sent = await invite(owner)
    const inviter = await member('inviter')
    expect((await inviter.client.fail('v2.network.invite.edit', sent.invite_key, { title: 'x' })).code).toBe(403)
    expect(await owner.client.fail('v2.network.invite.edit', sent.invite_key, { role: 'admin', title: 'Boss' })).toMatchObject({
      code: 422,
      details: { fields: ['role'] },
    })
    expect(await owner.client.fail('v2.network.invite.edit', sent.invite_key, { customRole: newId(), discussionIds: [] })).toMatchObject({
      code: 422,
      details: { fields: ['customRole', 'discussionIds'] },
    })
    const [now] = (await invitesOf(owner.cid)).filter((i) => i._id === sent._id)
    expect(now).toEqual(sent)
  })

  test('teams, title and notes change; null clears title and notes; the members hear it', async () => {
    const watcher = await member('user')
    const sent = await invite(owner, { title: 'Old', notes: 'old notes' })
    expect(await owner.client.call('v2.network.invite.edit', sent.invite_key, { title: 'New', notes: 'new notes', teams: [team._id] })).toBe(true)
    let [now] = (await invitesOf(owner.cid)).filter((i) => i._id === sent._id)
    expect(now).toMatchObject({ title: 'New', notes: 'new notes', teams: [team._id], role: 'user', invite_key: sent.invite_key })
    expect(typeof now.updated).toBe('number')
    const signal = await watcher.client.waitForSignal('network.invite.updated', (m) => m._id === sent._id)
    expect(signal.meta).toEqual({ cid: owner.cid, _id: sent._id, changed: ['teams', 'title', 'notes'] })

    expect(await owner.client.call('v2.network.invite.edit', sent.invite_key, { title: null, notes: null })).toBe(true)
    ;[now] = (await invitesOf(owner.cid)).filter((i) => i._id === sent._id)
    expect(now).toMatchObject({ title: null, notes: null, teams: [team._id] })
    expect(await owner.client.call('v2.network.invite.edit', sent.invite_key, { teams: [] })).toBe(true)
    ;[now] = (await invitesOf(owner.cid)).filter((i) => i._id === sent._id)
    expect(now.teams).toEqual([])
  })
})

describe('v2.network.invite.remove', () => {
  beforeAll(freshOwner)

  test('401, 400, 404 for an unknown key or another workspace, 403 for a member without invites.manage', async () => {
    const sent = await invite(owner)
    expect((await anon.fail('v2.network.invite.remove', sent.invite_key)).code).toBe(401)
    expect(await owner.client.fail('v2.network.invite.remove', 'k'.repeat(201))).toMatchObject({ code: 400, details: { argument: 0, name: 'inviteKey' } })
    expect((await owner.client.fail('v2.network.invite.remove', NO_SUCH_KEY)).code).toBe(404)
    expect((await stranger.client.fail('v2.network.invite.remove', sent.invite_key)).code).toBe(404)
    const user = await member('user')
    expect((await user.client.fail('v2.network.invite.remove', sent.invite_key)).code).toBe(403)
    expect((await invitesOf(owner.cid)).map((i) => i._id)).toContain(sent._id)
  })

  test('the invite goes, the key no longer works, the members hear it', async () => {
    const watcher = await member('guest')
    const sent = await invite(owner)
    expect(await owner.client.call('v2.network.invite.remove', sent.invite_key)).toBe(true)
    expect((await invitesOf(owner.cid)).map((i) => i._id)).not.toContain(sent._id)
    expect((await anon.fail('company.check_invite', sent.invite_key)).code).toBe(404)
    expect((await anon.fail('v2.user.invite.register', { firstname: 'A', lastname: 'B', password: 'long enough pw' }, sent.invite_key)).code).toBe(404)
    expect((await owner.client.fail('v2.network.invite.remove', sent.invite_key)).code).toBe(404)
    const signal = await watcher.client.waitForSignal('network.invite.removed', (m) => m._id === sent._id)
    expect(signal.meta).toEqual({ cid: owner.cid, _id: sent._id })
  })
})

describe('v2.network.invite.resend', () => {
  beforeAll(freshOwner)

  test('401, 400 naming the argument, 404, 403; no mail for a failed call', async () => {
    const email = uniqueEmail('resend-bad')
    const sent = await invite(owner, { email })
    await nextMail(email)
    expect((await anon.fail('v2.network.invite.resend', sent.invite_key)).code).toBe(401)
    expect(await owner.client.fail('v2.network.invite.resend', sent.invite_key, 'zz')).toMatchObject({ code: 400, details: { argument: 1, name: 'brandId' } })
    expect((await owner.client.fail('v2.network.invite.resend', NO_SUCH_KEY)).code).toBe(404)
    expect((await stranger.client.fail('v2.network.invite.resend', sent.invite_key)).code).toBe(404)
    const inviter = await member('inviter')
    expect((await inviter.client.fail('v2.network.invite.resend', sent.invite_key)).code).toBe(403)
    // barrier: the next successful resend is the second and last mail
    expect(await owner.client.call('v2.network.invite.resend', sent.invite_key)).toBe(true)
    await nextMail(email)
    expect(mailCount(email)).toBe(2)
  })

  test('mails the same key again; the members hear it', async () => {
    const watcher = await member('user')
    const email = uniqueEmail('resend')
    const sent = await invite(owner, { email })
    const first = await nextMail(email)
    const brandId = newId()
    expect(await owner.client.call('v2.network.invite.resend', sent.invite_key, brandId)).toBe(true)
    const second = await nextMail(email)
    expect(inviteKeyOf(second)).toBe(inviteKeyOf(first))
    expect(second.subject).toBe(first.subject)
    const [now] = (await invitesOf(owner.cid)).filter((i) => i._id === sent._id)
    expect(now).toMatchObject({ brandId, invite_key: sent.invite_key })
    expect(typeof now.updated).toBe('number')
    const signal = await watcher.client.waitForSignal('network.invite.resent', (m) => m._id === sent._id)
    expect(signal.meta).toEqual({ cid: owner.cid, _id: sent._id })
  })
})

describe('v2.user.invite.list', () => {
  beforeAll(freshOwner)

  test('401, 400, 422 until the address is verified, then the invites to it from every workspace', async () => {
    expect((await anon.fail('v2.user.invite.list')).code).toBe(401)
    const unverified = await signedIn('unverified')
    expect((await unverified.client.fail('v2.user.invite.list', 'x')).code).toBe(400)
    await invite(owner, { email: unverified.email })
    expect(await unverified.client.fail('v2.user.invite.list')).toMatchObject({ code: 422, details: { reason: 'emailNotVerified' } })
    await unverified.client.close()

    const me = await verifiedUser('verified')
    expect(await me.client.call('v2.user.invite.list')).toEqual([])
    const fromOwner = await invite(owner, { email: me.email.toUpperCase(), title: 'Engineer', notes: 'secret notes', role: 'guest' })
    const fromStranger = await invite(stranger, { email: me.email })
    await invite(owner, { email: uniqueEmail('someone-else') })
    const list = await me.client.call('v2.user.invite.list')
    const ownerWs = await owner.client.call('v2.network.get', owner.cid)
    expect(list).toEqual([
      {
        _id: fromOwner._id,
        invite_key: fromOwner.invite_key,
        invited_by: owner.uid,
        cid: owner.cid,
        email: me.email.toUpperCase(),
        name: null,
        title: 'Engineer',
        role: 'guest',
        created: fromOwner.created,
        user: { _id: owner.uid, firstname: owner.firstname, lastname: owner.lastname },
        network: { _id: owner.cid, name: ownerWs.name },
      },
      expect.objectContaining({ _id: fromStranger._id, cid: stranger.cid, invited_by: stranger.uid }),
    ])
    expect(JSON.stringify(list)).not.toContain('secret notes')
    await me.client.close()
  })
})

describe('v2.user.invite.accept', () => {
  beforeAll(freshOwner)

  test('400 naming the argument; 404 for an unknown key', async () => {
    expect(await anon.fail('v2.user.invite.accept', '')).toMatchObject({ code: 400, details: { argument: 0, name: 'inviteKey' } })
    expect((await anon.fail('v2.user.invite.accept', 42)).code).toBe(400)
    expect((await anon.fail('v2.user.invite.accept')).code).toBe(400)
    expect((await anon.fail('v2.user.invite.accept', NO_SUCH_KEY)).code).toBe(404)
    expect((await stranger.client.fail('v2.user.invite.accept', NO_SUCH_KEY)).code).toBe(404)
  })

  test('signed in: the caller joins with role, title and teams; the members hear it; the key works once', async () => {
    const watcher = await member('user')
    const me = await signedIn('accepting')
    const sent = await invite(owner, { email: me.email, role: 'admin', title: 'Lead', teams: [team._id] })
    const key = inviteKeyOf(await nextMail(me.email))
    expect(await me.client.call('v2.user.invite.accept', key)).toEqual({ uid: me.uid, cid: owner.cid })

    const ws = await owner.client.call('v2.network.get', owner.cid)
    expect(ws.members).toEqual(expect.arrayContaining([expect.objectContaining({ uid: me.uid, role: 'admin' })]))
    expect((await owner.client.call('company.load_team', team._id)).members).toContain(me.uid)
    expect((await watcher.client.waitForSignal('network.member.added', (m) => m.uid === me.uid)).meta).toEqual({ cid: owner.cid, uid: me.uid })
    expect((await watcher.client.waitForSignal('network.invite.accepted', (m) => m._id === sent._id)).meta).toEqual({
      cid: owner.cid,
      _id: sent._id,
      uid: me.uid,
    })
    // the new member's own socket hears the workspace at once
    await me.client.waitForSignal('network.member.added', (m) => m.uid === me.uid && m.cid === owner.cid)
    // the key is used up
    expect((await me.client.fail('v2.user.invite.accept', key)).code).toBe(404)
    expect((await anon.fail('company.check_invite', key)).code).toBe(404)
    expect((await invitesOf(owner.cid)).map((i) => i._id)).not.toContain(sent._id)
    // the key came to the address: it is verified now
    expect(await me.client.call('v2.user.invite.list')).toEqual([])
    await me.client.close()
  })

  test('without a session nobody joins: 401 when the invited address has an account, 404 when not; the invite stays', async () => {
    const user = await registerUser('no-session')
    const sent = await invite(owner, { email: user.email.toUpperCase(), role: 'guest' })
    const key = inviteKeyOf(await nextMail(user.email))
    expect(await anon.fail('v2.user.invite.accept', key)).toMatchObject({ code: 401, details: { reason: 'signInRequired' } })
    expect((await api('v2.user.invite.accept', [key])).status).toBe(401)
    const nobody = await invite(owner)
    expect(await anon.fail('v2.user.invite.accept', nobody.invite_key)).toMatchObject({ code: 404, details: { reason: 'noAccount' } })
    const ws = await owner.client.call('v2.network.get', owner.cid)
    expect(ws.members.map((m: any) => m.uid)).not.toContain(user.uid)
    expect((await anon.call('company.check_invite', key))._id).toBe(sent._id)
    expect((await anon.call('company.check_invite', nobody.invite_key))._id).toBe(nobody._id)
    // signed in, the invited account accepts
    const client = await Client.connect()
    await client.call('login', user.email, user.password)
    expect(await client.call('v2.user.invite.accept', key)).toEqual({ uid: user.uid, cid: owner.cid })
    await client.close()
  })

  test('the key is what counts: a signed-in user with another address may accept a key given to them', async () => {
    const forwarded = await invite(owner, { role: 'guest' })
    const other = await signedIn('forwarded-to')
    expect(await other.client.call('v2.user.invite.accept', forwarded.invite_key)).toEqual({ uid: other.uid, cid: owner.cid })
    const ws = await owner.client.call('v2.network.get', owner.cid)
    expect(ws.members).toEqual(expect.arrayContaining([expect.objectContaining({ uid: other.uid, role: 'guest' })]))
    // their own address is not thereby verified
    expect((await other.client.fail('v2.user.invite.list')).code).toBe(422)
    await other.client.close()
  })

  test('409 for someone who is already a member; the invite stays', async () => {
    const m = await member('user')
    const sent = await invite(owner)
    expect((await m.client.fail('v2.user.invite.accept', sent.invite_key)).code).toBe(409)
    expect((await anon.call('company.check_invite', sent.invite_key))._id).toBe(sent._id)
  })
})

describe('v2.user.invite.decline', () => {
  beforeAll(freshOwner)

  test('400 naming the argument; 404 for an unknown key', async () => {
    expect(await anon.fail('v2.user.invite.decline', '')).toMatchObject({ code: 400, details: { argument: 0 } })
    expect((await anon.fail('v2.user.invite.decline', NO_SUCH_KEY)).code).toBe(404)
  })

  test('with or without a session the invite goes; nobody joins; the members hear it; the key works once', async () => {
    const watcher = await member('user')
    const me = await signedIn('declining')
    const sent = await invite(owner, { email: me.email })
    const key = inviteKeyOf(await nextMail(me.email))
    expect(await me.client.call('v2.user.invite.decline', key)).toBe(true)
    expect((await me.client.fail('v2.user.invite.decline', key)).code).toBe(404)
    expect((await me.client.fail('v2.user.invite.accept', key)).code).toBe(404)
    expect((await me.client.fail('v2.network.get', owner.cid)).code).toBe(404)
    expect((await watcher.client.waitForSignal('network.invite.declined', (m) => m._id === sent._id)).meta).toEqual({ cid: owner.cid, _id: sent._id })

    const other = await invite(owner)
    expect(await anon.call('v2.user.invite.decline', other.invite_key)).toBe(true)
    expect((await invitesOf(owner.cid)).map((i) => i._id)).not.toContain(other._id)
    await me.client.close()
  })
})

describe('v2.user.invite.register', () => {
  beforeAll(freshOwner)

  const newcomer = { firstname: 'Katherine', lastname: 'Johnson', password: 'orbital mechanics' }

  test('400 naming the argument; 404 for an unknown key; 409 when the address has an account', async () => {
    const sent = await invite(owner)
    expect(await anon.fail('v2.user.invite.register', null, sent.invite_key)).toMatchObject({ code: 400, details: { argument: 0, name: 'user' } })
    const { firstname, ...noFirstname } = newcomer
    expect(await anon.fail('v2.user.invite.register', noFirstname, sent.invite_key)).toMatchObject({
      code: 400,
      details: { argument: 0, path: '/firstname' },
    })
    expect(await anon.fail('v2.user.invite.register', { ...newcomer, password: 'short' }, sent.invite_key)).toMatchObject({
      code: 400,
      details: { argument: 0, path: '/password' },
    })
    expect(await anon.fail('v2.user.invite.register', { ...newcomer, password: sent.email }, sent.invite_key)).toMatchObject({
      code: 400,
      details: { path: '/password' },
    })
    expect(await anon.fail('v2.user.invite.register', newcomer, '')).toMatchObject({ code: 400, details: { argument: 1, name: 'inviteKey' } })
    expect((await anon.fail('v2.user.invite.register', newcomer)).code).toBe(400)
    expect((await anon.fail('v2.user.invite.register', newcomer, NO_SUCH_KEY)).code).toBe(404)

    const existing = await registerUser('has-account')
    const toExisting = await invite(owner, { email: existing.email })
    expect(await anon.fail('v2.user.invite.register', newcomer, toExisting.invite_key)).toMatchObject({ code: 409, details: { field: 'email' } })
    // nothing was used up
    expect((await anon.call('company.check_invite', toExisting.invite_key))._id).toBe(toExisting._id)
    expect((await anon.call('company.check_invite', sent.invite_key))._id).toBe(sent._id)
  })

  test('round trip: send -> mail over SMTP -> check_invite -> register -> member with role, title and teams -> key used up', async () => {
    const watcher = await member('guest')
    const email = uniqueEmail('newcomer')
    const sent = await owner.client.call('v2.network.invite.send', { email, role: 'inviter', title: 'Analyst', teams: [team._id] })

    const mail = await nextMail(email)
    const key = inviteKeyOf(mail)
    const record = await anon.call('company.check_invite', key)
    expect(record).toMatchObject({ _id: sent._id, invite_key: key, cid: owner.cid, email, registered: false, role: 'inviter' })

    const joined = await anon.call('v2.user.invite.register', newcomer, key)
    expect(joined).toEqual({ uid: expect.stringMatching(/^[0-9a-f]{24}$/), cid: owner.cid })
    expect((await watcher.client.waitForSignal('network.member.added', (m) => m.uid === joined.uid)).meta).toEqual({ cid: owner.cid, uid: joined.uid })

    // the account: the invited address, the given password, the workspace as its default, verified
    const me = await Client.connect()
    await me.call('login', email, newcomer.password)
    expect((await me.call('v3.session.get')).cid).toBe(owner.cid)
    const profile = await me.call('v2.user.profile', joined.uid)
    expect(profile).toMatchObject({ _id: joined.uid, email, firstname: 'Katherine', lastname: 'Johnson' })
    expect(await me.call('v2.user.invite.list')).toEqual([])
    // a member of the workspace with the invited role (inviter: a user with the inviter flag) and team
    const ws = await me.call('v2.network.get', owner.cid)
    expect(ws.members).toEqual(expect.arrayContaining([expect.objectContaining({ uid: joined.uid, role: 'user' })]))
    expect((await owner.client.call('company.load_team', team._id)).members).toContain(joined.uid)
    const invited = await me.call('v2.network.invite.send', { email: uniqueEmail('by-newcomer'), cid: owner.cid, role: 'guest' })
    expect(invited.invited_by).toBe(joined.uid)
    expect((await me.fail('v2.network.invite.send', { email: uniqueEmail('x'), cid: owner.cid, role: 'admin' })).code).toBe(403)
    expect((await me.call('v3.user.permissions'))[joined.uid]).toMatchObject({ role: 'user', inviter: true, title: 'Analyst' })

    // the key never works again
    expect((await anon.fail('company.check_invite', key)).code).toBe(404)
    expect((await anon.fail('v2.user.invite.register', newcomer, key)).code).toBe(404)
    expect((await anon.fail('v2.user.invite.accept', key)).code).toBe(404)
    expect((await anon.fail('v2.user.invite.decline', key)).code).toBe(404)
    await me.close()
  })

  test('a custom role of the invite is given on joining', async () => {
    const role = await owner.client.call('v2.network.role.create', { name: `Reviewer ${newId()}`, capabilities: ['teams.manage'] })
    const email = uniqueEmail('custom')
    await owner.client.call('v2.network.invite.send', { email, customRole: role._id })
    const key = inviteKeyOf(await nextMail(email))
    const { uid } = await anon.call('v2.user.invite.register', newcomer, key)
    const me = await Client.connect()
    await me.call('login', email, newcomer.password)
    const permissions = await me.call('v3.user.permissions')
    expect(permissions[uid]).toMatchObject({ cid: owner.cid, role: 'user', customRole: role._id })
    expect(permissions[uid].capabilities).toContain('teams.manage')
    await me.close()
  })
})
