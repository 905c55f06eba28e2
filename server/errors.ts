/**
 * One error class with the closed set of numeric codes of the wire protocol,
 * and the one translator from anything thrown to the error object on the wire.
 */
/** One code of the wire: its short name (the `msg` of a 500), what it tells the caller, and when the server answers it. */
export interface ErrorCodeEntry {
  name: string
  meaning: string
  when: string
}

/** The closed set of codes; docs/reference/protocol.md carries them as a table (scripts/errors-table.ts). */
export const ERROR_CODES = {
  400: {
    name: 'invalid arguments',
    meaning: 'The call is malformed; `details` names the argument where it can: `argument` (position from 0), `name`, JSON `path`, `reason`.',
    when: 'An argument fails its schema, or there are too many; a WebSocket frame that is not `{id, op, args}` or has a bad `id`; an HTTP body that is not JSON arguments, or an upload that cannot be read; a NUL character in a path, query or body, or nesting too deep; an image size or format the image routes do not know; a value of the wrong form for the database (SQLSTATE 22P02).',
  },
  401: {
    name: 'not signed in',
    meaning: 'The caller is not who the call needs: not signed in, or the credentials are wrong.',
    when: 'An operation that needs a session called without one; a key that is unknown, expired or revoked; a wrong e-mail or password; an identity token that is not accepted; accepting an invite without signing in as the invited account.',
  },
  403: {
    name: 'forbidden',
    meaning: 'Signed in, but the role, capability or permission does not allow it.',
    when: 'A role without the capability the operation needs; an API key calling an operation that needs a password sign-in; an operation that answers only with proof of work called directly (`details.proofOfWork`); a custom role granting capabilities the caller does not hold; a WebSocket upgrade, or an HTTP request that changes something with the session cookie, from an origin not allowed (HTTP 403; see docs/security.md).',
  },
  404: {
    name: 'not found',
    meaning: 'The record does not exist or is not visible to the caller (the two are indistinguishable); `details` names the argument and path where known.',
    when: "An id of a record the caller's workspace does not have; a reference to a record that does not exist (SQLSTATE 23503).",
  },
  409: {
    name: 'conflict',
    meaning: 'The call clashes with what exists; `details` names the argument, path or field.',
    when: 'A duplicate: an account or member with the e-mail, a pending invite, a process or field key, a custom role name, a product version, a subscribe code, the discussion of another record; a phase id another workflow has; an idempotency key used for another call; a write whose `expect` no longer holds (`details: {reason: "stale", field, current}`: see Stale writes); a unique violation (SQLSTATE 23505); a concurrent change (SQLSTATE 40001, 40P01): try again.',
  },
  413: {
    name: 'too large',
    meaning:
      'The request or the file is over a configured size; nothing is stored. `details.maxBytes`, `details.maxFiles` or `details.maxEntries` where there is one.',
    when: "An HTTP body over HTTP_MAX_BODY_BYTES (as it inflates, when it is compressed); an upload over UPLOAD_MAX_BYTES; a `POST /files` archive over ARCHIVE_MAX_FILES or ARCHIVE_MAX_BYTES; an image over IMAGE_MAX_PIXELS or IMAGE_MAX_DECODED_BYTES; an import archive over IMPORT_MAX_BYTES, IMPORT_MAX_UNPACKED_BYTES, IMPORT_MAX_ENTRIES or IMPORT_MAX_LINE_BYTES (in the import job's `error`). (A WebSocket frame over WS_MAX_PAYLOAD_BYTES closes the socket with 1009 instead.)",
  },
  415: {
    name: 'unsupported media type',
    meaning: 'The file is not an image, or cannot be decoded as one (images are JPEG, PNG, WebP, GIF, TIFF, AVIF or HEIF).',
    when: 'The image routes, and `v3.user.profileImage.set`, given such a file.',
  },
  422: {
    name: 'refused by a rule of the domain',
    meaning:
      'The arguments are well formed, but a rule of the domain refuses the change; `details` says which (`reason`, or e.g. `{quota, limit, used, adding}`).',
    when: 'A license quota or feature; the last owner leaving, removed or demoted; a field, phase or process the workflow or workspace does not have; a cycle of function fields; an e-mail to verify first, or a link that has expired; a post that takes no comments; an archive import cannot read.',
  },
  429: {
    name: 'rate limited',
    meaning:
      'Too many calls: wait. Where the wait is known, `details: {retryAfter, limit, window}` (seconds), and on HTTP the `Retry-After` and `RateLimit` headers.',
    when: 'A socket over WS_MESSAGES_PER_SECOND (the socket stays usable); a client address over HTTP_REQUESTS_PER_SECOND; wrong passwords or unknown invite and form keys beyond LOGIN_FREE_FAILURES_PER_ACCOUNT, LOGIN_FREE_FAILURES_PER_ADDRESS or KEY_GUESSES_PER_ADDRESS (the wait doubles); registrations beyond REGISTRATIONS_PER_ADDRESS_PER_HOUR without proof of work (`details.proofOfWork`); a client address holding WS_MAX_ANONYMOUS_PER_ADDRESS or WS_MAX_SIGNED_IN_PER_ADDRESS sockets (HTTP 429 at the upgrade, or the sign-in on a socket; `details.reason: "socketsPerAddress"`); an export or import started beyond TRANSFER_JOBS_PER_USER or TRANSFER_JOBS_PER_SERVER (`"transferJobsPerUser"`, `"transferJobsPerServer"`).',
  },
  500: {
    name: 'internal error',
    meaning: 'The server failed; `msg` is generic and the cause is only in the server log.',
    when: 'Anything thrown that is not one of the codes above or a database refusal of the caller (a bug, a database that does not answer).',
  },
  501: {
    name: 'no such operation',
    meaning: 'The operation name is unknown, or the operation is part of the interface but not built yet (the message says which).',
    when: 'A call of a name no operation has; a call of an interface operation without a declaration.',
  },
  503: {
    name: 'unavailable',
    meaning:
      'The server cannot take the call now; try again later. Nothing of the call was done, or (a write without an idempotency key that met a failover at its commit) it is not known whether it was: retry with an idempotency key to be sure. `details.retryAfter` (seconds) where known, and on HTTP the `Retry-After` header.',
    when: 'The server is starting (its database not migrated yet) or shutting down; WS_MAX_CONNECTIONS reached (HTTP 503 at the upgrade); function assist without an AI model (`details.reason: "aiNotConfigured"`) or with one that does not answer (`"aiUnavailable"`); the PostgreSQL primary changing over (a failover or a restart: `details: {reason: "failover", retryAfter}`) when the call met it and could not be run again safely (a write without an idempotency key), or no primary answered within DB_FAILOVER_WAIT_SECONDS.',
  },
} as const satisfies Record<number, ErrorCodeEntry>

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

