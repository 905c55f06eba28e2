/**
 * Where a session or API key travels: the `hlrkey` header or cookie (never a URL query), and the
 * flags of that cookie.
 */
import type { IncomingMessage } from 'node:http'
import { parse as parseCookie, type SerializeOptions } from 'cookie'
import type { Config } from '../config'

export const KEY_NAME = 'hlrkey'

export function keyFromRequest(req: IncomingMessage): string | null {
  const header = req.headers[KEY_NAME]
  if (typeof header === 'string' && header) return header
  return cookieKey(req)
}

/** The key of the cookie, whether or not a header also carries one. */
export function cookieKey(req: IncomingMessage): string | null {
  const cookies = req.headers.cookie ? parseCookie(req.headers.cookie) : {}
  return cookies[KEY_NAME] || null
}

/**
 * The session cookie: HttpOnly (no script reads it), SameSite=Lax (not sent with requests other
 * sites start, but sent when a link elsewhere opens a file here; Strict would break those links,
 * and server/auth/origins.ts refuses the cross-origin writes Lax lets through from sibling
 * subdomains), Secure when PUBLIC_URL is https (never sent over plain HTTP), whole site.
 */
export function sessionCookie(config: Pick<Config, 'publicUrl'>): SerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure: config.publicUrl?.startsWith('https:') ?? false, path: '/' }
}
