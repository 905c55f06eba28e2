/**
 * The workspace's members with their role, flags and custom role (changed in place by those who
 * manage members), removing a member, inviting by e-mail, and the pending invites (resend, revoke).
 * Everything is live: another manager's change shows at once.
 */
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useApp, useSession } from '../../api/app-context'
import { Button, ErrorLine, TextField } from '../../ui/controls'
import { problemAt, problemElsewhere } from '../../ui/errors'
import { useAction } from '../../ui/useAction'
import { AdminTabs } from './AdminTabs'
import {
  type CustomRole,
  type Invite,
  type Member,
  personName,
  type Role,
  ROLES,
  type Team,
  useCustomRoles,
  useInvites,
  useMyStanding,
  useTeams,
  useWorkspaceRecord,
} from './data'
import { CheckField, formatDate, SelectField, usePending } from './fields'

export default function MembersScreen() {
  const { t } = useTranslation()
  const standing = useMyStanding()
  const can = standing.data?.can ?? (() => false)
  const workspace = useWorkspaceRecord()
  const roles = useCustomRoles()
  const teams = useTeams()
  const invites = useInvites(can('invites.manage'))
  return (
    <>
      <AdminTabs />
      <h1>{t('admin.members.title')}</h1>
      <ErrorLine message={workspace.error ? String(workspace.error) : null} />
      <ul className="cards" aria-label={t('admin.members.title')}>
        {(workspace.data?.members ?? []).map((m) => (
          <MemberRow key={m.uid} member={m} manage={can('members.manage')} roles={roles.data ?? []} reload={workspace.reload} />
        ))}
      </ul>
      {can('members.invite') ? <InviteForm roles={roles.data ?? []} teams={teams.data ?? []} mayChooseRole={can('invites.manage')} /> : null}
      {can('invites.manage') ? <PendingInvites invites={invites.data ?? []} /> : null}
    </>
  )
}

function MemberRow({ member, manage, roles, reload }: { member: Member; manage: boolean; roles: CustomRole[]; reload: () => Promise<void> }) {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const [confirming, setConfirming] = useState(false)
  const name = personName(member)
  // One action and one shown value per control: a second control changed while the first is sent is sent too.
  const role = useMemberChange(member.uid, reload)
  const customRole = useMemberChange(member.uid, reload)
  const inviter = useMemberChange(member.uid, reload)
  const feedAdmin = useMemberChange(member.uid, reload)
  const [shownRole, showRole] = usePending<Role>(member.role)
  const [shownCustomRole, showCustomRole] = usePending(member.customRole ?? '')
  const [shownInviter, showInviter] = usePending(member.inviter)
  const [shownFeedAdmin, showFeedAdmin] = usePending(member.feedAdmin)
  const remove = useAction(async () => {
    await app.client.call('company.remove_user', member.uid)
  })
  const setRole = (next: Role) => {
    if (next === member.role) return
    // "user" is the role without a section of its own: switching the current one off gives it.
    const [section, value] = next === 'user' ? [member.role as Section, 'false'] : [next as Section, 'true']
    void showRole(next, () => role.run(section, value))
  }
  const busy = role.busy || customRole.busy || inviter.busy || feedAdmin.busy
  const problem = role.problem ?? customRole.problem ?? inviter.problem ?? feedAdmin.problem ?? remove.problem
  const me = member.uid === session.uid
  return (
    <li className="card member" aria-label={name}>
      <div>
        <strong>{name}</strong> {me ? <span className="muted">{t('admin.members.you')}</span> : null}
        <div className="muted">{member.email}</div>
      </div>
      {manage ? (
        <div className="row">
          <SelectField
            label={t('admin.members.roleOf', { name })}
            value={shownRole}
            onChange={(e) => setRole(e.target.value as Role)}
            aria-busy={role.busy || undefined}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('admin.members.customRoleOf', { name })}
            value={shownCustomRole}
            onChange={(e) => {
              const value = e.target.value
              void showCustomRole(value, () => customRole.run('customRole', value))
            }}
          >
            <option value="">{t('admin.members.noCustomRole')}</option>
            {roles.map((r) => (
              <option key={r._id} value={r._id}>
                {r.name}
              </option>
            ))}
          </SelectField>
          <CheckField
            label={t('admin.members.inviter')}
            checked={shownInviter}
            onChange={(e) => {
              const on = e.target.checked
              void showInviter(on, () => inviter.run('inviter', String(on)))
            }}
          />
          <CheckField
            label={t('admin.members.feedAdmin')}
            checked={shownFeedAdmin}
            onChange={(e) => {
              const on = e.target.checked
              void showFeedAdmin(on, () => feedAdmin.run('feedAdmin', String(on)))
            }}
          />
          {busy ? <span className="muted">{t('common.busy')}</span> : null}
          {me ? null : confirming ? (
            <span className="row">
              {/* The question replaces the button that asked it: focus moves to the answer. */}
              <Button className="danger" busy={remove.busy} onClick={() => void remove.run()} autoFocus>
                {t('admin.members.confirmRemove', { name })}
              </Button>
              <Button className="secondary" onClick={() => setConfirming(false)}>
                {t('admin.cancel')}
              </Button>
            </span>
          ) : (
            <Button className="secondary" onClick={() => setConfirming(true)} aria-label={t('admin.members.removeNamed', { name })}>
              {t('admin.members.remove')}
            </Button>
          )}
        </div>
      ) : (
        <span className="muted">{t(`roles.${member.role}`)}</span>
      )}
      <ErrorLine message={problem?.message} />
    </li>
  )
}

