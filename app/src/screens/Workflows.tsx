/** The workflows of the current workspace, live, and a form to create one (with its phases). */
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { useApp, useSession } from '../api/app-context'
import { useLive } from '../api/useLive'
import { paths } from '../routes'
import { Button, ErrorLine, TextField } from '../ui/controls'
import { problemAt, problemElsewhere } from '../ui/errors'
import { useAction } from '../ui/useAction'
import { createWorkflow, listWorkflows } from './workflow/workflows'

const RULES = [{ sig: 'process.created' }, { sig: 'process.updated' }, { sig: 'process.removed' }]

export function WorkflowsScreen() {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const workflows = useLive(`workflows:${session.cid}`, () => listWorkflows(app.client), RULES)
  return (
    <>
      <h1>{t('workflows.title')}</h1>
      {workflows.error ? <ErrorLine message={String(workflows.error)} /> : null}
      {workflows.data && !workflows.data.length ? <p className="muted">{t('workflows.none')}</p> : null}
      <ul className="cards">
        {(workflows.data ?? []).map((wf) => (
          <li key={wf._id} className="card">
            <Link to={paths.workflow(session.cid, wf._id)}>{wf.name}</Link>
            <span className="muted"> {t('workflows.phaseCount', { count: wf.phases.length })}</span>
          </li>
        ))}
      </ul>
      <NewWorkflow onCreated={() => void workflows.reload()} />
    </>
  )
}

function NewWorkflow({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const navigate = useNavigate()
  const [name, setName] = useState('')
  const [phases, setPhases] = useState(() => t('workflows.defaultPhases'))
  const action = useAction(async () => {
    const phaseNames = phases
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
    const id = await createWorkflow(app.client, name.trim(), phaseNames)
    onCreated()
    navigate(paths.workflow(session.cid, id))
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void action.run()
  }
  return (
    <section aria-labelledby="new-workflow">
      <h2 id="new-workflow">{t('workflows.new')}</h2>
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('workflows.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          error={problemAt(action.problem, '/name', '/0')}
        />
        <TextField label={t('workflows.phases')} hint={t('workflows.phasesHint')} value={phases} onChange={(e) => setPhases(e.target.value)} />
        <Button type="submit" busy={action.busy}>
          {t('workflows.create')}
        </Button>
        <ErrorLine message={problemElsewhere(action.problem, '/name', '/0')} />
      </form>
    </section>
  )
}
