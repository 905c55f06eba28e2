/**
 * A workflow: its name, links to its builder, import/export, trash and (for those who manage them)
 * automations, the views to choose from (kept in the address), and the chosen view, live.
 */
import { Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams, useSearchParams } from 'react-router'
import { useApp, useSession } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { paths } from '../../routes'
import { ErrorLine } from '../../ui/controls'
import { problemOf } from '../../ui/errors'
import { whenIdle } from '../../ui/idle'
import { useMyStanding } from '../admin/data'
import { VIEWS } from './views'
import { getWorkflow } from './workflows'

export default function WorkflowScreen() {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const { workflowId = '' } = useParams()
  const [search] = useSearchParams()
  const view = VIEWS.find((v) => v.id === search.get('view')) ?? VIEWS[0]
  // The view's screen and its first data are read together with the workflow, not after it.
  const params = search.toString()
  useEffect(() => {
    void view.component.preload().catch(() => {})
    return view.preload?.(app.client, app.live, workflowId, new URLSearchParams(params))
  }, [app, workflowId, view, params])
  const workflow = useLive(`workflow:${workflowId}`, () => getWorkflow(app.client, workflowId), [
    { sig: 'process.updated', when: (m) => m._id === workflowId },
    { sig: 'process.field.created', when: (m) => m.processId === workflowId },
    { sig: 'process.field.updated', when: (m) => m.processId === workflowId },
    { sig: 'process.field.removed', when: (m) => m.processId === workflowId },
  ])
  if (workflow.error && !workflow.data) return <ErrorLine message={problemOf(workflow.error).message} />
  if (!workflow.data) return <p className="muted">{t('common.loading')}</p>
  const View = view.component
  return (
    <>
      <h1>{workflow.data.name}</h1>
      <p className="workflow-links">
        <Link to={paths.builder(session.cid, workflowId)}>{t('builder.editWorkflow')}</Link>
        <Link to={paths.transfer(session.cid, workflowId)}>{t('transfer.link')}</Link>
        <Link to={paths.trash(session.cid, workflowId)}>{t('removal.trash')}</Link>
        <AutomationsLink workflowId={workflowId} />
      </p>
      <nav className="tabs" aria-label={t('views.label')}>
        {VIEWS.map((v) => (
          <Link key={v.id} to={paths.workflow(session.cid, workflowId, v.id)} aria-current={v === view ? 'page' : undefined}>
            {t(v.label)}
          </Link>
        ))}
      </nav>
      <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
        <View workflow={workflow.data} />
      </Suspense>
    </>
  )
}

/**
 * The workflow's automations, linked for those who manage them. Whether one does is asked once the
 * browser is idle: the call stays off the way to the board (docs/app.md, Speed).
 */
function AutomationsLink({ workflowId }: { workflowId: string }) {
  const [idle, setIdle] = useState(false)
  useEffect(() => whenIdle(() => setIdle(true)), [])
  return idle ? <AutomationsLinkIfAllowed workflowId={workflowId} /> : null
}

function AutomationsLinkIfAllowed({ workflowId }: { workflowId: string }) {
  const { t } = useTranslation()
  const { cid } = useSession()!
  const standing = useMyStanding()
  return standing.data?.can('automations.manage') ? <Link to={paths.adminAutomations(cid, workflowId)}>{t('admin.tabs.automations')}</Link> : null
}
