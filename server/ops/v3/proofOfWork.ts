/** v3.proofOfWork.*: challenges and proven calls (server/auth/proof-of-work.ts). */
import { issueChallenge } from '../../auth/proof-of-work'
import { provenCall } from '../../rpc/proven-call'
import { operation } from '../../rpc/operation'

/** {challenge, difficulty}; the challenge itself names it in v3.proofOfWork.call. */
export const challenge = operation({
  name: 'v3.proofOfWork.challenge',
  access: 'public',
  readOnly: true,
  async run(ctx) {
    const { challenge, difficulty } = await issueChallenge(ctx.db, ctx.config)
    return { challenge, difficulty }
  },
})

/** [challenge, hash (the nonce found), endpoint, args]: runs the endpoint when the proof holds. */
export const call = operation({
  name: 'v3.proofOfWork.call',
  access: 'public',
  readOnly: true,
  run: (ctx, challenge?: string, hash?: string, endpoint?: string, args?: unknown[]) =>
    provenCall(ctx, { by: { challenge: challenge ?? '' }, byArg: 0, nonce: hash, nonceArg: 1, endpoint, endpointArg: 2, args: args ?? [], argsArg: 3 }),
})
