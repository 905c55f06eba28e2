/**
 * The one path every call takes, from a socket frame or an HTTP request:
 * look up (501) -> arity and arguments (400) -> access (401) -> run in a transaction that also
 * writes the queued signals to the event log (and the result, under an idempotency key) ->
 * wake the deliverers after COMMIT -> the work queued for after commit (function values, with no
 * transaction open) and a late reply -> result or wire error.
 */
import type { Logger } from 'pino'
import type { Config } from '../config'
import type { Db } from '../db/connect'
import { badRequest, databaseGap, forbidden, isDatabaseGap, RpcError, toWireError, unauthorized, type WireError } from '../errors'
import { waitForPrimary } from '../db/hosts'
import { logTurnFailure } from '../log'
import { runAsMember } from './authorize'
import { Limits, tooMany } from '../auth/limits'
import type { Mail, Mailer } from '../mail'
import type { Bus, BusMessage } from '../realtime/bus'
import type { Hub } from '../realtime/hub'
import { logSignals } from '../realtime/event-log'
import type { Session } from '../auth/sessions'
import { awaitStoredResult, checkIdempotencyKey, once, PENDING, storeResult } from './idempotency'
import type { Proof } from '../auth/proof-of-work'
import { LateReply, type Context, type FunctionEngine, type LateWork, type Transport } from '../context'
import { notBuiltError, type Entry, type Registry } from './registry'
import { findBadInput } from '../guards/input-guard'
import { databaseRefusal } from './refusal'
import { Calls } from './calls'
import { describeSchemaError, invalidArgument } from './schemas'

export type Reply = { result: unknown } | { error: WireError }

export interface DispatchDeps {
  registry: Registry
  db: Db
  config: Config
  bus: Bus
  /** This process's sockets: a session ended by a call is closed here before the reply. */
  hub: Pick<Hub, 'deliver'>
  log: Logger
  mailer: Mailer
  functions: FunctionEngine
}

export class Dispatcher {
  /** The calls under way; background work waits for their gaps (webhook delivery). */
  readonly calls = new Calls()
  private draining = false
  private idle: (() => void) | null = null
  private limitsStore: Limits | null = null

  constructor(private deps: DispatchDeps) {}

  /** Made on first use: most calls never need it. */
  private get limits(): Limits {
    return (this.limitsStore ??= new Limits(this.deps.db.kysely, this.deps.config))
  }

  /**
   * An operation declared with proofOfWork, called directly: 'always' is refused (403); 'beyondRate'
   * counts against the client address's hourly allowance (429 beyond it).
   */
  private async requireProofOrRate(name: string, rule: 'always' | 'beyondRate', address: string) {
    const how = `call it through v3.proofOfWork.call or v3.core.proofOfWork`
    if (rule === 'always') throw forbidden(`${name} answers only with proof of work: ${how}`, { proofOfWork: true })
    const rate = await this.limits.registrationAllowed(address)
    if (!rate.allowed) throw tooMany(`too many calls of ${name} from this address; wait, or ${how}`, rate.retryAfter, rate.limit, 3600, { proofOfWork: true })
  }

  /** Whether `opName` changes nothing when called (an unknown name changes nothing either: it is refused). */
  readOnly(opName: unknown): boolean {
    const entry = typeof opName === 'string' ? this.deps.registry.get(opName) : undefined
    return !entry || !!entry.op.readOnly
  }

  /** `idempotencyKey`: see rpc/idempotency.ts. */
  async call(opName: unknown, rawArgs: unknown, session: Session | null, transport: Transport, idempotencyKey?: unknown): Promise<Reply> {
    const name = typeof opName === 'string' ? opName : '?'
    if (this.draining) return { error: { code: 503, msg: 'the server is shutting down' } }
    this.calls.enter()
    try {
      return { result: (await this.run(opName, rawArgs, session, transport, idempotencyKey, null)) ?? null }
    } catch (err) {
      const debug = this.deps.config.devMode ? { op: name } : undefined
      const refusal = await databaseRefusal(err, opName, rawArgs, this.deps.registry, this.deps.db.kysely)
      return { error: toWireError(err, this.deps.log, debug, () => ({ op: name, ...refusal })) }
    } finally {
      this.calls.leave()
      // The transport writes the reply in a promise continuation of this call; resolve the drain
      // only after those have run, so no socket is closed before its last reply is queued.
      if (this.calls.size === 0 && this.idle) setImmediate(this.idle)
    }
  }

  /** Refuses new calls (503) and resolves when the calls under way have finished. */
  drain(): Promise<void> {
    this.draining = true
    if (this.calls.size === 0) return Promise.resolve()
    return new Promise((resolve) => (this.idle = resolve))
  }

