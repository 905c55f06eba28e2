/**
 * Automations (docs/guides/automations.md): each rule is a subscription of a durable consumer of
 * the event log (./durable.ts), so rules hear every change of their workflow once, in order, across
 * restarts and processes, as webhooks do.
 *
 * Once per (rule, event): a run's writes, its signals and its row in `automation_runs` (primary key
 * rule + seq) commit in one transaction, the row inserted after the actions (`claimRun`). The
 * cursor's lease keeps two processes off one rule, but a lease can run out under a slow run and
 * progress is saved in batches, so an event may be handled again: the second attempt's insert then
 * finds the row (or, on PostgreSQL, waits on the first attempt's uncommitted key and finds it once
 * that commits) and rolls its own writes back (AlreadyRun). An attempt cut off before its commit
 * left nothing and runs again. Webhook calls go out before that transaction (at least once, with
 * the same webhook-id on every attempt); mail after its commit, kept in the run's row until sent.
 * Transient failures are tried again with the consumer's backoff; refusals are final (`run`).
 *
 * Loop guard: the events a run writes carry its origin (event_log.origin: the rule and the chain's
 * depth). A rule does not run on its own changes, and a run set off by a run of depth
 * AUTOMATION_CHAIN_LIMIT is skipped: both are written in the run log as `skipped`.
 */
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { AutomationAction, AutomationTrigger } from '../../schemas/types.generated'
import type { Config } from '../config'
import { AUTOMATION_CONSUMER, claimRun, keepMail, pendingMail, pruneRuns, type AutomationRow, type RunEntry } from '../db/automations'
import type { CursorRow } from '../db/consumers'
import { setTransactionOrigin } from '../db/event-origin'
import type { Database } from '../db/schema'
import { isTransient } from '../errors'
import { logTurnFailure } from '../log'
import { mailRetryable, type Mail, type Mailer } from '../mail'
import { findMember } from '../policies/roles'
import type { Bus, BusMessage } from '../realtime/bus'
import { logSignals, type LoggedSignal } from '../realtime/event-log'
import { activityFacts, applyAction, laterChanges, triggered, TRIGGER_SIGNALS, valueMatches, type LaterChanges, type RunAs } from './automation-actions'
import { DurableConsumer, type ConsumerHandler, type Outcome } from './durable'
import { postWebhook, retryable } from './webhook-post'

export interface AutomationDeps {
  db: Kysely<Database>
  config: Config
  bus: Bus
  mailer: Mailer
  log: Logger
  runAs: RunAs
}

type Rule = AutomationRow & { trigger: AutomationTrigger; actions: AutomationAction[] }
type ActionResult = RunEntry['actions'][number]

/** An error as the run log keeps it (bounded: schemas/records/automation-run.json). */
const reason = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000)

/** Why the creator may not run the rule now, or null. */
async function creatorRefusal(db: Kysely<Database>, rule: Rule): Promise<string | null> {
  const member = await findMember(db, rule.cid, rule.uid)
  if (!member) return 'its creator is no longer a member of the workspace'
  if (!member.capabilities.has('automations.manage')) return 'its creator may no longer manage automations'
  return null
}

/** Another attempt at the event committed its run first: this one's writes roll back. */
class AlreadyRun extends Error {}

/** A transient failure: logged, nothing recorded, the event tried again after the consumer's backoff. */
function retry(deps: AutomationDeps, rule: Rule, event: LoggedSignal, why: string): 'retry' {
  deps.log.warn({ automation: rule._id, seq: event.seq, reason: why }, 'an automation run will be tried again')
  return 'retry'
}

/**
 * Sends a committed run's mail, kept in its row until sent: a message the mail server cannot take
 * for now stays for the next attempt at the event ('retry'); one it refuses for good is named in the
 * run's error. A message sent whose row could not be updated is sent again (at least once).
 */
