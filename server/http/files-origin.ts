/**
 * FILES_ORIGIN: an origin of its own for showing user files, as large services keep user content
 * on a separate domain (githubusercontent.com, googleusercontent.com). Best on a registrable domain
 * of its own, so it is not even same-site with the app: nothing shown there can read the app's
 * cookies or storage, or send same-site requests to it.
 *
 * When set (both names point at this server; the Host header tells them apart):
 * - the app's origin shows no file inline: /file/:id and /public/file/:id send every file as an
 *   attachment, and a GET /public/file/:id that would show one (no `dl`) is redirected (307) to the
 *   same path on FILES_ORIGIN;
 * - FILES_ORIGIN answers only GET and HEAD of the session-less reading routes (/public/file,
 *   /public/image, /profileimage): no API, no upload, no console. The app's cookie is host-only, so
 *   it never reaches FILES_ORIGIN; private files stay downloads on the app's origin.
 * Unset, the app's origin shows the inert types inline (server/http/user-content.ts).
 */
import type { IncomingMessage } from 'node:http'
import type { Request } from 'express'
import type { Config } from '../config'
import { RpcError } from '../errors'
import type { Disposition } from './user-content'

const READING_ROUTES = /^\/(?:public\/file|public\/image|profileimage)\//

/** Whether the request came to FILES_ORIGIN rather than to the app. */
export function onFilesOrigin(config: Config, req: IncomingMessage): boolean {
  return !!config.filesOrigin && req.headers.host?.toLowerCase() === new URL(config.filesOrigin).host
}

/** The furthest a file may be shown on the origin the request came to: inline on FILES_ORIGIN or without one, else attachment. */
export function dispositionHere(config: Config, req: Request): Disposition {
  return !config.filesOrigin || onFilesOrigin(config, req) ? 'inline' : 'attachment'
}

/** On FILES_ORIGIN, everything but reading a public file or image is 404. */
export function checkFilesOrigin(config: Config, req: IncomingMessage, pathname: string): void {
  if (!onFilesOrigin(config, req)) return
  if ((req.method === 'GET' || req.method === 'HEAD') && READING_ROUTES.test(pathname)) return
  throw new RpcError(404, 'no such route')
}

/** Where a view of a public file on the app's origin goes instead (null: serve it here). */
export function publicFileElsewhere(config: Config, req: Request): string | null {
  if (!config.filesOrigin || onFilesOrigin(config, req)) return null
  return `${config.filesOrigin}${req.originalUrl}`
}
