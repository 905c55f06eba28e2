/**
 * Who holds the activity's ball, and passing it on. The server passes the ball only to a follower
 * who may see the activity; the members offered here are those who may see it (./eligible.ts, the
 * server's answer): one who does not follow it yet is first added as a follower, then given the
 * ball. The holder is told (the ball signal) and sees it in their notifications.
 */
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApp, useSession } from '../../api/app-context'
import { Button, ErrorLine } from '../../ui/controls'
import { useAction } from '../../ui/useAction'
import type { Activity } from '../board/activities'
import type { Candidate } from './editors'
import { useEligible } from './eligible'
import { formats } from '../../ui/formats'

export function Ball({ activity, people, reload }: { activity: Activity; people: Candidate[]; reload: () => Promise<void> }) {
  const { t, i18n } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const id = useId()
  const [to, setTo] = useState('')
  const holder = activity.ballHolder?.uid
  const eligible = useEligible(activity, people) ?? []
  const nameOf = (uid: string) => people.find((p) => p.id === uid)?.name ?? uid

  const pass = useAction(async (uid: string) => {
    if (!uid) throw new Error(t('ball.choose'))
    if (!activity.followers?.includes(uid)) await app.client.call('v3.activity.updateMany', [{ _id: activity._id, followerIds: [uid] }] as never)
    await app.client.call('v3.activity.ball.pass', activity._id, uid)
    setTo('')
    await reload()
  })
  const clear = useAction(async () => {
    await app.client.call('v3.activity.ball.clear', activity._id)
    await reload()
  })

  return (
    <section className="ball-holder" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('ball.title')}</h2>
      <p role="status">
        {holder
          ? t(holder === session.uid ? 'ball.youHold' : 'ball.heldBy', {
              name: nameOf(holder),
              since: formats(i18n.language).when.format(activity.ballHolder!.since),
            })
          : t('ball.nobody')}
      </p>
      <div className="inline-form">
        <label htmlFor={`${id}-to`}>{t('ball.passTo')}</label>
        <select id={`${id}-to`} value={to} onChange={(e) => setTo(e.target.value)}>
          <option value="">{t('ball.choose')}</option>
          {eligible
            .filter((p) => p.id !== holder)
            .map((p) => (
              <option key={p.id} value={p.id}>
                {p.id === session.uid ? t('ball.me', { name: p.name }) : p.name}
              </option>
            ))}
        </select>
        <Button busy={pass.busy} onClick={() => void pass.run(to)}>
          {t('ball.pass')}
        </Button>
        {holder ? (
          <Button busy={clear.busy} onClick={() => void clear.run()}>
            {t('ball.clear')}
          </Button>
        ) : null}
      </div>
      <ErrorLine message={pass.problem?.message ?? clear.problem?.message} />
    </section>
  )
}
