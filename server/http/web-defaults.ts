/**
 * Headers every response carries, whatever route (or error) sends it.
 * `X-Content-Type-Options: nosniff`: a browser takes the Content-Type as sent and never guesses
 * another from the bytes, so a JSON reply or an error that echoes a caller's text is never rendered
 * as HTML or run as a script, and a user's file never becomes a type the server did not send.
 */
import type { NextFunction, Request, Response } from 'express'

export function webDefaults(_req: Request, res: Response, next: NextFunction) {
  res.set('X-Content-Type-Options', 'nosniff')
  next()
}
