/**
 * Teams and their accounts: create, rename and describe a team, choose its members from the
 * workspace's, add, rename and remove its accounts, remove the team. Live: another manager's
 * change shows at once; a team's unsaved name is kept while the others change.
 */
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useApp } from '../../api/app-context'
import { Button, ErrorLine, TextField } from '../../ui/controls'
import { problemAt, problemElsewhere } from '../../ui/errors'
import { useAction } from '../../ui/useAction'
import { AdminTabs } from './AdminTabs'
import { type Account, type Member, personName, type Team, useMyStanding, useTeams, useWorkspaceRecord } from './data'
import { CheckField, usePending } from './fields'

export default function TeamsScreen() {
  const { t } = useTranslation()
  const teams = useTeams()
  const workspace = useWorkspaceRecord()
  const standing = useMyStanding()
  const manage = standing.data?.can('teams.manage') ?? false
  return (
    <>
      <AdminTabs />
      <h1>{t('admin.teams.title')}</h1>
      {teams.data && !teams.data.length ? <p className="muted">{t('admin.teams.none')}</p> : null}
      <ul className="cards">
        {(teams.data ?? []).map((team) => (
          <li key={team._id} className="card">
            <TeamCard team={team} members={workspace.data?.members ?? []} manage={manage} reload={teams.reload} />
          </li>
        ))}
      </ul>
      {manage ? <NewTeam /> : null}
    </>
  )
}

function NewTeam() {
  const { t } = useTranslation()
  const app = useApp()
  const [name, setName] = useState('')
  const create = useAction(async () => {
    await app.client.call('company.new_team', { name: name.trim() })
    setName('')
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void create.run()
  }
  return (
    <section aria-labelledby="new-team">
      <h2 id="new-team">{t('admin.teams.new')}</h2>
      <form onSubmit={submit} noValidate>
        <TextField label={t('admin.teams.name')} value={name} onChange={(e) => setName(e.target.value)} required error={problemAt(create.problem, '/name')} />
        <Button type="submit" busy={create.busy}>
          {t('admin.teams.create')}
        </Button>
        <ErrorLine message={problemElsewhere(create.problem, '/name')} />
      </form>
    </section>
  )
}

function TeamCard({ team, members, manage, reload }: { team: Team; members: Member[]; manage: boolean; reload: () => Promise<void> }) {
  const { t } = useTranslation()
  const app = useApp()
  const [name, setName] = useState(team.name)
  const [saved, setSaved] = useState(false)
  useEffect(() => setName(team.name), [team.name])
  const rename = useAction(async () => {
    setSaved(false)
    await app.client.call('company.set_team_data', { team_id: team._id, section: 'name', data: name.trim() })
    setSaved(true)
  })
  const [teamMembers, showMembers] = usePending(team.members)
  const setMembers = useAction(async (uids: string[]) => {
    await app.client.call('company.update_team_users', team._id, uids)
    await reload()
  })
  const choose = (uids: string[]) => void showMembers(uids, () => setMembers.run(uids))
  const remove = useAction(async () => {
    await app.client.call('company.remove_team', team._id)
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void rename.run()
  }
  if (!manage) {
    return (
      <>
        <h2>{team.name}</h2>
        <p className="muted">{team.members.map((uid) => personName(members.find((m) => m.uid === uid) ?? {})).join(', ')}</p>
      </>
    )
  }
  return (
    <section aria-label={team.name}>
      <h2>{team.name}</h2>
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('admin.teams.nameOf', { name: team.name })}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          error={problemAt(rename.problem, '/data')}
        />
        <Button type="submit" busy={rename.busy}>
          {t('admin.teams.rename')}
        </Button>
        <p role="status" className="status">
          {saved ? t('common.saved') : ''}
        </p>
        <ErrorLine message={problemElsewhere(rename.problem, '/data')} />
      </form>
      <fieldset aria-busy={setMembers.busy || undefined}>
        <legend>{t('admin.teams.members')}</legend>
        {members.map((m) => (
          <CheckField
            key={m.uid}
            label={personName(m)}
            checked={teamMembers.includes(m.uid)}
            onChange={(e) => choose(e.target.checked ? [...teamMembers, m.uid] : teamMembers.filter((uid) => uid !== m.uid))}
          />
        ))}
        <ErrorLine message={setMembers.problem?.message} />
      </fieldset>
      <Accounts team={team} />
      <Button className="danger apart" busy={remove.busy} onClick={() => void remove.run()} aria-label={t('admin.teams.removeNamed', { name: team.name })}>
        {t('admin.teams.remove')}
      </Button>
      <ErrorLine message={remove.problem?.message} />
    </section>
  )
}

/** A team's accounts (what activities are kept under inside a team). */
function Accounts({ team }: { team: Team }) {
  const { t } = useTranslation()
  const app = useApp()
  const [name, setName] = useState('')
  const add = useAction(async () => {
    await app.client.call('company.new_account', { name: name.trim(), team_id: team._id })
    setName('')
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void add.run()
  }
  return (
    <div>
      <h3>{t('admin.teams.accounts')}</h3>
      <ul className="plain">
        {team.accounts.map((a) => (
          <AccountRow key={a._id} account={a} />
        ))}
      </ul>
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('admin.teams.newAccount', { team: team.name })}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          error={problemAt(add.problem, '/name')}
        />
        <Button type="submit" busy={add.busy}>
          {t('admin.teams.addAccount')}
        </Button>
        <ErrorLine message={problemElsewhere(add.problem, '/name')} />
      </form>
    </div>
  )
}

function AccountRow({ account }: { account: Account }) {
  const { t } = useTranslation()
  const app = useApp()
  const [name, setName] = useState(account.name)
  useEffect(() => setName(account.name), [account.name])
  const rename = useAction(async () => {
    await app.client.call('company.set_account_data', 'name', { account_id: account._id, name: name.trim() })
  })
  const remove = useAction(async () => {
    await app.client.call('company.remove_account', { account_id: account._id, team_id: account.team_id })
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void rename.run()
  }
  return (
    <li>
      <form className="inline" onSubmit={submit} noValidate>
        <TextField
          label={t('admin.teams.accountName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          error={problemAt(rename.problem, '/name')}
        />
        <Button type="submit" className="secondary" busy={rename.busy}>
          {t('admin.teams.renameAccount')}
        </Button>
        <Button className="danger" busy={remove.busy} onClick={() => void remove.run()} aria-label={t('admin.teams.removeAccount', { name: account.name })}>
          {t('admin.teams.remove')}
        </Button>
      </form>
      <ErrorLine message={problemElsewhere(rename.problem, '/name') ?? remove.problem?.message} />
    </li>
  )
}
