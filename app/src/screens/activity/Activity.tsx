/** One activity: its name, phase and fields. */
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { useApp } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { ErrorLine } from '../../ui/controls'
import { problemOf } from '../../ui/errors'
import type { Activity } from '../board/activities'

export default function ActivityScreen() {
  const { t } = useTranslation()
  const app = useApp()
  const { activityId = '' } = useParams()
  const activity = useLive(
    `activity:${activityId}`,
    async () => (await app.client.call('v3.activity.get', activityId)) as unknown as Activity,
    ['v3.activity.updated', 'v3.activity.phase', 'v3.activity.ball'].map((sig) => ({ sig, when: (m: { _id: string }) => m._id === activityId })),
  )
  if (activity.error && !activity.data) return <ErrorLine message={problemOf(activity.error).message} />
  if (!activity.data) return <p className="muted">{t('common.loading')}</p>
  return <h1>{activity.data.name}</h1>
}
