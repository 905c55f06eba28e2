/**
 * v3.core.*: pre-authentication helpers. Proof of work (server/auth/proof-of-work.ts) and
 * checkEmail, which answers only through it: whether an address has an account is worth a search
 * for a nonce, so nobody lists the accounts of a domain cheaply.
 */
import { issueChallenge } from '../../auth/proof-of-work'
import { provenCall } from '../../rpc/proven-call'
import { findUserByEmail } from '../../db/users'
import { operation } from '../../rpc/operation'

/** {challenge, identifier, difficulty, expires}; the identifier names it in v3.core.proofOfWork. */
export const challenge = operation({
  name: 'v3.core.challenge',
  access: 'public',
  readOnly: true,
  async run(ctx) {
    const { challenge, identifier, difficulty, expires } = await issueChallenge(ctx.db, ctx.config)
    return { challenge, identifier, difficulty, expires }
  },
})

/** [{identifier, salt (the nonce found)}, endpoint, args]: runs the endpoint when the proof holds. */
export const proofOfWork = operation({
  name: 'v3.core.proofOfWork',
  access: 'public',
  readOnly: true,
  run: (ctx, proof?: { identifier?: string; salt?: string }, endpoint?: string, args?: unknown) =>
    provenCall(ctx, {
      by: { identifier: proof?.identifier ?? '' },
      byArg: 0,
      byPath: '/identifier',
      nonce: proof?.salt,
      nonceArg: 0,
      noncePath: '/salt',
      endpoint,
      endpointArg: 1,
      args: args ?? [],
      argsArg: 2,
    }),
})

/**
 * [email, identifier]: whether an account has the address. Only through proof of work; `identifier`
 * names the challenge used (its identifier, or the challenge itself when it came from
 * v3.proofOfWork.challenge, which shows no identifier).
 */
export const checkEmail = operation({
  name: 'v3.core.checkEmail',
  access: 'public',
  readOnly: true,
  proofOfWork: 'always',
  async run(ctx, email: string, identifier: string) {
    if (identifier !== ctx.proof?.identifier && identifier !== ctx.proof?.challenge)
      throw ctx.invalid(1, '', 'must be the identifier of the challenge that proved this call')
    return !!(await findUserByEmail(ctx.db, email))
  },
})
