/**
 * wall2.load_posts answers one post when given a post id and a page of the feed otherwise, and
 * wall2.load_comments one comment or all of a post's: one helper for each answer, typed as it is.
 */
import type { ArgsOf, Client, ResultOf } from './client'

export type WallPost = Exclude<ResultOf<'wall2.load_posts'>, unknown[]>
export type WallComment = Exclude<ResultOf<'wall2.load_comments'>, unknown[]>

export const loadPost = async (c: Client, postId: string) => (await c.call('wall2.load_posts', postId)) as WallPost
export const loadFeed = async (c: Client, ...args: ArgsOf<'wall2.load_posts'>) => (await c.call('wall2.load_posts', ...args)) as WallPost[]
export const loadComment = async (c: Client, postId: string, commentId: string) => (await c.call('wall2.load_comments', postId, commentId)) as WallComment
export const loadComments = async (c: Client, postId: string) => (await c.call('wall2.load_comments', postId)) as WallComment[]
