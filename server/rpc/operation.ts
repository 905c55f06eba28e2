/**
 * What an operation is. Each one is declared once, in server/ops/, with `operation({...})`;
 * its arguments are described by schemas/ops/<name>.json and validated before `run`. What `run`
 * receives is the call's context (server/context.ts).
 */
import type { Guessing } from '../auth/limits'
import type { Caller, Context, MemberContext, SignedInContext } from '../context'
import type { Capability } from '../policies/roles'
import type { HandlerArgs, OpName } from '../../schemas/types.generated'

/**
 * public: anyone. signedIn: a valid session or API key (401 otherwise).
 * member: signed in, a member of the workspace the call acts in (404 otherwise: a non-member learns
 * nothing), holding the declared `capability` (403 otherwise). Finer rules (record permissions,
 * rules beyond the capability) are checked inside `run` through server/policies and named in `rule`.
 */
export type Access = 'public' | 'signedIn' | 'member'

type ContextOf<A extends Access> = A extends 'member' ? MemberContext : A extends 'signedIn' ? SignedInContext : Context

/**
 * The arguments of operation `N` as its schema describes them (schemas/types.generated.ts,
 * `npm run types`): a handler that leaves its parameters unannotated gets these types.
 */
export type Args<N extends string> = N extends OpName ? HandlerArgs<N> : any[]

interface Common<A extends Access, N extends string> {
  name: N
  access: A
  /** Reads only: runs without a transaction. */
  readOnly?: boolean
  /**
   * false: a caller signed in with an API key is refused (403), whatever its owner may do. Keys
   * cannot manage keys, the password or the account.
   */
  apiKeys?: false
  /** Wrong guesses (a wrong password, an unknown key) are counted and slowed down: server/auth/limits.ts. */
  guessing?: Guessing
  /**
   * 'always': answers only when called through v3.proofOfWork.call or v3.core.proofOfWork (403
   * otherwise). 'beyondRate': free up to REGISTRATIONS_PER_ADDRESS_PER_HOUR per client address, then
   * only with proof of work (429 otherwise). See server/auth/proof-of-work.ts.
   */
  proofOfWork?: 'always' | 'beyondRate'
  run(ctx: ContextOf<A>, ...args: Args<N>): Promise<unknown>
}

interface Membership<N extends string> {
  capability: Capability
  /**
   * The workspace the call acts in, picked from the arguments (or from a record they name, which
   * may answer 404); undefined, or no function: the session's current workspace.
   */
  workspace?(caller: Caller, ...args: Args<N>): string | undefined | Promise<string | undefined>
  /** Rules beyond the capability, shown beside it in the role table (docs/reference/roles.md). */
  rule?: string
  /**
   * true: dispatch reads no membership before the run; the run selects the caller's membership row
   * beside its data (membershipQuery: one round trip for both) and passes it to `ctx.admit` before
   * it answers. A run that answers without admitting its caller fails (500), never leaks.
   */
  admitsInRun?: true
}

export type Declaration<A extends Access, N extends string> = Common<A, N> & (A extends 'member' ? Membership<N> : { capability?: never })

export interface Operation extends Omit<Common<Access, string>, 'run'>, Partial<Omit<Membership<string>, 'workspace'>> {
  run(ctx: Context, ...args: any[]): Promise<unknown>
  workspace?(caller: Caller, ...args: any[]): string | undefined | Promise<string | undefined>
}

/** Declares an operation; its name (one of schemas/ops) types the arguments of `run`. */
export function operation<A extends Access, N extends OpName>(op: Declaration<A, N>): Operation {
  return op as unknown as Operation
}