async function sendMail(deps: AutomationDeps, rule: Rule, event: LoggedSignal, mails: Mail[]): Promise<'retry' | void> {
  if (!mails.length) return
  const left: Mail[] = []
  const refused: string[] = []
  let why = ''
  for (const mail of mails) {
    if (left.length) {
      left.push(mail)
      continue
    }
    await deps.mailer.deliver(mail).catch((err) => {
      if (mailRetryable(err)) {
        left.push(mail)
        why = `mail to ${mail.to} could not be sent: ${reason(err)}`
      } else refused.push(`mail to ${mail.to} was refused: ${reason(err)}`)
    })
  }
  await keepMail(deps.db, rule._id, event.seq, left, refused.length ? refused.join('; ') : null)
  if (left.length) return retry(deps, rule, event, why)
}

/**
 * Runs one rule on one event whose trigger matched `ids`. 'retry': it met a transient failure
 * (isTransient, a webhook's `retryable` answer) and left nothing written: the consumer tries the
 * event again after its backoff. Refusals are final and go in the run log.
 */
async function run(deps: AutomationDeps, rule: Rule, event: LoggedSignal, ids: string[]): Promise<'retry' | void> {
  const { db } = deps
  const depth = (event.origin?.depth ?? 0) + 1
  const entry: RunEntry = {
    cid: rule.cid,
    automationId: rule._id,
    seq: event.seq,
    sig: event.sig,
    activityId: ids[0] ?? null,
    outcome: 'ok',
    actions: [],
    error: null,
    depth,
  }
  const record = (outcome: RunEntry['outcome'], error: string | null, actions: ActionResult[] = []) => claimRun(db, { ...entry, outcome, error, actions })
  if (event.origin?.automationId === rule._id) return void (await record('skipped', 'the change was made by this automation (a rule does not set itself off)'))
  if (depth > deps.config.automationChainLimit)
    return void (await record('skipped', `the chain of automations reached AUTOMATION_CHAIN_LIMIT (${deps.config.automationChainLimit})`))
  const refusal = await creatorRefusal(db, rule)
  if (refusal) return void (await record('failed', refusal))

  // Webhook calls first, outside any transaction: an attempt that does not commit calls again, with the same webhook-id.
  const called: ActionResult[] = []
  for (const action of rule.actions) {
    if (action.type !== 'webhook') continue
    const body = JSON.stringify({
      type: 'automation.run',
      timestamp: new Date().toISOString(),
      data: { automationId: rule._id, name: rule.name, processId: rule.process_id, event: event.sig, seq: event.seq, activityIds: ids, depth },
    })
    const result = await postWebhook(
      action.url,
      { id: `${rule._id}.${event.seq}`, timestamp: Math.floor(Date.now() / 1000), body, secret: rule.secret },
      { timeoutSeconds: deps.config.webhookTimeoutSeconds, allowedHosts: deps.config.webhookAllowedHosts },
    )
    if (result.error && retryable(result)) return retry(deps, rule, event, `calling ${action.url} failed: ${result.error}`)
    called.push({ type: 'webhook', ok: !result.error, detail: result.error ?? `answered ${result.status}` })
    if (result.error) return void (await record('failed', `calling ${action.url} failed: ${result.error}`, called))
  }

  const origin = { automationId: rule._id, depth }
  const queued: BusMessage[] = []
  const mails: Mail[] = []
  const results: ActionResult[] = [...called]
  let afterCommit: (() => Promise<void>) | null = null
  try {
    const wake = await db.transaction().execute(async (trx) => {
      // What its writes leave stale for the drain keeps the run's origin.
      await setTransactionOrigin(trx, origin)
      const acting = deps.runAs(trx, { uid: rule.uid, automationId: rule._id, origin, queued, mails })
      afterCommit = () => acting.afterCommit()
      for (const id of ids) {
        const activity = await activityFacts(trx, rule.cid, id)
        if (!activity) continue
        for (const action of rule.actions) {
          if (action.type === 'webhook') continue
          try {
            results.push({ type: action.type, ok: true, detail: await applyAction(acting, trx, rule, action, activity, mails) })
          } catch (err) {
            results.push({ type: action.type, ok: false, detail: reason(err) })
            throw err
          }
        }
      }
      if (!(await claimRun(trx, { ...entry, actions: results, mail: mails }))) throw new AlreadyRun()
      return logSignals(trx, queued, origin)
    })
    if (wake.length) await deps.bus.emit(wake)
    await afterCommit!().catch((err) => deps.log.error({ err, automation: rule._id }, 'work after an automation run failed'))
    return sendMail(deps, rule, event, mails)
  } catch (err) {
    if (err instanceof AlreadyRun) return
    // Nothing of the run was written: tried again when the failure was the database's, else recorded as failed.
    if (isTransient(err)) return retry(deps, rule, event, reason(err))
    await record('failed', `${results.at(-1)?.type ?? 'the run'} failed with its creator's rights: ${reason(err)}`, results)
  }
}

