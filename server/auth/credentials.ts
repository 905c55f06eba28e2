/** Where a session or API key travels: the `hlrkey` header or cookie (never a URL query). */
import type { IncomingMessage } from 'node:http'
import { parse as parseCookie } from 'cookie'

export const KEY_NAME = 'hlrkey'

export function keyFromRequest(req: IncomingMessage): string | null {
  const header = req.headers[KEY_NAME]
  if (typeof header === 'string' && header) return header
  const cookies = req.headers.cookie ? parseCookie(req.headers.cookie) : {}
  return cookies[KEY_NAME] || null
}
