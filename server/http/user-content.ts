/**
 * How bytes a user gave us go out, so that none of them can run as a page of the app's origin.
 *
 * - Inline only for the types of INLINE_TYPES: raster images and plain text, which a browser shows
 *   without running anything. Every other type is an attachment (a download), whatever the request
 *   asked: SVG, XML, HTML, XHTML, PDF, JavaScript, Flash, and anything unknown or sniffed as a type
 *   we did not list. An allow-list, not a deny-list: a type nobody thought of is a download.
 * - Every response carrying user bytes (stored files, image renditions, insight exports, calendar
 *   feeds, archives) has USER_CONTENT_CSP: were a browser made to render one as a document anyway,
 *   it would get an opaque origin (`sandbox`: no script, no form, no plugin, no cookie of ours) and
 *   could load nothing (`default-src 'none'`). Image and text documents display under it.
 * - `X-Content-Type-Options: nosniff` is on every response of the server (server/http/web-defaults.ts),
 *   so a browser never renders bytes as another type than the one sent.
 */
import { create as contentDisposition } from 'content-disposition'

/** The types shown inline (the stored type's essence, without parameters such as charset). */
export const INLINE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp', 'text/plain'])

/** Inline styles only because some browsers style their own image and text viewers with them. */
export const USER_CONTENT_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

export type Disposition = 'inline' | 'attachment'

/** Whether a stored content type may be shown inline. */
export function inlineAllowed(contentType: string): boolean {
  return INLINE_TYPES.has(contentType.split(';')[0]!.trim().toLowerCase())
}

/** The headers of a response carrying a user's file: inline only when both the caller and the type allow it. */
export function userFileHeaders(contentType: string, name: string, wanted: Disposition): Record<string, string> {
  const disposition = wanted === 'inline' && inlineAllowed(contentType) ? 'inline' : 'attachment'
  return {
    'Content-Type': contentType,
    'Content-Disposition': contentDisposition(name, { type: disposition }),
    'Content-Security-Policy': USER_CONTENT_CSP,
  }
}