type Section = 'owner' | 'admin' | 'guest' | 'inviter' | 'feedAdmin' | 'customRole'

/** Changes one section of a member's standing (company.set_user_data), then loads the members again. */
function useMemberChange(uid: string, reload: () => Promise<void>) {
  const app = useApp()
  const session = useSession()!
  return useAction(async (section: Section, value: string) => {
    await app.client.call('company.set_user_data', { section, uid, value, workspaceId: session.cid })
    await reload()
  })
}

const INVITE_FIELDS = ['/email', '/name', '/role', '/customRole', '/teams']

function InviteForm({ roles, teams, mayChooseRole }: { roles: CustomRole[]; teams: Team[]; mayChooseRole: boolean }) {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const [email, setEmail] = useState('')
  const [name, setName] = useState('')
  const [role, setRole] = useState<Role>('user')
  const [customRole, setCustomRole] = useState('')
  const [chosenTeams, setChosenTeams] = useState<string[]>([])
  const [sentTo, setSentTo] = useState('')
  const send = useAction(async () => {
    setSentTo('')
    await app.client.call('v2.network.invite.send', {
      email: email.trim(),
      ...(name.trim() && { name: name.trim() }),
      role,
      ...(customRole && { customRole }),
      ...(chosenTeams.length && { teams: chosenTeams }),
      cid: session.cid,
    })
    setSentTo(email.trim())
    setEmail('')
    setName('')
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void send.run()
  }
  // An inviter (members.invite without invites.manage) invites members and guests only.
  const offered = mayChooseRole ? ROLES : (['user', 'guest'] as const)
  return (
    <section aria-labelledby="invite-title">
      <h2 id="invite-title">{t('admin.invite.title')}</h2>
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('admin.invite.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
          error={problemAt(send.problem, '/email')}
        />
        <TextField label={t('admin.invite.name')} value={name} onChange={(e) => setName(e.target.value)} error={problemAt(send.problem, '/name')} />
        <SelectField label={t('admin.invite.role')} value={role} onChange={(e) => setRole(e.target.value as Role)} error={problemAt(send.problem, '/role')}>
          {offered.map((r) => (
            <option key={r} value={r}>
              {t(`roles.${r}`)}
            </option>
          ))}
        </SelectField>
        {roles.length ? (
          <SelectField
            label={t('admin.invite.customRole')}
            value={customRole}
            onChange={(e) => setCustomRole(e.target.value)}
            error={problemAt(send.problem, '/customRole')}
          >
            <option value="">{t('admin.members.noCustomRole')}</option>
            {roles.map((r) => (
              <option key={r._id} value={r._id}>
                {r.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        {teams.length ? (
          <fieldset>
            <legend>{t('admin.invite.teams')}</legend>
            {teams.map((team) => (
              <CheckField
                key={team._id}
                label={team.name}
                checked={chosenTeams.includes(team._id)}
                onChange={(e) => setChosenTeams(e.target.checked ? [...chosenTeams, team._id] : chosenTeams.filter((id) => id !== team._id))}
              />
            ))}
            {problemAt(send.problem, '/teams') ? <p className="error">{problemAt(send.problem, '/teams')}</p> : null}
          </fieldset>
        ) : null}
        <Button type="submit" busy={send.busy}>
          {t('admin.invite.send')}
        </Button>
        <p role="status" className="status">
          {sentTo ? t('admin.invite.sent', { email: sentTo }) : ''}
        </p>
        <ErrorLine message={problemElsewhere(send.problem, ...INVITE_FIELDS)} />
      </form>
    </section>
  )
}

function PendingInvites({ invites }: { invites: Invite[] }) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="pending-title">
      <h2 id="pending-title">{t('admin.invite.pending')}</h2>
      {invites.length ? null : <p className="muted">{t('admin.invite.none')}</p>}
      <ul className="cards">
        {invites.map((invite) => (
          <PendingInvite key={invite._id} invite={invite} />
        ))}
      </ul>
    </section>
  )
}

function PendingInvite({ invite }: { invite: Invite }) {
  const { t, i18n } = useTranslation()
  const app = useApp()
  const [resent, setResent] = useState(false)
  const resend = useAction(async () => {
    setResent(false)
    await app.client.call('v2.network.invite.resend', invite.invite_key)
    setResent(true)
  })
  const revoke = useAction(async () => {
    await app.client.call('v2.network.invite.remove', invite.invite_key)
  })
  return (
    <li className="card" aria-label={invite.email}>
      <strong>{invite.email}</strong>{' '}
      <span className="muted">
        {t(`roles.${invite.role}`, { defaultValue: invite.role })} ·{' '}
        {t('admin.invite.sentOn', { date: formatDate(invite.updated ?? invite.created, i18n.language) })}
      </span>
      <div className="row">
        <Button className="secondary" busy={resend.busy} onClick={() => void resend.run()} aria-label={t('admin.invite.resendTo', { email: invite.email })}>
          {t('admin.invite.resend')}
        </Button>
        <Button className="danger" busy={revoke.busy} onClick={() => void revoke.run()} aria-label={t('admin.invite.revokeTo', { email: invite.email })}>
          {t('admin.invite.revoke')}
        </Button>
        <span role="status" className="status">
          {resent ? t('admin.invite.resent') : ''}
        </span>
      </div>
      <ErrorLine message={resend.problem?.message ?? revoke.problem?.message} />
    </li>
  )
}
