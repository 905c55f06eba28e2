/** The one error a call rejects with: the server's `{code, msg, details}` as sent on the wire. */
export interface WireError {
  code: number
  msg: string
  details?: any
}

export class HlrError extends Error {
  readonly code: number
  /** The server's message, without the operation and code. */
  readonly msg: string
  readonly details?: any

  constructor(
    readonly op: string,
    error: WireError,
  ) {
    super(`${op}: ${error.code} ${error.msg}`)
    this.name = 'HlrError'
    this.code = error.code
    this.msg = error.msg
    this.details = error.details
  }
}

/** The connection went away before the reply and the call may not be repeated safely. */
export const lostReply = (op: string) =>
  new HlrError(op, { code: 503, msg: 'the connection was lost before the reply; the call may or may not have run', details: { lost: true } })