export function automationHandler(deps: AutomationDeps): ConsumerHandler<Rule> {
  /** What each claimed rule read of later changes of its trigger's field, for the events it prepared. */
  const later = new WeakMap<Rule, LaterChanges>()
  return {
    name: AUTOMATION_CONSUMER,
    async load(db, cursor: CursorRow) {
      const rule = await db.selectFrom('automations').selectAll().where('cid', '=', cursor.cid).where('_id', '=', cursor.id).executeTakeFirst()
      return (rule as Rule | undefined) ?? null
    },
    topics: (rule) => [`workspace:${rule.cid}`],
    wants: (rule, event) => event.process_id === rule.process_id && TRIGGER_SIGNALS.has(event.sig) && triggered(rule.trigger, event).length > 0,
    async prepare(rule, events) {
      const known = await laterChanges(deps.db, rule.trigger, rule.process_id, events[0]!.seq)
      if (known) later.set(rule, known)
    },
    async handle(rule, event): Promise<Outcome> {
      // Run already (an earlier attempt committed it): only its mail may be left to send, whatever the activity holds now.
      const done = await pendingMail(deps.db, rule._id, event.seq)
      if (done) return (await sendMail(deps, rule, event, done.mail as Mail[])) === 'retry' ? { ok: false } : { ok: true }
      const ids: string[] = []
      for (const id of triggered(rule.trigger, event)) if (await valueMatches(deps.db, rule.trigger, rule.cid, id, event, later.get(rule))) ids.push(id)
      if (ids.length && (await run(deps, rule, event, ids)) === 'retry') return { ok: false }
      return { ok: true }
    },
    async disabled(rule, why) {
      // Its event failed for WEBHOOK_DISABLE_AFTER_HOURS: off, as v3.automation.update with enabled: false leaves it.
      await deps.db.updateTable('automations').set({ enabled: false, updated: Date.now() }).where('cid', '=', rule.cid).where('_id', '=', rule._id).execute()
      deps.log.warn({ automation: rule._id, reason: why }, 'an automation stopped')
    },
  }
}

export interface Automations {
  wake(): void
  stop(): Promise<void>
}

export function startAutomations(deps: AutomationDeps): Automations {
  const consumer = new DurableConsumer(
    deps.db,
    automationHandler(deps),
    {
      retryBaseMs: deps.config.webhookRetryBaseMs,
      disableAfterMs: deps.config.webhookDisableAfterHours * 3600_000,
      leaseMs: deps.config.webhookTimeoutSeconds * 1000 * 4 + 10_000,
    },
    deps.log,
  )
  consumer.start()
  // Every quarter of the retention, at most hourly: a run leaves the log at most a quarter late.
  const keepMs = deps.config.automationRunRetentionDays * 86400_000
  const sweep = setInterval(
    () => pruneRuns(deps.db, Date.now() - keepMs).catch((err) => logTurnFailure(deps.log, err, 'pruning automation runs failed')),
    Math.max(250, Math.min(3600_000, keepMs / 4)),
  ).unref()
  return {
    wake: () => consumer.wake(),
    async stop() {
      clearInterval(sweep)
      await consumer.stop()
    },
  }
}
