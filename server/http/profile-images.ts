/**
 * GET /profileimage/:size/:id: user `id`'s profile image (v3.user.profileImage.set) at an image size,
 * without a session. Query `format`: jpeg (default) or png. Unknown size or format -> 400; a user
 * without a profile image (or an unknown user) -> 404. Rendered and cached by server/domain/images.ts,
 * served with its ETag (If-None-Match -> 304) and `Cache-Control: public, max-age=300`.
 */
import express from 'express'
import { findFile } from '../db/files'
import { IMAGE_FORMATS, IMAGE_SIZES, isImageSize, type ImageFormat } from '../domain/images'
import { isObjectId } from '../ids'
import { sendError } from './errors'
import { sendImage } from './images'
import type { RouteDeps } from './routes'

export function profileImagesRouter(deps: RouteDeps) {
  const { db } = deps
  const router = express.Router()
  router.get('/profileimage/:size/:id', async (req, res, next) => {
    try {
      const { size, id } = req.params
      if (!isImageSize(size)) return sendError(res, { code: 400, msg: `unknown image size "${size.slice(0, 40)}"; sizes are ${Object.keys(IMAGE_SIZES).join(', ')}` })
      const format = req.query.format === undefined ? 'jpeg' : req.query.format
      if (!IMAGE_FORMATS.includes(format as ImageFormat)) return sendError(res, { code: 400, msg: 'format must be jpeg or png' })
      const row = isObjectId(id) ? await db.kysely.selectFrom('profile_images').select('file_id').where('uid', '=', id).executeTakeFirst() : undefined
      const file = row ? await findFile(db.kysely, row.file_id) : null
      if (!file) return sendError(res, { code: 404, msg: 'profile image not found' })
      await sendImage(deps, req, res, file, { size, format: format as ImageFormat }, 'public, max-age=300')
    } catch (err) {
      next(err)
    }
  })
  return router
}
