/**
 * The arguments of the plain HTTP routes, parsed and validated in one place: each parser returns
 * the typed value or throws the 400 (or 404, for an id that cannot name a record) that the error
 * translator sends.
 */
import type { Request } from 'express'
import { IMAGE_FORMATS, IMAGE_SIZES, isImageSize, type ImageFormat, type ImageSize } from '../storage/images'
import { badRequest, notFound, RpcError } from '../errors'
import { isObjectId } from '../ids'
import { checkBody } from './input'
import { own } from '../safe-keys'

/** A path parameter that must be an id; anything else names no record (404 as `what`). */
export function idParam(req: Request, name: string, what: string): string {
  const id = req.params[name]
  if (typeof id !== 'string' || !isObjectId(id)) throw notFound(what)
  return id
}

/** A query parameter given once, as text (a repeated one is a 400). */
export function queryParam(req: Request, name: string): string | undefined {
  const value = req.query[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string') throw badRequest(`query parameter ${name} must be given once, as text`, { query: name })
  return value
}

export interface ImageRequest {
  size: ImageSize
  format: ImageFormat
}

/** `/:size/...?format=`: one of the image sizes, and jpeg (default) or png. */
export function imageRequest(req: Request): ImageRequest {
  const size = req.params.size
  if (typeof size !== 'string' || !isImageSize(size)) {
    throw badRequest(`unknown image size "${String(size).slice(0, 40)}"; sizes are ${Object.keys(IMAGE_SIZES).join(', ')}`, { param: 'size' })
  }
  const format = queryParam(req, 'format') ?? 'jpeg'
  if (!IMAGE_FORMATS.includes(format as ImageFormat)) throw badRequest('format must be jpeg or png', { query: 'format' })
  return { size, format: format as ImageFormat }
}

/** `?dl&downloadId=`: sent as an attachment, and the download reported under that id. */
export function downloadRequest(req: Request): { dl: boolean; downloadId: string | null } {
  const downloadId = queryParam(req, 'downloadId')
  if (downloadId !== undefined && (!downloadId || downloadId.length > 200)) throw badRequest('downloadId must be 1 to 200 characters', { query: 'downloadId' })
  return { dl: req.query.dl !== undefined, downloadId: downloadId ?? null }
}

/** POST /files: `{fileIds, archiveName}`. */
export function archiveRequest(body: unknown, maxFiles: number): { fileIds: string[]; archiveName: string } {
  checkBody(body)
  const { fileIds, archiveName } = (body ?? {}) as { fileIds?: unknown; archiveName?: unknown }
  if (!Array.isArray(fileIds) || !fileIds.length || !fileIds.every(isObjectId))
    throw badRequest('fileIds must be a non-empty array of file ids', { path: '/fileIds' })
  if (typeof archiveName !== 'string' || !archiveName.trim() || archiveName.length > 200) {
    throw badRequest('archiveName must be a non-empty string of at most 200 characters', { path: '/archiveName' })
  }
  if (fileIds.length > maxFiles) throw new RpcError(413, `an archive holds at most ${maxFiles} files`, { maxFiles })
  return { fileIds, archiveName }
}

const DELIMITERS: Record<string, string> = { ',': ',', ';': ';', '|': '|', '\t': '\t', tab: '\t' }

/** GET /public/insight/:key/:type?delimiter&separator&bom (the meaning: server/http/insights.ts). */
export function insightExportRequest(req: Request) {
  const type = req.params.type ?? 'csv'
  if (type !== 'csv' && type !== 'json') throw badRequest('type must be csv or json', { param: 'type' })
  const delimiter = own(DELIMITERS, queryParam(req, 'delimiter') ?? ',')
  if (!delimiter) throw badRequest('delimiter must be one of , ; | or a tab', { query: 'delimiter' })
  const separator = queryParam(req, 'separator') ?? '.'
  if (separator !== '.' && separator !== ',') throw badRequest('separator must be . or ,', { query: 'separator' })
  if (separator === delimiter) throw badRequest('separator and delimiter must differ', { query: 'separator' })
  const bom = queryParam(req, 'bom')
  if (bom !== undefined && !['1', 'true', '0', 'false', ''].includes(bom)) throw badRequest('bom must be 1, true, 0 or false', { query: 'bom' })
  return { type, delimiter, separator, bom: bom === '1' || bom === 'true' }
}
