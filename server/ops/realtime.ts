/** Operations beyond the interface: real time (see "Real time" in docs/reference/protocol.md). */
import { RpcError } from '../errors'
import { operation } from '../rpc/operation'

export const resume = operation({
  name: 'resume',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, lastSeq?: number) {
    if (!ctx.transport.resume) throw new RpcError(422, 'resume replays signals on a socket; over HTTP there is nothing to replay to')
    return ctx.transport.resume(ctx.session.uid, lastSeq)
  },
})
