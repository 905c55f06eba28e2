/**
 * GET /image/:size/:id (session; the file read rule of server/policies/files.ts) and
 * /public/image/:size/:id (files marked public). Query `format`: jpeg (default) or png. Unknown
 * size or format -> 400; not an image -> 415. Served with a strong ETag (If-None-Match -> 304), byte
 * ranges and Cache-Control.
 */
import express, { type Request, type Response } from 'express'
import { findFile, type FileRow } from '../db/files'
import { fileStorage } from '../storage'
import { renderImage } from '../storage/images'
import { notFound } from '../errors'
import { canReadFile } from '../policies/files'
import { idParam, imageRequest, type ImageRequest } from './params'
import type { RouteDeps } from './routes'
import { signedIn, signIn } from './sign-in'
import { sendStoredFile } from './send-file'
import { USER_CONTENT_CSP } from './user-content'

export function imagesRouter(deps: RouteDeps) {
  const { db } = deps
  const router = express.Router()

  router.get('/image/:size/:id', signIn(deps, 'required'), async (req, res) => {
    const request = imageRequest(req)
    const file = await canReadFile(db.kysely, signedIn(res), idParam(req, 'id', 'file'))
    if (!file) throw notFound('file')
    await sendImage(deps, req, res, file, request, 'private, max-age=3600')
  })

  router.get('/public/image/:size/:id', async (req, res) => {
    const request = imageRequest(req)
    const file = await findFile(db.kysely, idParam(req, 'id', 'file'))
    if (!file || !file.public) throw notFound('file')
    await sendImage(deps, req, res, file, request, 'public, max-age=3600')
  })

  return router
}

/** Renders (or finds the stored rendition) and sends it; shared with the profile-image route. */
export async function sendImage(deps: RouteDeps, req: Request, res: Response, file: FileRow, request: ImageRequest, cacheControl: string) {
  const r = await renderImage(deps, file, request.size, request.format)
  const headers = { 'Content-Type': r.contentType, 'Cache-Control': cacheControl, 'Content-Security-Policy': USER_CONTENT_CSP }
  // A rendition never changes: a matching If-None-Match is a 304 even when the request says no-cache (as fetch does).
  if (req.headers['if-none-match']?.split(',').some((t) => t.trim() === r.etag))
    return void res
      .status(304)
      .set({ ...headers, ETag: r.etag })
      .end()
  await sendStoredFile(req, res, fileStorage(deps.config), r.name, headers, { etag: r.etag })
}
