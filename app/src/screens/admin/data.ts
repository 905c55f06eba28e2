/**
 * What the administration screens read, each a live query: the workspace with its members, the
 * pending invites, the custom roles and the teams. Signals name what changed (ids), so any signal
 * of the kind loads the list again (docs/reference/signals.md).
 */
import type { ArgsOf } from '../../../../client'
import { useApp, useSession } from '../../api/app-context'
import { useLive } from '../../api/useLive'

/** A capability a custom role may grant (all but members.setOwner). */
export type Capability = ArgsOf<'v2.network.role.create'>[0]['capabilities'][number]

/** Every grantable capability, in the order the roles screen shows them (a Record so none is missed). */
const CAPABILITY_SET: Record<Capability, true> = {
  'workspace.read': true,
  'teams.read': true,
  'properties.fillOwn': true,
  'processes.create': true,
  'members.invite': true,
  'invites.manage': true,
  'members.manage': true,
  'roles.manage': true,
  'teams.manage': true,
  'properties.manage': true,
  'workspace.update': true,
  'workspace.admin': true,
  'feed.admin': true,
  'audit.read': true,
  'webhooks.manage': true,
  'automations.manage': true,
}
export const CAPABILITIES = Object.keys(CAPABILITY_SET) as Capability[]
/** The i18n key of a capability's label (keys cannot hold dots). */
export const capabilityKey = (c: string) => `admin.capability.${c.replace('.', '_')}`

/** The roles a member can have; inviter and feedAdmin are flags beside it. */
export const ROLES = ['owner', 'admin', 'user', 'guest'] as const
export type Role = (typeof ROLES)[number]

export interface Member {
  uid: string
  role: Role
  inviter: boolean
  feedAdmin: boolean
  title: string | null
  customRole: string | null
  firstname: string
  lastname: string
  email: string
}

export interface Invite {
  _id: string
  invite_key: string
  email: string
  name: string | null
  role: string
  customRole: string | null
  teams: string[]
  created: number
  updated?: number
}

export interface CustomRole {
  _id: string
  name: string
  capabilities: Capability[]
  members: number
}

export interface Account {
  _id: string
  team_id: string
  name: string
  color: string | null
}

export interface Team {
  _id: string
  name: string
  description?: string
  members: string[]
  accounts: Account[]
}

export const personName = (m: { firstname?: string; lastname?: string; email?: string }) =>
  [m.firstname, m.lastname].filter(Boolean).join(' ') || m.email || '?'

const MEMBER_RULES = [
  { sig: 'network.member.added' },
  { sig: 'network.member.removed' },
  { sig: 'network.member.updated' },
  { sig: 'network.updated' },
  { sig: 'network.license.updated' },
  { sig: 'v3.user.profileImage.updated' },
]

/** The current workspace as v2.network.get returns it: name, members, license. */
export function useWorkspaceRecord() {
  const { client } = useApp()
  const { cid } = useSession()!
  return useLive(
    `admin:workspace:${cid}`,
    async () => (await client.call('v2.network.get', cid)) as unknown as { _id: string; name: string; members: Member[]; license: License },
    MEMBER_RULES,
  )
}

const INVITE_RULES = ['sent', 'updated', 'removed', 'resent', 'declined', 'accepted'].map((s) => ({ sig: `network.invite.${s}` }))

/** Pending invites; `enabled` false (the person may not manage invites) loads nothing. */
export function useInvites(enabled: boolean) {
  const { client } = useApp()
  const { cid } = useSession()!
  return useLive(
    `admin:invites:${cid}:${enabled}`,
    async () => (enabled ? ((await client.call('v2.network.invite.list', cid)) as unknown as Invite[]) : []),
    INVITE_RULES,
  )
}

const ROLE_RULES = [{ sig: 'network.role.created' }, { sig: 'network.role.updated' }, { sig: 'network.role.removed' }]

export function useCustomRoles() {
  const { client } = useApp()
  const { cid } = useSession()!
  return useLive(`admin:roles:${cid}`, async () => (await client.call('v2.network.role.list')) as unknown as CustomRole[], ROLE_RULES)
}

const TEAM_RULES = [
  { sig: 'company.team.created' },
  { sig: 'company.team.updated' },
  { sig: 'company.team.removed' },
  { sig: 'company.team.member.added' },
  { sig: 'company.team.member.removed' },
]

export function useTeams() {
  const { client } = useApp()
  const { cid } = useSession()!
  return useLive(`admin:teams:${cid}`, async () => (await client.call('company.form_get_teams')) as unknown as Team[], TEAM_RULES)
}

/** What the signed-in person may do here: their own standing (capabilities) in the current workspace. */
export function useMyStanding() {
  const { client } = useApp()
  const { cid, uid } = useSession()!
  return useLive(
    `admin:standing:${cid}:${uid}`,
    async () => {
      const answer = (await client.call('v3.user.permissions', uid, cid)) as unknown as Record<string, { role: Role; capabilities: string[] }>
      const me = answer[uid]
      return { role: me.role, can: (c: string) => me.capabilities.includes(c) }
    },
    [{ sig: 'network.role.changed' }, ...ROLE_RULES],
  )
}

export interface License {
  type?: string
  activated?: number
  functionFields?: boolean
  indexedData?: boolean
  users?: number
  calendars?: number
  modules?: number
  activities?: number
  processes?: number
  datasets?: number
}