/**
 * What a connection meets while PostgreSQL changes its primary (a failover, a restart): the server
 * refuses writes (25006 read-only), ends sessions (57P01, 57P02) or does not take them yet (57P03, 08xxx),
 * the socket drops or is refused (node-postgres's own messages), or no host is the primary yet
 * (NOPRIMARY, server/db/hosts.ts). The statement was not run, or its commit is not known.
 */
const GAP_CODES = new Set(['25006', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', 'NOPRIMARY'])
const GAP_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH'])
const GAP_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout expired|Query read timeout)/

/** True for an error of the database changing over (see GAP_CODES), rather than of the statement. */
export function isDatabaseGap(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false
  const { code, message } = err as { code?: unknown; message?: unknown }
  if (typeof code === 'string' && (GAP_CODES.has(code) || GAP_SOCKET_CODES.has(code))) return true
  return typeof message === 'string' && GAP_MESSAGES.test(message)
}

/** When a client should try again after a failover's 503: a planned failover leaves writes without a primary for about 5 s. */
export const FAILOVER_RETRY_AFTER_SECONDS = 2

/** The 503 of a call that met a failover and was not run again. */
export const databaseGap = () =>
  new RpcError(503, 'the database is changing over to a new primary; try again', { reason: 'failover', retryAfter: FAILOVER_RETRY_AFTER_SECONDS })

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
    wire = { code: err.code, msg: withoutPaths(err.message) }
    if (err.details !== undefined) wire.details = err.details
  } else if (isDatabaseGap(err)) {
    wire = { code: 503, msg: databaseGap().message, details: databaseGap().details }
  } else if (isPgError(err) && PG_CODES[err.code]) {
    const [code, msg] = PG_CODES[err.code]
    wire = { code, msg }
  } else {
    log.error({ err, ...logContext() }, 'internal error')
    wire = { code: 500, msg: ERROR_CODES[500].name }
  }
  if (debug) wire.debug = debug
  return wire
}

/** A word that starts (after a quote or bracket) with a root and holds a further separator: `/srv/data/x`, `'C:\x\y'`. */
const ABSOLUTE_PATH = /^['"`(]?(?:[A-Za-z]:)?[\\/][^\\/\s]*[\\/]/

/**
 * `msg` with every absolute file path replaced by `<path>`. Messages of libraries (sharp, zip
 * readers, the file system) name the files they failed on, and a message on the wire never names
 * a path of the server: the translator passes every message through this.
 */
export function withoutPaths(msg: string): string {
  return msg
    .split(/(\s+)/)
    .map((word) => (ABSOLUTE_PATH.test(word) ? '<path>' : word))
    .join('')
}

/** Whether `err` is a database refusal the wire reports as the caller's error (a 4xx), not an internal one. */
export function isCallersPgError(err: unknown): boolean {
  return isPgError(err) && !!PG_CODES[err.code]
}

export function isPgError(err: unknown): err is { code: string } {
  return typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'string'
}

/**
 * A failure that says nothing about the work itself, so the same work may succeed when tried again:
 * a concurrent transaction's serialization failure or deadlock (40001, 40P01), the database changing
 * over (isDatabaseGap), a 503. Background work (an automation's run) tries it again after a backoff;
 * anything else is the work's own refusal or fault.
 */
export function isTransient(err: unknown): boolean {
  if (err instanceof RpcError) return err.code === 503
  return isDatabaseGap(err) || (isPgError(err) && (err.code === '40001' || err.code === '40P01'))
}
