/**
 * Operations run on behalf of a user inside a transaction someone else holds: an automation's
 * actions (server/consumers/automations.ts) go through the same operations a person calls, with the
 * same argument checks and the same authorisation (the rule creator's membership, capability and
 * workflow rights), in the run's one transaction. What they publish is queued for the caller to log
 * (with the run's origin); their mail is queued until commit; work they leave for after the commit
 * (function values) runs when the caller says, in short transactions whose signals carry the origin.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Config } from '../config'
import { LateReply, type Context, type FunctionEngine, type LateWork } from '../context'
import type { ActingAs, RunAs } from '../consumers/automation-actions'
import { setTransactionOrigin } from '../db/event-origin'
import type { Database } from '../db/schema'
import { RpcError } from '../errors'
import type { Mailer } from '../mail'
import type { Bus, BusMessage } from '../realtime/bus'
import { logSignals } from '../realtime/event-log'
import { runAsMember } from './authorize'
import { checkArguments } from './dispatch'
import type { Registry } from './registry'
import { invalidArgument } from './schemas'

export interface RunAsDeps {
  registry: Registry
  db: Kysely<Database>
  config: Config
  bus: Bus
  mailer: Mailer
  functions: FunctionEngine
}

export function runAs(deps: RunAsDeps): RunAs {
  return (trx: Transaction<Database>, as): ActingAs => {
    const session = { id: `automation:${as.automationId}`, uid: as.uid }
    const lateTasks: Parameters<Context['afterCommit']>[0][] = []
    const base = (db: Context['db'], queued: BusMessage[]): Omit<Context, 'invalid'> => ({
      db,
      config: deps.config,
      session,
      transport: { kind: 'http', address: 'automation', signIn() {}, signOut() {} },
      roleTable: deps.registry.roleTable,
      functions: deps.functions,
      publish: (topic, sig, meta) => queued.push({ kind: 'signal', topics: typeof topic === 'string' ? [topic] : topic, sig, meta }),
      control: (message) => queued.push(message),
      mail: { send: (message) => as.mails.push(message), link: (pathname) => deps.mailer.link(pathname) },
      later: () => {},
      afterCommit: (task) => lateTasks.push(task),
      proof: null,
      callProven: () => Promise.reject(new RpcError(403, 'an automation does not call operations that take proof of work')),
      takesProof: () => false,
    })
    let lastContext: Context | null = null
    return {
      async call(name, ...rawArgs) {
        const entry = deps.registry.get(name)
        if (!entry?.built) throw new Error(`${name} is not an operation`)
        const args = checkArguments(entry, rawArgs)
        const ctx = {
          ...base(trx, as.queued),
          invalid: (i: number, path: string, reason: string, details?: object) => invalidArgument(entry, i, path, reason, details),
        } as Context
        lastContext = ctx
        const result = entry.op.access === 'member' ? await runAsMember(trx, session, entry.op, ctx, args) : await entry.op.run(ctx, ...args)
        return result instanceof LateReply ? undefined : result
      },
      async afterCommit() {
        if (!lastContext) return
        const call = lastContext
        const late: LateWork = {
          db: deps.db,
          transaction: async (work) => {
            const queued: BusMessage[] = []
            let wake: BusMessage[] = []
            const value = await deps.db.transaction().execute(async (t) => {
              await setTransactionOrigin(t, as.origin)
              const made = await work({ ...call, ...base(t, queued), invalid: call.invalid } as Context)
              wake = await logSignals(t, queued, as.origin)
              return made
            })
            if (wake.length) await deps.bus.emit(wake)
            return value
          },
        }
        for (const task of lateTasks.splice(0)) await task(late)
      },
    }
  }
}
