/**
 * How a wall operation finds the post it names. The workspace picker answers 404 for a post the
 * caller may not see (server/db/wall.ts: postVisibleTo), before any role check, so nobody learns
 * that a post they cannot see exists; dispatch then checks membership and the capability.
 */
import type { Principal } from '../../policies/principal'
import { findVisiblePost, type PostRow } from '../../db/wall'
import type { DbHandle } from '../../db/schema'
import { notFound, RpcError } from '../../errors'
import { firstUnattachableFile } from '../../policies/files'
import type { Caller, MemberContext } from '../../context'

/** The `workspace` of an operation whose argument `index` is a post id. */
export const postWorkspaceAt =
  (index: number) =>
  async (caller: Caller, ...args: unknown[]): Promise<string> => {
    const post = await findVisiblePost(caller.db, args[index] as string, caller.session.uid)
    if (!post) throw notFound('post')
    return post.cid
  }

/** The post, visible to the caller, of the workspace dispatch authorised (404 otherwise); `lock` takes its row lock. */
export async function visiblePost(ctx: MemberContext, postId: string, lock = false): Promise<PostRow> {
  const post = await findVisiblePost(ctx.db, postId, ctx.session.uid, lock)
  if (!post || post.cid !== ctx.cid) throw notFound('post')
  return post
}

/**
 * Files on a post or comment follow the file rule: only files of the workspace the author may read
 * (attaching one lets everyone who sees the post read it: canReadFile). 404 naming the first other.
 */
export async function checkFiles(db: DbHandle, caller: Principal, cid: string, files: string[] | undefined, argument: number): Promise<string[]> {
  const list = [...new Set(files ?? [])]
  const bad = await firstUnattachableFile(db, caller, cid, list)
  if (bad) throw new RpcError(404, `file ${bad} not found`, { argument, path: '/files', fileId: bad })
  return list
}
