/**
 * A workflow's trash: its removed activities, newest removal first, each with who removed it and
 * when, and Recover (v3.activity.removed.recover), which brings it back exactly as it was. Live: a
 * removal or recovery in the workflow, by anyone, loads it again.
 */
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { useApp, useSession } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { paths } from '../../routes'
import { Button, ErrorLine } from '../../ui/controls'
import { problemOf } from '../../ui/errors'
import { useAction } from '../../ui/useAction'
import { usePeople } from './editors'
import { formats } from '../../ui/formats'

interface Removed {
  _id: string
  name: string
  removedOn?: number
  removedBy?: string
}

export default function TrashScreen() {
  const { t, i18n } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const { workflowId = '' } = useParams()
  const people = usePeople()
  const trash = useLive(
    `trash:${workflowId}`,
    async () => {
      const byPhase =
        ((await app.client.call('v3.activity.removed.overview', [workflowId], { limit: 1000 })) as unknown as Record<string, Record<string, Removed[]>>)[
          workflowId
        ] ?? {}
      return Object.values(byPhase)
        .flat()
        .sort((a, b) => (b.removedOn ?? 0) - (a.removedOn ?? 0))
    },
    ['v3.activity.removed', 'v3.activity.recovered'].map((sig) => ({ sig, when: (m: { processId?: string }) => m.processId === workflowId })),
  )
  const recover = useAction(async (id: string) => {
    await app.client.call('v3.activity.removed.recover', [id])
    await trash.reload()
  })
  const when = formats(i18n.language).when
  const nameOf = (uid?: string) => people.find((p) => p.id === uid)?.name ?? t('history.someone')

  return (
    <>
      <p>
        <Link to={paths.workflow(session.cid, workflowId)}>{t('removal.backToWorkflow')}</Link>
      </p>
      <h1>{t('removal.trash')}</h1>
      {trash.error && !trash.data ? <ErrorLine message={problemOf(trash.error).message} /> : null}
      {!trash.data ? (
        <p className="muted">{t('common.loading')}</p>
      ) : !trash.data.length ? (
        <p className="muted">{t('removal.empty')}</p>
      ) : (
        <ul className="trash">
          {trash.data.map((a) => (
            <li key={a._id}>
              <span>
                <strong>{a.name}</strong>{' '}
                {a.removedOn ? <span className="muted">{t('removal.removedBy', { name: nameOf(a.removedBy), when: when.format(a.removedOn) })}</span> : null}
              </span>
              <Button busy={recover.busy} onClick={() => void recover.run(a._id)} aria-label={t('removal.recoverNamed', { name: a.name })}>
                {t('removal.recover')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ErrorLine message={recover.problem?.message} />
    </>
  )
}
