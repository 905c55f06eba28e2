/**
 * The one path of both proven-call operations (v3.proofOfWork.call, v3.core.proofOfWork): check
 * the arguments, spend the challenge (server/auth/proof-of-work.ts), run the endpoint.
 */
import { redeem } from '../auth/proof-of-work'
import type { Context } from '../context'

interface ProvenCall {
  by: { challenge: string } | { identifier: string }
  byArg: number
  byPath?: string
  nonce: string | undefined
  nonceArg: number
  noncePath?: string
  endpoint: string | undefined
  endpointArg: number
  args: unknown
  argsArg: number
}

export async function provenCall(ctx: Context, c: ProvenCall) {
  if (!c.endpoint || !ctx.takesProof(c.endpoint))
    throw ctx.invalid(c.endpointArg, '', 'must name an operation that takes proof of work (v3.core.checkEmail, v2.user.register, v3.user.register)')
  if (!Array.isArray(c.args)) throw ctx.invalid(c.argsArg, '', "must be the array of the endpoint's arguments")
  if (!c.nonce) throw ctx.invalid(c.nonceArg, c.noncePath ?? '', 'is required: the nonce that solves the challenge')
  const outcome = await redeem(ctx.db, c.by, c.endpoint, c.args, c.nonce)
  if (outcome === 'unknown') throw ctx.invalid(c.byArg, c.byPath ?? '', 'names no challenge that is open: unknown, used or expired')
  if (outcome === 'wrong')
    throw ctx.invalid(c.nonceArg, c.noncePath ?? '', 'does not solve the challenge for this endpoint and these arguments (the challenge is spent)')
  return ctx.callProven(c.endpoint, c.args, outcome)
}
