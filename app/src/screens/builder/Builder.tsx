/**
 * The builder of one workflow or dataset, live: its name (rename, copy, remove), its phases (add,
 * rename, reorder, remove) and its fields (FieldsSection). Every save sends the values it was based
 * on, so a teammate's change in between is reported as "changed by someone else", with a reload.
 */
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { useApp, useSession } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { paths } from '../../routes'
import { Button, ErrorLine, TextField } from '../../ui/controls'
import { problemAt, problemOf } from '../../ui/errors'
import { getWorkflow, livePhases, type Workflow } from '../workflow/workflows'
import { addPhase, copyWorkflow, listAll, moved, removePhase, removeWorkflow, renamePhase, renameWorkflow, reorderPhases } from './api'
import { ConfirmRemove, problemUnder, SaveProblem, useSave } from './controls'
import { FieldsSection } from './FieldsSection'
import './builder.css'

const LIST_RULES = [{ sig: 'process.created' }, { sig: 'process.updated' }, { sig: 'process.removed' }]

export default function BuilderScreen() {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const { workflowId = '' } = useParams()
  const workflow = useLive(`workflow:${workflowId}`, () => getWorkflow(app.client, workflowId), [
    { sig: 'process.updated', when: (m) => m._id === workflowId },
    { sig: 'process.field.created', when: (m) => m.processId === workflowId },
    { sig: 'process.field.updated', when: (m) => m.processId === workflowId },
    { sig: 'process.field.removed', when: (m) => m.processId === workflowId },
  ])
  const all = useLive(`processes:${session.cid}`, () => listAll(app.client), LIST_RULES)
  if (workflow.error && !workflow.data) return <ErrorLine message={problemOf(workflow.error).message} />
  if (!workflow.data) return <p className="muted">{t('common.loading')}</p>
  const wf = workflow.data
  const reload = () => void workflow.reload()
  return (
    <div className="builder">
      <p>
        <Link to={paths.builderHome(session.cid)}>{t('builder.back')}</Link>
      </p>
      <h1>{t('builder.building', { name: wf.name })}</h1>
      <WorkflowHeader wf={wf} onReload={reload} />
      <Phases wf={wf} onReload={reload} />
      <FieldsSection wf={wf} workflows={all.data ?? []} onReload={reload} />
    </div>
  )
}

