/**
 * GET /profileimage/:size/:id: user `id`'s profile image (v3.user.profileImage.set) at an image size,
 * without a session. Query `format`: jpeg (default) or png. Unknown size or format -> 400; a user
 * without a profile image (or an unknown user) -> 404. Rendered and cached by server/storage/images.ts,
 * served with its ETag (If-None-Match -> 304) and `Cache-Control: public, max-age=300`.
 */
import express from 'express'
import { findFile } from '../db/files'
import { notFound } from '../errors'
import { sendImage } from './images'
import { idParam, imageRequest } from './params'
import type { RouteDeps } from './routes'

export function profileImagesRouter(deps: RouteDeps) {
  const { db } = deps
  const router = express.Router()
  router.get('/profileimage/:size/:id', async (req, res) => {
    const request = imageRequest(req)
    const uid = idParam(req, 'id', 'profile image')
    const row = await db.kysely.selectFrom('profile_images').select('file_id').where('uid', '=', uid).executeTakeFirst()
    const file = row ? await findFile(db.kysely, row.file_id) : null
    if (!file) throw notFound('profile image')
    await sendImage(deps, req, res, file, request, 'public, max-age=300')
  })
  return router
}
