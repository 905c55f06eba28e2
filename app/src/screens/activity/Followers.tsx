/**
 * The activity's followers (the members of its discussion, who are told of its changes): listed by
 * name, and another member added. The server keeps followers for good (updateMany's followerIds
 * only adds), so there is no remove here.
 */
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApp } from '../../api/app-context'
import { Button, ErrorLine } from '../../ui/controls'
import { useAction } from '../../ui/useAction'
import type { Activity } from '../board/activities'
import type { Candidate } from './editors'

export function Followers({ activity, people, reload }: { activity: Activity; people: Candidate[]; reload: () => Promise<void> }) {
  const { t } = useTranslation()
  const app = useApp()
  const id = useId()
  const [who, setWho] = useState('')
  const followers = activity.followers ?? []
  const nameOf = (uid: string) => people.find((p) => p.id === uid)?.name ?? t('activity.unknownItem')

  const add = useAction(async (uid: string) => {
    if (!uid) throw new Error(t('followers.choose'))
    await app.client.call('v3.activity.updateMany', [{ _id: activity._id, followerIds: [uid] }] as never)
    setWho('')
    // Adding a follower changes no value, so no signal comes back: load the activity again.
    await reload()
  })

  return (
    <section className="followers" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('followers.title')}</h2>
      {followers.length ? (
        <ul className="chips" aria-label={t('followers.title')}>
          {followers.map((uid) => (
            <li key={uid}>{nameOf(uid)}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('followers.none')}</p>
      )}
      <div className="inline-form">
        <label htmlFor={`${id}-who`}>{t('followers.add')}</label>
        <select id={`${id}-who`} value={who} onChange={(e) => setWho(e.target.value)}>
          <option value="">{t('followers.choose')}</option>
          {people
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
      <ErrorLine message={add.problem?.message} />
    </section>
  )
}
