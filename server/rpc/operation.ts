/**
 * What an operation is. Each one is declared once, in server/ops/, with `operation({...})`;
 * its arguments are described by schemas/ops/<name>.json and validated before `run`.
 */
import type { Guessing } from '../auth/limits'
import type { Config } from '../config'
import type { Evaluator } from '../domain/functions/evaluator'
import type { DbHandle } from '../db/schema'
import type { Session } from '../auth/sessions'
import type { Mail } from '../mail'
import type { RpcError } from '../errors'
import type { Capability, Member, RoleTable } from '../policies/roles'
import type { Logger } from 'pino'
import type { Db } from '../db/connect'
import type { Bus, BusMessage } from '../realtime/bus'
import type { Resumed } from '../realtime/resume'
import type { SignalMeta, SignalName, SignalTopic } from '../realtime/signals'
import type { HandlerArgs, OpName } from '../../schemas/types.generated'

/** What a transport (socket or HTTP request) lets an operation do to it. */
export interface Transport {
  kind: 'ws' | 'http'
  /** The client's address (the socket's peer), for API key whitelists and rate limits. */
  address: string
  /**
   * Called when a call signs the caller in (login, auth): the socket keeps the session and
   * subscribes to the user's workspaces; an HTTP response sets the cookie.
   */
  signIn(session: Session, key: string, workspaceIds: string[]): void
  signOut(): void
  /** Sockets only: replays the logged signals after `lastSeq` (server/realtime/resume.ts). */
  resume?(uid: string, lastSeq: number | undefined): Promise<Resumed>
}

export interface Context {
  db: DbHandle
  config: Config
  session: Session | null
  transport: Transport
  /**
   * Queued; sent to subscribers of `topic` only after the call's transaction commits. The signal,
   * its meta and the kind of topic are those of the catalogue (server/realtime/signals.ts).
   */
  publish<S extends SignalName>(topic: SignalTopic<S> | SignalTopic<S>[], sig: S, meta: SignalMeta<S>): void
  /** Queued internal message (session ended, membership changed), delivered after commit. */
  control(message: BusMessage): void
  /** The sandbox that runs the code of function fields (server/domain/functions/). */
  functions: Evaluator
  /** Each operation declared with access 'member' and its capability (for "what may I do" answers). */
  roleTable: RoleTable
  /**
   * The 400 for a bad argument of this call, named as its schema names it: `throw ctx.invalid(1,
   * '/name', 'must not be blank')`. `argument` counts from 0; `path` is a JSON pointer inside it.
   */
  invalid(argument: number, path: string, reason: string, details?: object): RpcError
  /** Set when the call came through proof of work: the challenge it used. */
  proof: Proof | null
  /** Calls an operation that takes proof of work, as proven by a challenge. */
  callProven(endpoint: string, args: unknown[], proof: Proof): Promise<unknown>
  /** Whether `endpoint` is an operation that takes proof of work. */
  takesProof(endpoint: string): boolean
  /**
   * Queued: runs after the call's transaction commits (never for a call that fails), on the
   * server's own services rather than the call's transaction. For background jobs.
   */
  later(task: (services: Services) => Promise<void>): void
  mail: {
    /** Queued; handed to the mailer only after the call's transaction commits (a rolled-back call sends nothing). */
    send(message: Mail): void
    /** An absolute link for a message: PUBLIC_URL (default the server's own URL) followed by `pathname`. */
    link(pathname: string): string
  }
}

/** The challenge a proven call used (server/auth/proof-of-work.ts). */
export interface Proof {
  identifier: string
  challenge: string
}

/**
 * The 400 for one argument, already bound to it: what a domain function takes instead of an
 * (index, name) pair, so the name still comes from the schema.
 */
export type Invalid = (path: string, reason: string, details?: object) => RpcError

export const invalidOf =
  (ctx: Pick<Context, 'invalid'>, argument: number): Invalid =>
  (path, reason, details) =>
    ctx.invalid(argument, path, reason, details)
/** What a background task started by `later` works with. */
export interface Services {
  db: Db
  config: Config
  bus: Bus
  log: Logger
}

export interface SignedInContext extends Context {
  session: Session
}

/** What a workspace picker may use to find the workspace of a record named by the arguments. */
export interface Caller {
  db: DbHandle
  session: Session
}

/** The context of an operation declared with access 'member': dispatch has authorised the caller. */
export interface MemberContext extends SignedInContext {
  /** The workspace the call acts in. */
  cid: string
  /** The caller's membership there, holding the declared capability. */
  member: Member
}

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
