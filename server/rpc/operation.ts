/**
 * What an operation is. Each one is declared once, in server/ops/, with `operation({...})`;
 * its arguments are described by schemas/ops/<name>.json and validated before `run`.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Config } from '../config'
import type { Database } from '../db/schema'
import type { Mail } from '../mail'
import type { BusMessage } from '../realtime/bus'
import type { Resumed } from '../realtime/resume'

export interface Session {
  /** sha256 of the session key: the key itself is never kept. */
  id: string
  uid: string
}

/** What a transport (socket or HTTP request) lets an operation do to it. */
export interface Transport {
  kind: 'ws' | 'http'
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
  db: Kysely<Database> | Transaction<Database>
  config: Config
  session: Session | null
  transport: Transport
  /** Queued; sent to subscribers of `topic` only after the call's transaction commits. */
  publish(topic: string | string[], sig: string, meta: unknown): void
  /** Queued internal message (session ended, membership changed), delivered after commit. */
  control(message: BusMessage): void
  mail: {
    /** Queued; handed to the mailer only after the call's transaction commits (a rolled-back call sends nothing). */
    send(message: Mail): void
    /** An absolute link for a message: PUBLIC_URL (default the server's own URL) followed by `pathname`. */
    link(pathname: string): string
  }
}

export interface SignedInContext extends Context {
  session: Session
}

/**
 * public: anyone. signedIn: a valid session or API key (401 otherwise).
 * Finer rules (roles, record permissions) are checked inside `run` through server/policies.
 */
export type Access = 'public' | 'signedIn'

export interface Operation {
  name: string
  access: Access
  /** Reads only: runs without a transaction. */
  readOnly?: boolean
  run(ctx: Context, ...args: any[]): Promise<unknown>
}

type Run<A extends Access> = (ctx: A extends 'signedIn' ? SignedInContext : Context, ...args: any[]) => Promise<unknown>

export function operation<A extends Access>(op: { name: string; access: A; readOnly?: boolean; run: Run<A> }): Operation {
  return op as Operation
}
