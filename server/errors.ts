/**
 * One error class with the closed set of numeric codes of the wire protocol,
 * and the one translator from anything thrown to the error object on the wire.
 */
export const ERROR_CODES = {
  400: 'invalid arguments',
  401: 'not signed in',
  403: 'forbidden',
  404: 'not found',
  409: 'conflict',
  413: 'too large',
  415: 'unsupported media type',
  422: 'refused by a rule of the domain',
  429: 'rate limited',
  500: 'internal error',
  501: 'no such operation',
  503: 'unavailable',
} as const

export type ErrorCode = keyof typeof ERROR_CODES

export interface WireError {
  code: ErrorCode
  msg: string
  details?: unknown
  debug?: unknown
}

export class RpcError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
    this.name = 'RpcError'
  }
}

export const badRequest = (msg: string, details?: unknown) => new RpcError(400, msg, details)
export const unauthorized = (msg = 'not signed in') => new RpcError(401, msg)
export const forbidden = (msg: string, details?: unknown) => new RpcError(403, msg, details)
export const notFound = (what: string) => new RpcError(404, `${what} not found`)
/** A 404 naming the argument (and JSON path) that holds the id of a record the caller's workspace does not have. */
export const notFoundAt = (what: string, argument: number, path: string, details: object = {}) =>
  new RpcError(404, `${what} not found`, { argument, path, ...details })
export const conflict = (msg: string, details?: unknown) => new RpcError(409, msg, details)
export const refused = (msg: string, details?: unknown) => new RpcError(422, msg, details)

/** PostgreSQL SQLSTATE codes that are the caller's doing, and what they mean on the wire. */
const PG_CODES: Record<string, [ErrorCode, string]> = {
  '23505': [409, 'already exists'],
  '23503': [404, 'a referenced record does not exist'],
  '22P02': [400, 'a value has the wrong form'],
  '40001': [409, 'a concurrent change conflicted; try again'],
  '40P01': [409, 'a concurrent change conflicted; try again'],
}

export interface Logger {
  error(obj: object, msg?: string): void
}

/**
 * Turns any thrown value into the wire error; unknown causes are logged, never sent.
 * `logContext` joins the log line of an internal error (the operation, the suspect argument paths).
 */
export function toWireError(err: unknown, log: Logger, debug?: object, logContext: () => object = () => ({})): WireError {
  let wire: WireError
  if (err instanceof RpcError) {
    wire = { code: err.code, msg: err.message }
    if (err.details !== undefined) wire.details = err.details
  } else if (isPgError(err) && PG_CODES[err.code]) {
    const [code, msg] = PG_CODES[err.code]
    wire = { code, msg }
  } else {
    log.error({ err, ...logContext() }, 'internal error')
    wire = { code: 500, msg: ERROR_CODES[500] }
  }
  if (debug) wire.debug = debug
  return wire
}

/** Whether `err` is a database refusal the wire reports as the caller's error (a 4xx), not an internal one. */
export function isCallersPgError(err: unknown): boolean {
  return isPgError(err) && !!PG_CODES[err.code]
}

export function isPgError(err: unknown): err is { code: string } {
  return typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'string'
}
