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

/**
 * The usual people of a workspace test: an owner, a plain member, the owner of another workspace, an
 * anonymous socket, and any `Others` members of owner's workspace by name.
 */
export type Cast<Others extends string = never> = { owner: SignedIn; member: JoinedMember; stranger: SignedIn; anon: Client } & Record<Others, JoinedMember>

/**
 * Registers the cast in this order: `owner`, `member` (a plain user of owner's workspace), each of
 * `others` joining owner's workspace with its role and its name as tag, `stranger`, and `anon`.
 * E.g. `meetCast({ outsider: 'user', guest: 'guest' })` also gives `outsider` and `guest`.
 */
export async function meetCast<Name extends string = never>(others: Record<Name, JoinRole> = {} as Record<Name, JoinRole>): Promise<Cast<Name>> {
  const owner = await signedIn('owner')
  const member = await joinWorkspace(owner, { role: 'user' })
  const joined = {} as Record<Name, JoinedMember>
  for (const [name, role] of Object.entries(others) as [Name, JoinRole][]) joined[name] = await joinWorkspace(owner, { role, tag: name })
  const stranger = await signedIn('stranger')
  return { ...joined, owner, member, stranger, anon: await Client.connect() }
}

/** Closes every socket of the cast. */
export async function closeCast(cast: Cast): Promise<void> {
  await Promise.all((Object.values(cast) as Array<SignedIn | Client>).map((person) => (person instanceof Client ? person.close() : person.client.close())))
}
