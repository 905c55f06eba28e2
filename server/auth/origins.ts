/**
 * Which browser pages may use this server with the caller's cookie (cross-site request forgery).
 *
 * A browser sends the session cookie with any request to this server, also one a page of another
 * origin starts (a form, or a fetch with a `text/plain` body, needs no CORS preflight), and SameSite
 * stops that only across sites: another origin of the same site (a sibling subdomain, another port)
 * is not stopped. So a request that may change something and does not carry the key in the
 * `hlrkey` header is allowed only when
 *
 * - its Origin header, else the origin of its Referer, is allowed: the server's own host (as the
 *   request reached it), PUBLIC_URL's origin, or one of ALLOWED_ORIGINS (`*`: any); `null` (a
 *   sandboxed or privacy-restricted page) is not;
 * - with neither header, it does not carry the cookie: browsers send Origin with every such request
 *   (Fetch standard), so only an old browser or another client lacks both, and those send the key
 *   in the header. Without a cookie it passes (a script calling a public operation).
 *
 * A key in the `hlrkey` header passes without a check: a page of another origin cannot set that
 * header without a CORS preflight, which this server never grants. The HTTP routes apply this to
 * every method but GET, HEAD and OPTIONS (server/http/origin.ts); the WebSocket upgrade checks
 * Origin whatever the credential, since a socket can also sign in after it opened (`upgradeAllowed`).
 */
import type { IncomingMessage } from 'node:http'
import type { Config } from '../config'
import { cookieKey, KEY_NAME } from './credentials'

type OriginConfig = Pick<Config, 'allowedOrigins' | 'publicUrl'>

/** The origin a browser says the request comes from: Origin, else Referer's origin ('null' when unreadable); null without either. */
export function requestOrigin(req: IncomingMessage): string | null {
  const origin = req.headers.origin
  if (origin) return origin
  const referer = req.headers.referer
  if (!referer) return null
  return URL.canParse(referer) ? new URL(referer).origin : 'null'
}

/** Whether pages of `origin` may call this server as the signed-in user. */
export function originAllowed(origin: string, req: IncomingMessage, config: OriginConfig): boolean {
  if (config.allowedOrigins.includes('*') || config.allowedOrigins.includes(origin)) return true
  if (!URL.canParse(origin)) return false // 'null' and anything else that is not an origin
  const url = new URL(origin)
  if (config.publicUrl && url.origin === new URL(config.publicUrl).origin) return true
  return url.host === req.headers.host?.toLowerCase()
}

/** Whether a request that may change something may use its credentials (the rule above). */
export function changeAllowed(req: IncomingMessage, config: OriginConfig): boolean {
  if (req.headers[KEY_NAME]) return true
  const origin = requestOrigin(req)
  if (origin === null) return !cookieKey(req)
  return originAllowed(origin, req, config)
}

/** The upgrade to /ws: an Origin must be allowed; without one, the key may not come from the cookie alone. */
export function upgradeAllowed(req: IncomingMessage, config: OriginConfig): boolean {
  const origin = req.headers.origin
  if (origin) return originAllowed(origin, req, config)
  return !!req.headers[KEY_NAME] || !cookieKey(req)
}
