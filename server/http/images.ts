/**
 * GET /image/:size/:id (session; the file read rule) and /public/image/:size/:id (files marked public).
 * Query `format`: jpeg (default) or png. Unknown size or format -> 400; not an image -> 415.
 * Served with a strong ETag (If-None-Match -> 304) and Cache-Control.
 */
import express, { type Request, type Response } from 'express'
import { findFile, type FileRow } from '../db/files'
import { canReadFile } from '../domain/files'
import { IMAGE_FORMATS, IMAGE_SIZES, isImageSize, renderImage, type ImageFormat } from '../domain/images'
import { RpcError } from '../errors'
import { isObjectId } from '../ids'
import { sendError } from './errors'
import { sessionOf } from './files'
import type { RouteDeps } from './routes'

export function imagesRouter(deps: RouteDeps) {
  const { db, log } = deps
  const router = express.Router()

  router.get('/image/:size/:id', async (req, res) => {
    const session = await sessionOf(deps, req)
    if (!session) return sendError(res, { code: 401, msg: 'not signed in' })
    const request = parse(req, res)
    if (!request) return
    const file = await canReadFile(db.kysely, session, request.id)
    if (!file) return sendError(res, { code: 404, msg: 'file not found' })
    await sendImage(deps, req, res, file, request, 'private, max-age=3600')
  })

  router.get('/public/image/:size/:id', async (req, res) => {
    const request = parse(req, res)
    if (!request) return
    const file = await findFile(db.kysely, request.id)
    if (!file || !file.public) return sendError(res, { code: 404, msg: 'file not found' })
    await sendImage(deps, req, res, file, request, 'public, max-age=3600')
  })

  void log
  return router
}

interface ImageRequest {
  id: string
  size: keyof typeof IMAGE_SIZES
  format: ImageFormat
}

function parse(req: Request, res: Response): ImageRequest | null {
  const { size, id } = req.params as { size: string; id: string }
  if (!isImageSize(size)) {
    sendError(res, { code: 400, msg: `unknown image size "${String(size).slice(0, 40)}"; sizes are ${Object.keys(IMAGE_SIZES).join(', ')}` })
    return null
  }
  const format = req.query.format === undefined ? 'jpeg' : req.query.format
  if (!IMAGE_FORMATS.includes(format as ImageFormat)) {
    sendError(res, { code: 400, msg: 'format must be jpeg or png' })
    return null
  }
  if (!isObjectId(id)) {
    sendError(res, { code: 404, msg: 'file not found' })
    return null
  }
  return { id, size, format: format as ImageFormat }
}

/** Renders (or finds the cached rendition) and sends it; shared with the profile-image route. */
export async function sendImage(deps: RouteDeps, req: Request, res: Response, file: FileRow, request: Omit<ImageRequest, 'id'>, cacheControl: string) {
  try {
    const r = await renderImage(deps, file, request.size, request.format)
    const headers = { 'Content-Type': r.contentType, ETag: r.etag, 'Cache-Control': cacheControl, 'X-Content-Type-Options': 'nosniff' }
    if (req.headers['if-none-match']?.split(',').some((t) => t.trim() === r.etag)) return void res.status(304).set(headers).end()
    res.sendFile(r.path, { headers, dotfiles: 'allow', etag: false, lastModified: false }, (err) => {
      if (err && !res.headersSent) sendError(res, { code: 500, msg: 'the image could not be sent' })
    })
  } catch (err) {
    if (err instanceof RpcError) return sendError(res, { code: err.code, msg: err.message })
    deps.log.error({ err }, 'image failed')
    sendError(res, { code: 500, msg: 'internal error' })
  }
}
