/** The header's links to the wall and the notifications, each with its count (live). */
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { paths } from '../../routes'
import { useInvites, useMentions, useMyBalls, useUnreadWall } from './notifications'

export function HeaderLinks({ workspace }: { workspace: string }) {
  const { t } = useTranslation()
  const unread = useUnreadWall()
  const balls = useMyBalls().data?.length ?? 0
  const mentions = useMentions().data?.length ?? 0
  const invites = useInvites().data?.length ?? 0
  const notes = balls + mentions + invites
  return (
    <>
      <NavLink to={paths.wall(workspace)} aria-label={unread ? t('wall.titleUnread', { count: unread }) : undefined}>
        {t('wall.title')}{' '}
        {unread ? (
          <span className="count" data-testid="wall-unread">
            {unread}
          </span>
        ) : null}
      </NavLink>
      <NavLink to={paths.notifications(workspace)} aria-label={notes ? t('notifications.titleCount', { count: notes }) : undefined}>
        {t('notifications.title')}{' '}
        {notes ? (
          <span className="count" data-testid="notification-count">
            {notes}
          </span>
        ) : null}
      </NavLink>
    </>
  )
}
