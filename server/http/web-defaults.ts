/**
 * Headers every response carries, whatever route (or error) sends it: set by the server's request
 * listener (server/app.ts) before the HTTP mirror or Express sees the request.
 * `X-Content-Type-Options: nosniff`: a browser takes the Content-Type as sent and never guesses
 * another from the bytes, so a JSON reply or an error that echoes a caller's text is never rendered
 * as HTML or run as a script, and a user's file never becomes a type the server did not send.
 */
import type { ServerResponse } from 'node:http'

export function webDefaults(res: ServerResponse) {
  res.setHeader('X-Content-Type-Options', 'nosniff')
}
