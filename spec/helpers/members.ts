/**
 * People in someone else's workspace, made through the real invite flow: the owner sends an invite,
 * the key is read from the mail the SMTP catcher received, and the new user accepts it.
 */
import { Client } from './client'
import { inviteKeyOf, nextMail } from './mail'
import { signedIn, type SignedIn } from './users'

export type JoinRole = 'admin' | 'user' | 'guest' | 'inviter' | 'owner'

export interface JoinedMember extends SignedIn {
  /** The workspace joined (the inviter's `cid`); also the member's current workspace. */
  cid: string
  /** The workspace the member got at registration. */
  ownCid: string
  role: JoinRole
}

/**
 * A new registered, signed-in user who is a member of `owner.cid` with `role` (default user).
 * `owner` must be allowed to invite that role there (an owner may invite any role). On return the
 * member's socket hears the workspace and its session's current workspace is `owner.cid`.
 */
export async function joinWorkspace(owner: SignedIn, options: { role?: JoinRole; tag?: string } = {}): Promise<JoinedMember> {
  const role = options.role ?? 'user'
  const user = await signedIn(options.tag ?? role)
  const invite = await owner.client.call('v2.network.invite.send', { email: user.email, role, cid: owner.cid })
  const key = inviteKeyOf(await nextMail(user.email))
  if (key !== invite.invite_key) throw new Error('the mailed invite key is not the one v2.network.invite.send returned')
  await user.client.call('v2.user.invite.accept', key)
  await user.client.waitForSignal('network.member.added', (m) => m.cid === owner.cid && m.uid === user.uid)
  await user.client.call('v3.session.switchWorkspace', owner.cid)
  return { ...user, cid: owner.cid, ownCid: user.cid, role }
}

/** The usual people of a workspace test: an owner, a plain member, the owner of another workspace, and an anonymous socket. */
export interface Cast {
  owner: SignedIn
  member: JoinedMember
  stranger: SignedIn
  anon: Client
}

export async function meetCast(): Promise<Cast> {
  const owner = await signedIn('owner')
  const member = await joinWorkspace(owner, { role: 'user' })
  const stranger = await signedIn('stranger')
  return { owner, member, stranger, anon: await Client.connect() }
}

export async function closeCast(cast: Cast): Promise<void> {
  await Promise.all([cast.owner.client.close(), cast.member.client.close(), cast.stranger.client.close(), cast.anon.close()])
}
