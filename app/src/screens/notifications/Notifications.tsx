/**
 * The person's notifications: the balls they hold (newest first, linking to each activity), wall
 * posts addressed to them by name, and invites to other workspaces to accept or decline. Live.
 */
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useApp, useSession } from '../../api/app-context'
import { paths } from '../../routes'
import { Button, ErrorLine } from '../../ui/controls'
import { useAction } from '../../ui/useAction'
import { personName } from '../wall/posts'
import { useInvites, useMentions, useMyBalls } from './notifications'
import { formats } from '../../ui/formats'

export default function NotificationsScreen() {
  const { t, i18n } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const balls = useMyBalls()
  const mentions = useMentions()
  const invites = useInvites()
  const when = formats(i18n.language).when
  const answer = useAction(async (key: string, accept: boolean) => {
    await app.client.call(accept ? 'v2.user.invite.accept' : 'v2.user.invite.decline', key)
    await invites.reload()
  })
  const loading = <p className="muted">{t('common.loading')}</p>
  return (
    <>
      <h1>{t('notifications.title')}</h1>
      <section aria-labelledby="n-balls">
        <h2 id="n-balls">{t('notifications.balls')}</h2>
        {!balls.data ? (
          loading
        ) : !balls.data.length ? (
          <p className="muted">{t('notifications.noBalls')}</p>
        ) : (
          <ul className="notes">
            {[...balls.data]
              .sort((a, b) => b.ballHolder.since - a.ballHolder.since)
              .map((b) => (
                <li key={b.activityId}>
                  <Link to={paths.activity(session.cid, b.activityId)}>{b.name}</Link>{' '}
                  <span className="muted">{t('notifications.since', { when: when.format(b.ballHolder.since) })}</span>
                </li>
              ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="n-mentions">
        <h2 id="n-mentions">{t('notifications.mentions')}</h2>
        {!mentions.data ? (
          loading
        ) : !mentions.data.length ? (
          <p className="muted">{t('notifications.noMentions')}</p>
        ) : (
          <ul className="notes">
            {mentions.data.map((p) => (
              <li key={p._id}>
                <Link to={paths.wall(session.cid)}>{p.subject || p.text.slice(0, 60)}</Link>{' '}
                <span className="muted">{t('notifications.by', { name: personName(p.author), when: when.format(p.published ?? p.created) })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="n-invites">
        <h2 id="n-invites">{t('notifications.invites')}</h2>
        {!invites.data ? (
          loading
        ) : !invites.data.length ? (
          <p className="muted">{t('notifications.noInvites')}</p>
        ) : (
          <ul className="notes">
            {invites.data.map((inv) => (
              <li key={inv._id}>
                {t('notifications.invite', { workspace: inv.network?.name ?? '', name: personName(inv.user as never) })}{' '}
                <Button busy={answer.busy} onClick={() => void answer.run(inv.invite_key, true)}>
                  {t('notifications.accept')}
                </Button>{' '}
                <Button busy={answer.busy} onClick={() => void answer.run(inv.invite_key, false)}>
                  {t('notifications.decline')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <ErrorLine message={answer.problem?.message} />
      </section>
    </>
  )
}
