/** The hlr-server client for browsers and Node (docs/guides/client.md). */
export { connect, HlrClient, newIdempotencyKey } from './client'
export type { ArgsOf, ConnectOptions, ConnectionState, OpName, ReloadReason, ResultOf, Signal, SignalHandler, WebSocketClass, WebSocketLike } from './types'
export { HlrError, type WireError } from './errors'
export { auditCsv, download, upload, type Downloaded, type Progress, type ProgressHandler } from './files'
export type { Operations } from '../schemas/types.generated'
export { AUDIT_KIND_NAMES, WEBHOOK_SIGNALS } from '../schemas/types.generated'
