/** Wall posts and comments through the client, and the signals that change them. */
import type { HlrClient } from '../../../../client'
import type { SignalRule } from '../../api/live'

export interface Person {
  _id: string
  firstname?: string
  lastname?: string
}

export interface Post {
  _id: string
  cid: string
  uid: string
  author?: Person
  subject?: string
  text: string
  recipients?: string[]
  announcement?: boolean
  allowReply?: boolean
  state?: 'draft' | 'scheduled' | 'published'
  scheduleTime?: number | null
  published?: number | null
  pinned?: boolean
  likes?: number
  liked?: boolean
  comments?: number
  created: number
}

export interface Comment {
  _id: string
  postId: string
  uid: string
  author?: Person
  text: string
  created: number
}

/** Which posts a tab lists: the feed, or the caller's own drafts or scheduled posts. */
export type Shelf = 'feed' | 'drafts' | 'scheduled'
const FILTERS: Record<Shelf, Array<'user' | 'announcement' | 'draft' | 'scheduled'>> = {
  feed: ['user', 'announcement'],
  drafts: ['draft'],
  scheduled: ['scheduled'],
}

export async function loadPosts(client: HlrClient, cid: string, shelf: Shelf): Promise<Post[]> {
  const posts = (await client.call('wall2.load_posts', null, { filter: FILTERS[shelf] as never, networks: [cid] })) as unknown as Post[]
  // Pinned posts first, then newest first (the server's order within each).
  return [...posts].sort((a, b) => Number(!!b.pinned) - Number(!!a.pinned))
}

export const POST_SIGNALS = [
  'wall2.post.created',
  'wall2.post.updated',
  'wall2.post.removed',
  'wall2.post.liked',
  'wall2.post.pinned',
  'wall2.comment.created',
  'wall2.comment.removed',
]
export const postRules = (cid: string): SignalRule[] => POST_SIGNALS.map((sig) => ({ sig, when: (m) => m.cid === cid }))

export const personName = (p?: Person) => [p?.firstname, p?.lastname].filter(Boolean).join(' ')
