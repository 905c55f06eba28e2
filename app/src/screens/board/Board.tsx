/** A workflow as a board: a column per phase, a card per activity, live. */
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useApp, useSession } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { paths } from '../../routes'
import { ErrorLine } from '../../ui/controls'
import { problemOf } from '../../ui/errors'
import type { ViewProps } from '../workflow/views'
import { livePhases } from '../workflow/workflows'
import { activityRules, listActivities } from './activities'

export default function Board({ workflow }: ViewProps) {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const activities = useLive(`activities:${workflow._id}`, () => listActivities(app.client, workflow._id), activityRules(workflow._id))
  const phases = livePhases(workflow)
  return (
    <>
      {activities.error ? <ErrorLine message={problemOf(activities.error).message} /> : null}
      <div className="board">
        {phases.map((phaseId) => {
          const cards = (activities.data ?? []).filter((a) => a.currentPhase === phaseId)
          const name = workflow.phases[phaseId].name ?? t('board.phase')
          return (
            <section key={phaseId} className="column" data-phase={phaseId} aria-labelledby={`col-${phaseId}`}>
              <h2 id={`col-${phaseId}`}>
                {name} <span className="muted">({cards.length})</span>
              </h2>
              <ul>
                {cards.map((a) => (
                  <li key={a._id} className="card" data-activity={a._id}>
                    <Link to={paths.activity(session.cid, a._id)}>{a.name}</Link>
                  </li>
                ))}
              </ul>
            </section>
          )
        })}
      </div>
    </>
  )
}
