/**
 * Removing an activity: the server soft-removes it (v3.activity.remove) and keeps it in the
 * workflow's trash. The page then says so in a toast with Undo (v3.activity.removed.recover), a
 * link to the trash and one back to the workflow; Undo brings the activity back exactly as it was.
 */
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useApp, useSession } from '../../api/app-context'
import { paths } from '../../routes'
import { Button, ErrorLine } from '../../ui/controls'
import { useAction } from '../../ui/useAction'
import type { Activity } from '../board/activities'

export function RemoveButton({ activity, onRemoved }: { activity: Activity; onRemoved: () => void }) {
  const { t } = useTranslation()
  const app = useApp()
  const remove = useAction(async () => {
    await app.client.call('v3.activity.remove', [activity._id])
    onRemoved()
  })
  return (
    <div className="remove">
      <Button className="danger" busy={remove.busy} onClick={() => void remove.run()}>
        {t('removal.remove')}
      </Button>
      <ErrorLine message={remove.problem?.message} />
    </div>
  )
}

/** Shown in place of the form once the activity is removed. */
export function RemovedToast({ activity, onUndone }: { activity: Activity; onUndone: () => void }) {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const toast = useRef<HTMLDivElement>(null)
  // The removed form is gone: the focus goes to Undo, the likeliest next press.
  useEffect(() => toast.current?.querySelector('button')?.focus(), [])
  const undo = useAction(async () => {
    await app.client.call('v3.activity.removed.recover', [activity._id])
    onUndone()
  })
  return (
    <div className="toast" role="status" ref={toast}>
      <p>{t('removal.removed', { name: activity.name })}</p>
      <Button busy={undo.busy} onClick={() => void undo.run()}>
        {t('removal.undo')}
      </Button>{' '}
      <Link to={paths.trash(session.cid, activity.process)}>{t('removal.openTrash')}</Link>{' '}
      <Link to={paths.workflow(session.cid, activity.process)}>{t('removal.backToWorkflow')}</Link>
      <ErrorLine message={undo.problem?.message} />
    </div>
  )
}
