/**
 * GET /image/:size/:id (session; the file read rule of server/policies/files.ts) and
 * /public/image/:size/:id (files marked public). Query `format`: jpeg (default) or png. Unknown
 * size or format -> 400; not an image -> 415. Served with a strong ETag (If-None-Match -> 304) and
 * Cache-Control.
 */
import express, { type Request, type Response } from 'express'
import { findFile, type FileRow } from '../db/files'
import { renderImage } from '../storage/images'
import { notFound } from '../errors'
import { canReadFile } from '../policies/files'
import { idParam, imageRequest, type ImageRequest } from './params'
import type { RouteDeps } from './routes'
import { signedIn, signIn } from './sign-in'
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

/** Renders (or finds the cached rendition) and sends it; shared with the profile-image route. */
export async function sendImage(deps: RouteDeps, req: Request, res: Response, file: FileRow, request: ImageRequest, cacheControl: string) {
  const r = await renderImage(deps, file, request.size, request.format)
  const headers = { 'Content-Type': r.contentType, ETag: r.etag, 'Cache-Control': cacheControl, 'Content-Security-Policy': USER_CONTENT_CSP }
  if (req.headers['if-none-match']?.split(',').some((t) => t.trim() === r.etag)) return void res.status(304).set(headers).end()
  await sendStoredFile(res, r.path, headers)
}

/** res.sendFile as a promise: a failure before any byte is sent reaches the error translator. */
export function sendStoredFile(res: Response, filePath: string, headers: Record<string, string>, options: { etag?: boolean } = {}): Promise<void> {
  return new Promise((resolve, reject) =>
    res.sendFile(filePath, { headers, dotfiles: 'allow', etag: options.etag ?? false, lastModified: false }, (err) =>
      err && !res.headersSent ? reject(err) : resolve(),
    ),
  )
}