  /**
   * Runs `attempt`; when it meets a PostgreSQL failover (errors.ts, isDatabaseGap) and `safe`, waits for
   * the new primary (db/hosts.ts) and runs it again, for at most DB_FAILOVER_WAIT_SECONDS in all.
   * Otherwise the call is answered 503 with retryAfter: it was not done, or (a commit cut off) may have been.
   */
  private async throughFailover<T>(attempt: () => Promise<T>, safe: boolean): Promise<T> {
    const { databaseUrl } = this.deps.db
    const until = Date.now() + this.deps.config.dbFailoverWaitSeconds * 1000
    for (;;) {
      try {
        return await attempt()
      } catch (err) {
        if (!isDatabaseGap(err)) throw err
        if (!safe || !databaseUrl || !(await waitForPrimary(databaseUrl, until))) throw databaseGap()
      }
    }
  }

  /** What work after a call's commit gets (Context.afterCommit, LateReply): the database, and short transactions with the call's context. */
  private lateWork(call: Context): LateWork {
    const { kysely } = this.deps.db
    return {
      db: kysely,
      transaction: async (work) => {
        const queued: BusMessage[] = []
        let wake: BusMessage[] = []
        const value = await kysely.transaction().execute(async (trx) => {
          const ctx: Context = {
            ...call,
            db: trx,
            publish: (topic, sig, meta) => queued.push({ kind: 'signal', topics: typeof topic === 'string' ? [topic] : topic, sig, meta }),
            control: (message) => queued.push(message),
          }
          const made = await work(ctx)
          wake = await logSignals(trx, queued)
          return made
        })
        if (wake.length) this.deps.bus.emit(wake).catch((err) => logTurnFailure(this.deps.log, err, 'signal delivery failed'))
        return value
      },
    }
  }

