/**
 * The builder's start: a new workflow or dataset (its phases one per line), the shipped templates to
 * install, and every workflow and dataset of the workspace to open in the builder.
 */
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { useApp, useSession } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { paths } from '../../routes'
import { Button, ErrorLine, TextField } from '../../ui/controls'
import { problemAt, type Problem } from '../../ui/errors'
import { useAction } from '../../ui/useAction'
import { createWorkflow } from '../workflow/workflows'
import { installTemplate, listAll, listTemplates } from './api'
import { problemUnder, SelectField, TextArea } from './controls'
import './builder.css'

const RULES = [{ sig: 'process.created' }, { sig: 'process.updated' }, { sig: 'process.removed' }]

export default function BuilderHome() {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const all = useLive(`processes:${session.cid}`, () => listAll(app.client), RULES)
  const workflows = (all.data ?? []).filter((w) => !w.enableUnlinkedMode)
  const datasets = (all.data ?? []).filter((w) => w.enableUnlinkedMode)
  return (
    <div className="builder">
      <h1>{t('builder.title')}</h1>
      {all.error ? <ErrorLine message={String(all.error)} /> : null}
      <div className="builder-columns">
        <section aria-labelledby="builder-workflows">
          <h2 id="builder-workflows">{t('builder.workflows')}</h2>
          {all.data && !workflows.length ? <p className="muted">{t('workflows.none')}</p> : null}
          <ul className="cards">
            {workflows.map((wf) => (
              <li key={wf._id} className="card">
                <Link to={paths.builder(session.cid, wf._id)}>{wf.name}</Link>
              </li>
            ))}
          </ul>
          <h2 id="builder-datasets">{t('builder.datasets')}</h2>
          <p className="hint">{t('builder.datasetsHint')}</p>
          {all.data && !datasets.length ? <p className="muted">{t('builder.noDatasets')}</p> : null}
          <ul className="cards">
            {datasets.map((wf) => (
              <li key={wf._id} className="card">
                <Link to={paths.builder(session.cid, wf._id)}>{wf.name}</Link>
              </li>
            ))}
          </ul>
        </section>
        <div>
          <NewWorkflow />
          <Templates />
        </div>
      </div>
    </div>
  )
}

/** The workflow's name, not a phase's (whose path also ends in /name). */
const nameProblem = (problem: Problem | null) => (problem?.path?.startsWith('/phases') ? undefined : problemAt(problem, '/name'))

function NewWorkflow() {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const navigate = useNavigate()
  const [name, setName] = useState('')
  const [kind, setKind] = useState<'workflow' | 'dataset'>('workflow')
  const [phases, setPhases] = useState(() => t('builder.defaultPhases'))
  const action = useAction(async () => {
    const names = phases
      .split('\n')
      .map((p) => p.trim())
      .filter(Boolean)
    const id = await createWorkflow(app.client, name.trim(), names, { dataset: kind === 'dataset' })
    navigate(paths.builder(session.cid, id))
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void action.run()
  }
  return (
    <section aria-labelledby="builder-new">
      <h2 id="builder-new">{t('builder.new')}</h2>
      <form onSubmit={submit} noValidate>
        <TextField label={t('builder.name')} value={name} onChange={(e) => setName(e.target.value)} required error={nameProblem(action.problem)} />
        <SelectField label={t('builder.kind')} value={kind} onChange={(e) => setKind(e.target.value as 'workflow' | 'dataset')}>
          <option value="workflow">{t('builder.kindWorkflow')}</option>
          <option value="dataset">{t('builder.kindDataset')}</option>
        </SelectField>
        <TextArea
          label={t('builder.phases')}
          rows={4}
          value={phases}
          onChange={(e) => setPhases(e.target.value)}
          error={problemUnder(action.problem, '/phases')}
        />
        <p className="hint">{t('builder.phasesHint')}</p>
        <Button type="submit" busy={action.busy}>
          {t('builder.create')}
        </Button>
        <ErrorLine message={nameProblem(action.problem) || problemUnder(action.problem, '/phases') ? undefined : action.problem?.message} />
      </form>
    </section>
  )
}

function Templates() {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const navigate = useNavigate()
  const templates = useLive('templates', () => listTemplates(app.client), [])
  const install = useAction(async (id: string) => {
    const [first] = await installTemplate(app.client, id)
    navigate(paths.builder(session.cid, first))
  })
  return (
    <section aria-labelledby="builder-templates">
      <h2 id="builder-templates">{t('builder.templates')}</h2>
      <ul className="cards">
        {(templates.data ?? []).map((tpl) => (
          <li key={tpl._id} className="card">
            <strong>{tpl.title}</strong>
            <p className="hint">{tpl.description}</p>
            <Button busy={install.busy} onClick={() => void install.run(tpl._id)} aria-label={t('builder.installNamed', { name: tpl.title })}>
              {t('builder.install')}
            </Button>
          </li>
        ))}
      </ul>
      <ErrorLine message={install.problem?.message} />
    </section>
  )
}
