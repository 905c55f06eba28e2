/**
 * v3.user.profileImage.set [fileId | null] (added): the caller's profile image, served to anyone by
 * GET /profileimage/:size/:id (server/http/profile-images.ts). The file must be one the caller
 * uploaded (else 404) and an image (else 415); null removes the profile image.
 *
 * Signal: `v3.user.profileImage.updated` `{uid, fileId}` on user:<uid> and on workspace:<cid> of
 * each workspace the caller belongs to.
 */
import { findFile } from '../../../db/files'
import { isImageFile } from '../../../storage/images'
import { notFoundAt, RpcError } from '../../../errors'
import { operation } from '../../../rpc/operation'

/** Returns `{uid, fileId}` (fileId null when removed). */
export const set = operation({
  name: 'v3.user.profileImage.set',
  access: 'signedIn',
  async run(ctx, fileId) {
    const uid = ctx.session.uid
    if (fileId === null) {
      await ctx.db.deleteFrom('profile_images').where('uid', '=', uid).execute()
    } else {
      const file = await findFile(ctx.db, fileId)
      if (!file || file.uid !== uid) throw notFoundAt('file', 0, '')
      if (!isImageFile(file)) throw new RpcError(415, `the file is not an image (it is ${file.content_type})`, { argument: 0, name: 'fileId' })
      await ctx.db
        .insertInto('profile_images')
        .values({ uid, file_id: fileId, updated: Date.now() })
        .onConflict((oc) => oc.column('uid').doUpdateSet({ file_id: fileId, updated: Date.now() }))
        .execute()
    }
    const workspaces = await ctx.db.selectFrom('workspace_members').select('cid').where('uid', '=', uid).execute()
    ctx.publish([`user:${uid}` as const, ...workspaces.map((w) => `workspace:${w.cid}` as const)], 'v3.user.profileImage.updated', { uid, fileId })
    return { uid, fileId }
  },
})
