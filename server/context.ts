/**
 * What an operation's `run` receives: the call's context (database handle, session, transport,
 * signals and mail queued until commit). Declared apart from rpc/ so that the code below it
 * (domain/, functions/, transfer/) depends on what a call gives, not on how calls are dispatched.
 */
import type { Logger } from 'pino'
import type { Proof } from './auth/proof-of-work'
import type { Session } from './auth/sessions'
import type { Config } from './config'
import type { Db } from './db/connect'
import type { Kysely } from 'kysely'
import type { Database, DbHandle } from './db/schema'
import type { RpcError } from './errors'
import type { Mail } from './mail'
import type { Member, RoleTable } from './policies/roles'
import type { MembershipRow } from './db/workspaces'
import type { Bus, BusMessage } from './realtime/bus'
import type { Resumed } from './realtime/resume'
import type { SignalMeta, SignalName, SignalTopic } from './realtime/signals'

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
  /** The sandbox that runs the code of function fields. */
  functions: FunctionEngine
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
  /**
   * Queued: runs after the call's transaction commits and before its reply, with no transaction
   * open, in the order queued (never for a call that fails). For work that must not hold the
   * database while it runs: the code of function fields (server/domain/function-values.ts). A task
   * that fails is logged; the call's reply stands (what it committed stays committed).
   */
  afterCommit(task: (late: LateWork) => Promise<void>): void
  mail: {
    /** Queued; handed to the mailer only after the call's transaction commits (a rolled-back call sends nothing). */
    send(message: Mail): void
    /** An absolute link for a message: PUBLIC_URL (default the server's own URL) followed by `pathname`. */
    link(pathname: string): string
  }
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

/** What work after a call's commit (afterCommit, LateReply) gets: no transaction of the call's is open any more. */
export interface LateWork {
  /** The database: each statement on its own, no transaction held between them. */
  db: Kysely<Database>
  /**
   * Runs `work` in a short transaction of its own, with the call's context on it: the signals it
   * publishes are logged with that transaction and sent after it commits, as a call's are.
   */
  transaction<T>(work: (ctx: Context) => Promise<T>): Promise<T>
}

/**
 * What an operation returns when its reply can only be made after its transaction committed and
 * its afterCommit work ran (a created activity with its function values, evaluated then): dispatch
 * answers with `make`'s value, and stores that under the call's idempotency key.
 */
export class LateReply<T = unknown> {
  constructor(readonly make: (late: LateWork) => Promise<T>) {}

  /** A late reply made from this one's value. */
  map<U>(f: (value: T) => U): LateReply<U> {
    return new LateReply(async (late) => f(await this.make(late)))
  }
}

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
  /** The caller's membership there, holding the declared capability (for `admitsInRun`, once `admit` has run). */
  member: Member
  /**
   * Makes dispatch's check (404, then 403) on the caller's membership row as the run's own read
   * selected it (membershipQuery), and sets `member`: for an operation declared `admitsInRun`.
   */
  admit(row: MembershipRow | null): Member
}

/**
 * What runs the code of function fields (server/functions/evaluator.ts: a QuickJS sandbox in a
 * worker thread), as the rest of the server calls it.
 */
export interface FunctionEngine {
  /** One result per item, in order; each body runs as `function (dep) { body }` in the workspace's runtime. */
  evaluate(workspaceId: string, items: EvalInput[], deadlineMs?: number): Promise<Evaluation[]>
  /** Whether each body compiles: null, or where it does not. */
  check(bodies: string[]): Promise<(CompileError | null)[]>
  /** Switches the workspace's fast mode in this process (v2.network.fastFunctions.set). */
  setFast(workspaceId: string, on: boolean): void
}

export interface EvalInput {
  body: string
  dep: unknown
}

/**
 * `path` says how the value was made: `single` (one entry into the sandbox for this one evaluation,
 * the default mode) or `batch` (inside one entry for a whole batch, the fast mode).
 */
export type Evaluation = ({ ok: true; value: unknown } | { ok: false; error: string }) & { durationUs: number; path?: 'single' | 'batch' }

export interface CompileError {
  message: string
  /** 1-based, in the body as written. */
  line: number | null
  column: number | null
}
