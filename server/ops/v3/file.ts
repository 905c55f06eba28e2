/** Operations beyond the interface on uploaded files: their metadata, and marking one public. */
import { describeFile } from '../../db/files'
import { findFile, setFilePublic } from '../../db/files'
import { canReadFile } from '../../policies/files'
import { forbidden, notFound } from '../../errors'
import { findMember } from '../../policies/roles'
import { operation } from '../../rpc/operation'

/** [fileId] -> {_id, cid, uid, name, size, sha256, contentType, public, created}; 404 unless the caller may read it. */
export const get = operation({
  name: 'v3.file.get',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, fileId) {
    const file = await canReadFile(ctx.db, ctx.session, fileId)
    if (!file) throw notFound('file')
    return describeFile(file)
  },
})

/**
 * [fileId, public] -> the file's metadata. A public file is served without a session by
 * GET /public/file/:id and /public/image/:size/:id. Only the uploader or an owner or admin of the
 * file's workspace may change it (others who may read the file: 403; anyone else: 404).
 */
export const setPublic = operation({
  name: 'v3.file.setPublic',
  access: 'signedIn',
  async run(ctx, fileId, public_) {
    const file = await findFile(ctx.db, fileId)
    if (!file) throw notFound('file')
    if (file.uid !== ctx.session.uid) {
      const member = await findMember(ctx.db, file.cid, ctx.session.uid)
      const admin = member && (member.role === 'owner' || member.role === 'admin')
      if (!admin) {
        if (await canReadFile(ctx.db, ctx.session, fileId)) throw forbidden('only the uploader or a workspace admin may make a file public')
        throw notFound('file')
      }
    }
    await setFilePublic(ctx.db, fileId, public_)
    return describeFile({ ...file, public: public_ })
  },
})