  /** `proof`: the challenge that proved the call (through v3.proofOfWork.call or v3.core.proofOfWork), else null. */
  private async run(opName: unknown, rawArgs: unknown, session: Session | null, transport: Transport, idempotencyKey: unknown, proof: Proof | null) {
    const entry = typeof opName === 'string' ? this.deps.registry.get(opName) : undefined
    if (!entry) throw new RpcError(501, `no such operation: ${String(opName).slice(0, 200)}`)
    // Whatever its arguments, an operation that is not built says so: a client can tell the two apart.
    if (!entry.built) throw notBuiltError(entry.op.name)
    const args = checkArguments(entry, rawArgs)
    if (entry.op.access !== 'public' && !session) throw unauthorized()
    if (session?.apiKey && entry.op.apiKeys === false) throw forbidden(`an API key may not call ${entry.op.name}; sign in with a password`)
    if (entry.op.proofOfWork && !proof) await this.requireProofOrRate(entry.op.name, entry.op.proofOfWork, transport.address)
    const key = checkIdempotencyKey(idempotencyKey, !!session)

    const queued: BusMessage[] = []
    const mails: Mail[] = []
    const tasks: Parameters<Context['later']>[0][] = []
    const lateTasks: Parameters<Context['afterCommit']>[0][] = []
    const { mailer } = this.deps
    let callContext: Context | undefined
    const context = async (db: Context['db']): Promise<Context> => {
      const ctx: Context = {
        db,
        config: this.deps.config,
        session,
        transport,
        roleTable: this.deps.registry.roleTable,
        functions: this.deps.functions,
        publish: (topic, sig, meta) => queued.push({ kind: 'signal', topics: typeof topic === 'string' ? [topic] : topic, sig, meta }),
        control: (message) => queued.push(message),
        mail: { send: (message) => mails.push(message), link: (pathname) => mailer.link(pathname) },
        later: (task) => tasks.push(task),
        afterCommit: (task) => lateTasks.push(task),
        invalid: (argument, path, reason, details) => invalidArgument(entry, argument, path, reason, details),
        proof,
        callProven: (endpoint, args, proven) => this.run(endpoint, args, session, transport, undefined, proven),
        takesProof: (endpoint) => !!this.deps.registry.get(endpoint)?.op.proofOfWork,
      }
      callContext = ctx
      return ctx
    }
    const run = async (db: Context['db']) => {
      const ctx = await context(db)
      return entry.op.access === 'member' ? runAsMember(db, session!, entry.op, ctx, args) : entry.op.run(ctx, ...args)
    }
    const { kysely } = this.deps.db
    let afterCommit: BusMessage[] = []
    const execute = () => {
      // A call run again after a failover starts from nothing: what the failed attempt queued was never committed.
      for (const list of [queued, mails, tasks, lateTasks]) list.length = 0
      return entry.op.readOnly
        ? run(kysely)
        : kysely.transaction().execute(async (trx) => {
            const value = key && session ? await once(trx, { uid: session.uid, key, op: entry.op.name, args }, () => run(trx)) : await run(trx)
            afterCommit = await logSignals(trx, queued)
            return value
          })
    }
    // Guessing limits are read and written outside the call's transaction: a failed guess still counts.
    const attempt = () => (entry.op.guessing ? this.limits.guard(entry.op.guessing, args, transport.address, execute) : execute())
    // Run again after a failover only when that cannot do the work twice: a read, or a write whose key
    // makes a second run answer the first one's stored result if its commit did go through.
    let result = await this.throughFailover(attempt, entry.op.readOnly || !!(key && session))
    if (result === PENDING) return awaitStoredResult(kysely, { uid: session!.uid, key: key! })
    if (entry.op.readOnly && queued.length) afterCommit = await kysely.transaction().execute((trx) => logSignals(trx, queued))
    // The event log reaches every process a moment later. An ended (or narrowed) session must not wait
    // for it: the others are told directly (on PostgreSQL a NOTIFY sent before the reply, which
    // their next signed-in call waits to hear: rpc/heard.ts) and this process closes the door, so the
    // caller's next call on any socket is refused. The door closes last, with no wait between it and
    // the reply: an ended session's sockets close a turn later.
    const doors = queued.filter((message) => message.kind === 'sessionEnded' || message.kind === 'sessionChanged')
    if (doors.length) await this.deps.bus.emit(doors).catch((err) => logTurnFailure(this.deps.log, err, 'session message failed'))
    for (const message of doors) this.deps.hub.deliver(message)
    if (afterCommit.length) {
      // A wake-up lost to a failover is made up by the tails' poll.
      this.deps.bus.emit(afterCommit).catch((err) => logTurnFailure(this.deps.log, err, 'signal delivery failed'))
    }
    if (callContext && (lateTasks.length || result instanceof LateReply)) {
      const late = this.lateWork(callContext)
      for (const task of lateTasks) await task(late).catch((err) => this.deps.log.error({ err, op: entry.op.name }, 'work after commit failed'))
      if (result instanceof LateReply) {
        const reply = result
        // Stored even when making it fails, so a retry waiting for it answers (null) instead of waiting in vain.
        // The call has committed: a reply that meets a failover is made again on the new primary (its
        // writes are short transactions that store only values whose inputs kept their versions).
        result = await this.throughFailover(() => reply.make(late), true).then(
          (made) => made ?? null,
          async (err) => {
            if (key && session) await storeResult(kysely, { uid: session.uid, key }, null)
            throw err
          },
        )
        const made = result
        if (key && session) result = await this.throughFailover(() => storeResult(kysely, { uid: session.uid, key }, made), true)
      }
    }
    // Not awaited: the reply does not wait for the mail server; failures are logged by the mailer.
    for (const message of mails) void mailer.send(message)
    const { db, config, bus, log } = this.deps
    for (const task of tasks) task({ db, config, bus, log }).catch((err) => log.error({ err, op: entry.op.name }, 'background task failed'))
    return result
  }
}

/**
 * Positional arguments: absent means []; a null in an optional position means "not given".
 * Each argument is checked by its own validator so the error names it.
 */
export function checkArguments(entry: Entry, rawArgs: unknown): unknown[] {
  if (rawArgs === undefined || rawArgs === null) rawArgs = []
  if (!Array.isArray(rawArgs)) throw badRequest('args must be an array of positional arguments', { path: '/args' })
  const { minItems, maxItems } = entry.schema
  if (rawArgs.length > maxItems) {
    throw badRequest(`${entry.op.name} takes at most ${maxItems} argument${maxItems === 1 ? '' : 's'}, got ${rawArgs.length}`, {
      expected: { min: minItems, max: maxItems },
      got: rawArgs.length,
    })
  }
  const args = rawArgs.map((value, i) => (value === null && entry.args[i].optional ? undefined : value))
  // Before any schema: a NUL would fail in PostgreSQL, deep nesting would overflow the validator.
  args.forEach((value, i) => {
    const bad = findBadInput(value)
    if (bad) throw invalidArgument(entry, i, bad.path, bad.reason)
  })
  entry.args.forEach((arg, i) => {
    const value = args[i]
    if (value === undefined) {
      if (arg.optional) return
      throw invalidArgument(entry, i, '', 'is required')
    }
    if (!arg.validate(value)) {
      const { path, reason } = describeSchemaError(arg.validate.errors![0])
      throw invalidArgument(entry, i, path, reason)
    }
  })
  return args
}
