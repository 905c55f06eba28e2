/** The Origin rule of server/auth/origins.ts on the HTTP routes: a request that may change something comes from an allowed page. */
import type { IncomingMessage } from 'node:http'
import { changeAllowed, requestOrigin } from '../auth/origins'
import { KEY_NAME } from '../auth/credentials'
import type { Config } from '../config'
import { forbidden } from '../errors'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Refuses (403), before any body is read, a request that may change something and comes from a page that may not send it. */
export function checkWriteOrigin(config: Config, req: IncomingMessage): void {
  if (SAFE_METHODS.has(req.method ?? '') || changeAllowed(req, config)) return
  throw forbidden(
    `a request that changes something must come from this server's own pages or ALLOWED_ORIGINS (the Origin header), or carry the key in the ${KEY_NAME} header`,
    { origin: requestOrigin(req)?.slice(0, 200) ?? null },
  )
}
