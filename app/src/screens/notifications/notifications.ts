/**
 * What asks for the person's attention, read live: the wall posts they have not read (wall2.unread),
 * the balls they hold, the wall posts addressed to them by name (mentions), and the invites waiting
 * for them. The header shows the counts; the notifications screen lists them.
 */
import { useApp, useSession } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { loadPosts, postRules, type Post } from '../wall/posts'

export interface HeldBall {
  activityId: string
  processId: string
  ballHolder: { uid: string; since: number }
  name: string
}

export interface PendingInvite {
  _id: string
  invite_key: string
  role: string
  created: number
  user?: { firstname?: string; lastname?: string }
  network?: { _id: string; name: string | null }
}

/** Unread wall posts in the current workspace. */
export function useUnreadWall(): number {
  const { client } = useApp()
  const session = useSession()!
  const unread = useLive(
    `unread:${session.cid}`,
    async () => {
      const counts = (await client.call('wall2.unread', { workspaceIds: [session.cid], types: ['user'] })) as unknown as Record<string, { user?: number }>
      return counts[session.cid]?.user ?? 0
    },
    [...postRules(session.cid), { sig: 'wall2.seen' }],
  )
  return unread.data ?? 0
}

/** The balls the person holds, with each activity's name. */
export function useMyBalls() {
  const { client } = useApp()
  const session = useSession()!
  return useLive(
    `my-balls:${session.uid}`,
    async () => {
      const all = (await client.call('v3.activity.ball.list', '*')) as unknown as Omit<HeldBall, 'name'>[]
      const mine = all.filter((b) => b.ballHolder.uid === session.uid)
      return Promise.all(
        mine.map(async (b) => ({ ...b, name: ((await client.call('v3.activity.get', b.activityId)) as unknown as { name: string }).name })),
      ) as Promise<HeldBall[]>
    },
    [{ sig: 'v3.activity.ball' }, { sig: 'v3.activity.removed' }, { sig: 'v3.activity.recovered' }],
  )
}

/** Published wall posts addressed to the person by name. */
export function useMentions() {
  const { client } = useApp()
  const session = useSession()!
  return useLive(
    `mentions:${session.cid}`,
    async () => (await loadPosts(client, session.cid, 'feed')).filter((p: Post) => p.uid !== session.uid && p.recipients?.includes(`user_${session.uid}`)),
    postRules(session.cid),
  )
}

export function useInvites() {
  const { client } = useApp()
  const session = useSession()!
  return useLive(`my-invites:${session.uid}`, async () => (await client.call('v2.user.invite.list')) as unknown as PendingInvite[], [
    { sig: 'network.invite.sent' },
    { sig: 'network.invite.removed' },
    { sig: 'network.invite.accepted' },
  ])
}
