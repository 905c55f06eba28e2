/** All the person's workspaces with their role; creating one opens it. */
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { useApp, useSession } from '../api/app-context'
import { paths } from '../routes'
import { useWorkspaces } from '../shell/workspaces'
import { Button, ErrorLine, TextField } from '../ui/controls'
import { problemAt, problemElsewhere } from '../ui/errors'
import { useAction } from '../ui/useAction'

export default function WorkspacesScreen() {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const navigate = useNavigate()
  const workspaces = useWorkspaces()
  const [name, setName] = useState('')
  const create = useAction(async () => {
    const created = (await app.client.call('v2.network.create', name.trim())) as { _id: string }
    await workspaces.reload()
    navigate(paths.workspace(created._id))
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void create.run()
  }
  return (
    <>
      <h1>{t('workspaces.title')}</h1>
      <ul className="cards">
        {(workspaces.data ?? []).map((w) => (
          <li key={w._id} className="card">
            <Link to={paths.workspace(w._id)} aria-current={w._id === session.cid ? 'true' : undefined}>
              {w.name}
            </Link>{' '}
            <span className="muted">{t(`roles.${w.role}`, { defaultValue: w.role })}</span>
          </li>
        ))}
      </ul>
      <section aria-labelledby="new-workspace">
        <h2 id="new-workspace">{t('workspaces.new')}</h2>
        <form onSubmit={submit} noValidate>
          <TextField
            label={t('workspaces.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            error={problemAt(create.problem, '/0', '/name')}
          />
          <Button type="submit" busy={create.busy}>
            {t('workspaces.create')}
          </Button>
          <ErrorLine message={problemElsewhere(create.problem, '/0', '/name')} />
        </form>
      </section>
    </>
  )
}
