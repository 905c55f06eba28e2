/**
 * The activity's followers (the members of its discussion, who are told of its changes): listed by
 * name, another member added, one taken off (v3.activity.followers.remove). Only members who may see
 * the activity are offered (./eligible.ts). Anyone may stop following; taking someone else off
 * needs edit permission, and the ball holder stays a follower: the server says so when refused.
 */
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApp, useSession } from '../../api/app-context'
import { Button, ErrorLine } from '../../ui/controls'
import { useAction } from '../../ui/useAction'
import type { Activity } from '../board/activities'
import type { Candidate } from './editors'
import { useEligible } from './eligible'

export function Followers({ activity, people, reload }: { activity: Activity; people: Candidate[]; reload: () => Promise<void> }) {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const id = useId()
  const [who, setWho] = useState('')
  const followers = activity.followers ?? []
  const eligible = useEligible(activity, people) ?? []
  const nameOf = (uid: string) => people.find((p) => p.id === uid)?.name ?? t('activity.unknownItem')

  const add = useAction(async (uid: string) => {
    if (!uid) throw new Error(t('followers.choose'))
    await app.client.call('v3.activity.updateMany', [{ _id: activity._id, followerIds: [uid] }] as never)
    setWho('')
    await reload()
  })
  const remove = useAction(async (uid: string) => {
    await app.client.call('v3.activity.followers.remove', activity._id, uid)
    await reload()
  })

  return (
    <section className="followers" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('followers.title')}</h2>
      {followers.length ? (
        <ul className="chips" aria-label={t('followers.title')}>
          {followers.map((uid) => (
            <li key={uid}>
              {nameOf(uid)}{' '}
              <Button
                busy={remove.busy}
                onClick={() => void remove.run(uid)}
                aria-label={uid === session.uid ? t('followers.unfollow') : t('followers.remove', { name: nameOf(uid) })}
              >
                ✕
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('followers.none')}</p>
      )}
      <div className="inline-form">
        <label htmlFor={`${id}-who`}>{t('followers.add')}</label>
        <select id={`${id}-who`} value={who} onChange={(e) => setWho(e.target.value)}>
          <option value="">{t('followers.choose')}</option>
          {eligible
            .filter((p) => !followers.includes(p.id))
            .map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
        </select>
        <Button busy={add.busy} onClick={() => void add.run(who)}>
          {t('followers.addButton')}
        </Button>
      </div>
      <ErrorLine message={add.problem?.message ?? remove.problem?.message} />
    </section>
  )
}