function WorkflowHeader({ wf, onReload }: { wf: Workflow; onReload: () => void }) {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const navigate = useNavigate()
  const [name, setName] = useState(wf.name)
  // The name the person started from: followed live until they type, then expected by the save.
  const [read, setRead] = useState(wf.name)
  if (name === read && wf.name !== read) {
    setName(wf.name)
    setRead(wf.name)
  }
  const [saved, setSaved] = useState(false)
  const rename = useSave(async () => {
    setSaved(false)
    await renameWorkflow(app.client, wf, name, read)
    setRead(name.trim())
    setSaved(true)
  })
  const copy = useSave(async () => navigate(paths.builder(session.cid, await copyWorkflow(app.client, wf._id))))
  const remove = useSave(async () => {
    await removeWorkflow(app.client, wf._id)
    navigate(paths.builderHome(session.cid))
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void rename.run()
  }
  return (
    <section aria-labelledby="builder-workflow" className="panel">
      <h2 id="builder-workflow">{t('builder.workflow')}</h2>
      <form onSubmit={submit} noValidate className="inline">
        <TextField label={t('builder.name')} value={name} onChange={(e) => setName(e.target.value)} error={problemAt(rename.problem, '/name')} />
        <Button type="submit" busy={rename.busy}>
          {t('builder.rename')}
        </Button>
      </form>
      {saved ? (
        <p className="status" role="status">
          {t('common.saved')}
        </p>
      ) : null}
      <SaveProblem
        action={rename}
        claimed={['/name']}
        onReload={() => {
          setName(wf.name)
          setRead(wf.name)
          onReload()
        }}
      />
      <div className="actions">
        <Link className="button" to={paths.workflow(session.cid, wf._id)}>
          {t('builder.open')}
        </Link>
        <Button busy={copy.busy} onClick={() => void copy.run()}>
          {t('builder.copy')}
        </Button>
        <ConfirmRemove
          label={t('builder.removeWorkflow')}
          question={t('builder.removeWorkflowQuestion', { name: wf.name })}
          busy={remove.busy}
          onConfirm={() => void remove.run()}
        />
      </div>
      <ErrorLine message={copy.problem?.message ?? remove.problem?.message} />
    </section>
  )
}

function Phases({ wf, onReload }: { wf: Workflow; onReload: () => void }) {
  const { t } = useTranslation()
  const app = useApp()
  const order = livePhases(wf)
  const [name, setName] = useState('')
  const add = useSave(async () => {
    await addPhase(app.client, wf, name.trim())
    setName('')
  })
  const move = useSave(async (index: number, by: number, buttonId: string) => {
    const next = moved(order, index, by)
    if (!next) return
    await reorderPhases(app.client, wf, next)
    // The moved row's button keeps the focus, so pressing it again moves the phase further.
    requestAnimationFrame(() => document.getElementById(buttonId)?.focus())
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void add.run()
  }
  return (
    <section aria-labelledby="builder-phases" className="panel">
      <h2 id="builder-phases">{t('builder.phasesTitle')}</h2>
      {!order.length ? <p className="muted">{t('builder.noPhases')}</p> : null}
      <ol className="rows">
        {order.map((id, index) => (
          <PhaseRow
            key={`${id}:${wf.phases[id].name ?? ''}`}
            wf={wf}
            id={id}
            index={index}
            count={order.length}
            onMove={(by, buttonId) => void move.run(index, by, buttonId)}
            moving={move.busy}
            onReload={onReload}
          />
        ))}
      </ol>
      <SaveProblem action={move} onReload={onReload} />
      <form id="builder-new-phase" onSubmit={submit} noValidate className="inline">
        <TextField label={t('builder.newPhase')} value={name} onChange={(e) => setName(e.target.value)} error={problemUnder(add.problem, '/phases')} />
        <Button type="submit" busy={add.busy}>
          {t('builder.addPhase')}
        </Button>
      </form>
      <SaveProblem action={add} claimed={['/name']} onReload={onReload} />
    </section>
  )
}

function PhaseRow(props: {
  wf: Workflow
  id: string
  index: number
  count: number
  moving: boolean
  onMove: (by: number, buttonId: string) => void
  onReload: () => void
}) {
  const { wf, id, index, count, moving, onMove, onReload } = props
  const { t } = useTranslation()
  const app = useApp()
  const current = wf.phases[id].name ?? ''
  const [name, setName] = useState(current)
  // As for the workflow's name: followed live until the person types, then expected by the save.
  const [read, setRead] = useState(current)
  if (name === read && current !== read) {
    setName(current)
    setRead(current)
  }
  const rename = useSave(async () => {
    await renamePhase(app.client, wf, id, name.trim(), read)
    setRead(name.trim())
  })
  const remove = useSave(async () => {
    await removePhase(app.client, wf, id)
    // The removed row took the focus with it: it goes to adding a phase.
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>('#builder-new-phase input')?.focus())
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void rename.run()
  }
  return (
    <li className="row">
      <form onSubmit={submit} noValidate className="inline">
        <TextField
          label={t('builder.phaseName', { n: index + 1 })}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={problemUnder(rename.problem, '/phases')}
        />
        <Button type="submit" busy={rename.busy} aria-label={t('builder.renamePhase', { name: current })}>
          {t('builder.rename')}
        </Button>
      </form>
      <div className="actions">
        <Button
          id={`phase-${id}-up`}
          busy={moving}
          aria-disabled={index === 0 || undefined}
          aria-label={t('builder.moveUp', { name: current })}
          onClick={() => index > 0 && onMove(-1, `phase-${id}-up`)}
        >
          ↑
        </Button>
        <Button
          id={`phase-${id}-down`}
          busy={moving}
          aria-disabled={index === count - 1 || undefined}
          aria-label={t('builder.moveDown', { name: current })}
          onClick={() => index < count - 1 && onMove(1, `phase-${id}-down`)}
        >
          ↓
        </Button>
        <ConfirmRemove
          label={t('builder.remove')}
          name={t('builder.removeNamed', { name: current })}
          question={t('builder.removePhaseQuestion', { name: current })}
          busy={remove.busy}
          onConfirm={() => void remove.run()}
        />
      </div>
      <SaveProblem
        action={rename}
        claimed={['/phases']}
        onReload={() => {
          setName(current)
          setRead(current)
          onReload()
        }}
      />
      <SaveProblem action={remove} onReload={onReload} />
    </li>
  )
}
