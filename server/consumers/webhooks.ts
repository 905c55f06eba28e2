/**
 * Outbound webhooks: a durable consumer of the event log (./durable.ts). A webhook hears the
 * events of its workspace (topic workspace:<cid>) and its own test events (on webhooks:<cid>, with
 * its `_id`), filtered by its `events` and `processIds`; a phase's webhook hears the activities that enter its phase.
 *
 * Each event is posted as `{type, timestamp, data}` (./webhook-post.ts signs it): `type` is the
 * signal's name, `data` its meta and, for an activity, the Activity record as the webhook's
 * creator would read it now (v3.activity.get). An event about a workflow the creator cannot see now
 * is skipped; a creator who left the workspace, or may no longer manage webhooks, stops the webhook
 * (disabled, with the reason). Every attempt is recorded (v3.webhook.deliveries).
 */
import { logTurnFailure } from '../log'
import { sql, type Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Config } from '../config'
import type { CursorRow } from '../db/consumers'
import type { Database } from '../db/schema'
import { pruneAttempts, recordAttempts, WEBHOOK_CONSUMER, type AttemptRecord, type WebhookRow } from '../db/webhooks'
import type { Activity } from '../../schemas/types.generated'
import { anyOf } from '../db/rows'
import { recordOfRow, recordParts } from '../domain/activities/read'
import { runReusable } from '../db/reusable'
import type { Mailer } from '../mail'
import { loadProcessAccess } from '../policies/processes'
import { userPrincipal } from '../policies/principal'
import { findMember, type Member } from '../policies/roles'
import type { ProcessRow } from '../db/processes'
import type { Bus } from '../realtime/bus'
import { CONTROL_SIG, logSignals, type LoggedSignal } from '../realtime/event-log'
import { signalMessage } from '../realtime/signals'
import { DurableConsumer, type ConsumerHandler, type Outcome } from './durable'
import { postWebhook } from './webhook-post'

/** The activity signals whose data carries the Activity record(s). */
const ACTIVITY_SIGNALS = new Set([
  'v3.activity.created',
  'v3.activity.updated',
  'v3.activity.phase',
  'v3.activity.ball',
  'v3.activity.recovered',
  'v3.activity.followers',
])

export interface WebhookDeps {
  db: Kysely<Database>
  config: Config
  bus: Bus
  mailer: Mailer
  log: Logger
  /** Resolves at a gap between the process's calls: delivery goes after the writes (server/rpc/calls.ts). */
  gap?: () => Promise<void>
}

/** A claimed webhook, for the length of one claim (seconds). */
export interface ClaimedWebhook {
  hook: WebhookRow
  /**
   * When the claim began, or went on with new events after waiting at the log's head
   * (performance.now()): who the creator is and what they may see is read after it (`SharedAccess`).
   */
  since: number
  /** The Activity records the next events carry, read for several events at once (`prepare`); null: removed. */
  records: Map<string, Activity | null>
}

/** Sets `key` as the newest entry of `map` and drops the oldest beyond `limit` (a Map keeps the order entries were set in). */
function setNewest<K, V>(map: Map<K, V>, key: K, value: V, limit: number) {
  map.delete(key)
  map.set(key, value)
  for (const k of map.keys()) {
    if (map.size <= limit) break
    map.delete(k)
  }
}

type ProcessSeen = Awaited<ReturnType<typeof loadProcessAccess>> | null

/** Values kept by `ReadSince`: enough for every creator and workflow of the webhooks of a busy process. */
const SHARED_ACCESS = 5000

/**
 * Values read once for the webhooks of this process claimed together: a value serves every claim
 * that began before it was read, so each claim sees what it would have read itself, and the webhooks
 * of one creator, claimed together after one write, ask once instead of each.
 */
class ReadSince<T> {
  private readonly entries = new Map<string, { readAt: number; value: Promise<T> }>()

  get(key: string, since: number, read: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key)
    if (kept && kept.readAt >= since) return kept.value
    const readAt = performance.now()
    const value = read()
    // A failed read is not kept: the next event reads again.
    value.catch(() => this.entries.get(key)?.value === value && this.entries.delete(key))
    setNewest(this.entries, key, { readAt, value }, SHARED_ACCESS)
    return value
  }
}

/** The creators' memberships and the workflows they see, shared by the webhooks of this process. */
class SharedAccess {
  private readonly members = new ReadSince<Member | null>()
  private readonly processes = new ReadSince<ProcessSeen>()

  constructor(private readonly db: Kysely<Database>) {}

  /** The creator's standing: a webhook stops when they left the workspace or (a workspace's webhook) may no longer manage webhooks. */
  async standing({ hook, since }: ClaimedWebhook): Promise<Outcome> {
    const member = await this.members.get(`${hook.cid}/${hook.uid}`, since, () => findMember(this.db, hook.cid, hook.uid))
    if (!member) return { ok: false, disable: 'its creator is no longer a member of the workspace' }
    // A phase's webhook follows the workflow's settings, which its administrators change.
    if (!hook.phase_id && !member.capabilities.has('webhooks.manage')) return { ok: false, disable: 'its creator may no longer manage webhooks' }
    return { ok: true }
  }

  /** The workflow's row, or null when the creator does not see it. */
  seen({ hook, since }: ClaimedWebhook, processId: string): Promise<ProcessSeen> {
    return this.processes.get(`${hook.uid}/${processId}`, since, () => loadProcessAccess(this.db, userPrincipal(hook.uid), processId).catch(() => null))
  }
}

const activityIds = (event: LoggedSignal): string[] => {
  const meta = (event.meta ?? {}) as { ids?: string[]; _id?: string }
  return Array.isArray(meta.ids) ? meta.ids : [meta._id as string]
}

/** Records kept by `SharedRecords`: enough for the events of several writes in flight at once. */
const SHARED_RECORDS = 5000

/**
 * The Activity records the events carry, read once for all the webhooks of this process: ten
 * webhooks hearing one write read its activities once, not ten times (on PGlite those reads share
 * the one connection with the writes). "As the record is now" means read after its event
 * committed: an entry read for events up to seq `asOf` serves those, and an event after it reads
 * the record again. The record does not depend on who reads it; whether the webhook's creator sees
 * the workflow is checked per creator (`SharedAccess`) before a record is asked for.
 */
export class SharedRecords {
  private readonly entries = new Map<string, { asOf: number; record: Promise<Activity | null> }>()

  constructor(private readonly db: Kysely<Database>) {}

  /** The records of the workflow's activities, each as new as the seq given for it (the newest event about it). */
  async read(cid: string, process: ProcessRow, needed: Map<string, number>): Promise<Map<string, Activity | null>> {
    const key = (id: string) => `${cid}/${process._id}/${id}`
    const missing = [...needed].filter(([id, seq]) => (this.entries.get(key(id))?.asOf ?? -1) < seq).map(([id]) => id)
    if (missing.length) {
      const asOf = Math.max(...missing.map((id) => needed.get(id)!))
      const read = this.readNow(cid, process, missing)
      for (const id of missing) {
        const k = key(id)
        const record = read.then((byId) => byId.get(id) ?? null)
        // A failed read is not kept: the next event reads again.
        record.catch(() => this.entries.get(k)?.record === record && this.entries.delete(k))
        setNewest(this.entries, k, { asOf, record }, SHARED_RECORDS)
      }
    }
    const ids = [...needed.keys()]
    const records = await Promise.all(ids.map((id) => this.entries.get(key(id))?.record ?? this.readNow(cid, process, [id]).then((m) => m.get(id) ?? null)))
    return new Map(ids.map((id, i) => [id, records[i]]))
  }

  private async readNow(cid: string, process: ProcessRow, ids: string[]): Promise<Map<string, Activity>> {
    // The rows with what their records need, in one statement (built once: server/db/reusable.ts).
    const rows = await runReusable(this.db, 'webhook records', { cid, processId: process._id, ids }, (slots) =>
      this.db
        .selectFrom('activities as a')
        .selectAll('a')
        .select(recordParts(this.db))
        .where('a.cid', '=', slots.cid)
        .where('a.process_id', '=', slots.processId)
        .where('a._id', '=', anyOf(slots.ids))
        .where('a.removed', '=', false),
    )
    const fieldsOrder = (process.info.fieldsOrder as string[] | undefined) ?? []
    return new Map(rows.map((row) => [row._id, recordOfRow(row, fieldsOrder)]))
  }
}

/**
 * The records of attempts not written yet, of every webhook of this process. A flush while an
 * insert is under way waits for it and then writes everything pending in one insert: ten webhooks
 * delivering one write's events make one or two inserts, not ten (on PGlite a thousand rows in one
 * insert cost about half as much per row as in ten). A webhook's cursor moves only once its
 * attempts are written.
 */
class AttemptLog {
  private pending: AttemptRecord[] = []
  /** The next insert, not started yet: it takes what is pending when it starts. */
  private next: Promise<void> | null = null
  /** The last insert started or queued (its failure is its flushers' to see). */
  private last: Promise<void> = Promise.resolve()

  constructor(private readonly db: Kysely<Database>) {}

  add(attempt: AttemptRecord) {
    this.pending.push(attempt)
  }

  /** Resolves once the attempts added so far are written; rejects when that insert failed (they are lost, as the claim's). */
  flush(): Promise<void> {
    if (!this.pending.length) return this.last
    if (!this.next) {
      const insert = this.last.then(() => {
        this.next = null
        return recordAttempts(this.db, this.pending.splice(0))
      })
      this.next = insert
      this.last = insert.catch(() => {})
    }
    return this.next
  }
}

/** Reads the Activity records of `events` (those of workflows the creator sees) into `claimed.records`. */
async function readRecords(shared: Shared, claimed: ClaimedWebhook, events: LoggedSignal[]) {
  const byProcess = new Map<string, Map<string, number>>()
  for (const e of events) {
    if (!e.process_id || !ACTIVITY_SIGNALS.has(e.sig)) continue
    const needed = byProcess.get(e.process_id) ?? new Map<string, number>()
    for (const id of activityIds(e)) needed.set(id, Math.max(e.seq, needed.get(id) ?? 0))
    byProcess.set(e.process_id, needed)
  }
  claimed.records = new Map()
  for (const [processId, needed] of byProcess) {
    const seen = await shared.access.seen(claimed, processId)
    if (!seen) continue
    for (const [id, record] of await shared.records.read(claimed.hook.cid, seen.process, needed)) claimed.records.set(id, record)
  }
}

/** What the webhooks of this process read once for all of them. */
interface Shared {
  records: SharedRecords
  access: SharedAccess
  data: DataJson
}

/** Which of the activities were created in the phase (their history's first entry). */
async function createdIn(db: Kysely<Database>, cid: string, ids: string[], phaseId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('activity_history')
    .select('activity_id')
    .where('cid', '=', cid)
    .where('activity_id', '=', anyOf(ids))
    .where('kind', '=', 'created')
    .where(sql<boolean>`changes->'phase'->>'to' = ${phaseId}`)
    .execute()
  return new Set(rows.map((r) => r.activity_id))
}

/** Bodies' data kept by `DataJson`: enough for the events of several writes in flight at once. */
const SHARED_DATA = 5000

/**
 * The JSON of events' data, made once for the webhooks of this process that send an event with the
 * same records (the same objects, from `SharedRecords`): ten webhooks hearing one write stringify
 * its records once.
 */
class DataJson {
  private readonly entries = new Map<number, { records: (Activity | null)[]; json: string }>()

  of(seq: number, records: (Activity | null)[], data: () => unknown): string {
    const kept = this.entries.get(seq)
    if (kept && kept.records.length === records.length && kept.records.every((r, i) => r === records[i])) return kept.json
    const json = JSON.stringify(data())
    setNewest(this.entries, seq, { records, json }, SHARED_DATA)
    return json
  }
}

/** The body of one event: `{type, timestamp, data}`, or null when the creator may not see it now (skipped). */
async function eventBody(db: Kysely<Database>, shared: Shared, claimed: ClaimedWebhook, event: LoggedSignal, timestamp: number): Promise<string | null> {
  const { hook } = claimed
  const meta = (event.meta ?? {}) as Record<string, unknown>
  let records: (Activity | null)[] = []
  let data = (): Record<string, unknown> => meta
  if (event.process_id) {
    const seen = await shared.access.seen(claimed, event.process_id)
    if (!seen) return null
    if (ACTIVITY_SIGNALS.has(event.sig)) {
      const ids = activityIds(event)
      if (ids.some((id) => !claimed.records.has(id))) await readRecords(shared, claimed, [event])
      const byId = claimed.records
      let present = ids.map((id) => byId.get(id) ?? null)
      // A phase's webhook hears a move only into its phase (wants), and of created activities those created in it.
      if (hook.phase_id && event.sig === 'v3.activity.created') {
        const there = await createdIn(db, hook.cid, ids, hook.phase_id)
        present = present.filter((r, i) => there.has(ids[i]))
        if (!present.length) return null
      }
      records = present
      data = () => (Array.isArray(meta.ids) ? { ...meta, activities: present } : { ...meta, activity: present[0] })
    }
  }
  if (event.sig === 'webhook.test') data = () => ({ ...meta, test: true })
  // Written as JSON.stringify({type, timestamp, data}) would, with the data's JSON shared.
  const json = shared.data.of(event.seq, records, data)
  return `{"type":${JSON.stringify(event.sig)},"timestamp":"${new Date(timestamp).toISOString()}","data":${json}}`
}

/** Whether a webhook wants an event of its topics. */
export function wants(hook: WebhookRow, event: LoggedSignal): boolean {
  if (event.sig === CONTROL_SIG) return false
  if (event.sig === 'webhook.test') return (event.meta as { _id?: string })._id === hook._id
  if (hook.phase_id) {
    if (event.process_id !== hook.phase_process_id) return false
    if (event.sig === 'v3.activity.created') return true
    return event.sig === 'v3.activity.phase' && (event.meta as { to?: string }).to === hook.phase_id
  }
  if (hook.events && !hook.events.includes(event.sig)) return false
  if (hook.process_ids && !(event.process_id && hook.process_ids.includes(event.process_id))) return false
  return true
}

export function webhookHandler(deps: WebhookDeps): ConsumerHandler<ClaimedWebhook> {
  const { db, config } = deps
  const shared: Shared = { records: new SharedRecords(db), access: new SharedAccess(db), data: new DataJson() }
  const attempts = new AttemptLog(db)
  return {
    name: WEBHOOK_CONSUMER,
    async load(db, cursor: CursorRow) {
      const since = performance.now()
      const hook = await db.selectFrom('webhooks').selectAll().where('cid', '=', cursor.cid).where('_id', '=', cursor.id).executeTakeFirst()
      return hook ? { hook, since, records: new Map() } : null
    },
    // The same for every webhook of a workspace: they read the log through one window (./durable.ts).
    topics: ({ hook }) => [`workspace:${hook.cid}`, `webhooks:${hook.cid}`],
    wants: ({ hook }, event) => wants(hook, event),
    resumed: (claimed) => void (claimed.since = performance.now()),
    prepare: (claimed, events) => readRecords(shared, claimed, events),
    async handle(claimed, event, attempt): Promise<Outcome> {
      const { hook } = claimed
      const standing = await shared.access.standing(claimed)
      if (!standing.ok) return standing
      const timestamp = Date.now()
      const body = await eventBody(db, shared, claimed, event, timestamp)
      if (body === null) return { ok: true }
      const result = await postWebhook(
        hook.url,
        { id: String(event.seq), timestamp: Math.floor(timestamp / 1000), body, secret: hook.secret },
        { timeoutSeconds: config.webhookTimeoutSeconds, allowedHosts: config.webhookAllowedHosts },
      )
      attempts.add({ cid: hook.cid, webhookId: hook._id, seq: event.seq, attempt, at: timestamp, ...result })
      return result.error ? { ok: false } : { ok: true }
    },
    flush: () => attempts.flush(),
    async disabled({ hook }, reason) {
      await db.updateTable('webhooks').set({ disabled_reason: reason, updated: Date.now() }).where('cid', '=', hook.cid).where('_id', '=', hook._id).execute()
      const wake = await db
        .transaction()
        .execute((trx) => logSignals(trx, [signalMessage([`user:${hook.uid}`], 'webhook.disabled', { cid: hook.cid, _id: hook._id, reason })]))
      await deps.bus.emit(wake)
      const user = await db.selectFrom('users').select(['email']).where('_id', '=', hook.uid).executeTakeFirst()
      if (user?.email) {
        void deps.mailer.send({
          to: user.email,
          subject: 'A webhook was disabled',
          text: [
            `Your webhook to ${hook.url} was disabled: ${reason}.`,
            '',
            'Enable it again (v3.webhook.update with enabled: true) once the receiver answers: it resumes from the event that failed,',
            'in order, as long as the event log still holds it (EVENT_RETENTION_HOURS).',
          ].join('\n'),
        })
      }
      deps.log.warn({ webhook: hook._id, cid: hook.cid, reason }, 'a webhook was disabled')
    },
  }
}

/** The webhooks consumer of this process, with the lease and backoff of the configuration. */
export interface Webhooks {
  wake(): void
  stop(): Promise<void>
}

export function startWebhooks(deps: WebhookDeps): Webhooks {
  const consumer = new DurableConsumer(
    deps.db,
    webhookHandler(deps),
    {
      retryBaseMs: deps.config.webhookRetryBaseMs,
      disableAfterMs: deps.config.webhookDisableAfterHours * 3600_000,
      // A claim outlives the longest request by a margin; a process killed mid-request frees it then.
      leaseMs: deps.config.webhookTimeoutSeconds * 1000 * 2 + 5000,
      gap: deps.gap,
    },
    deps.log,
  )
  consumer.start()
  // Attempts are kept a day, or as long as an event may fail before its webhook is disabled.
  const keepMs = Math.max(24, deps.config.webhookDisableAfterHours) * 3600_000
  const sweep = setInterval(() => {
    pruneAttempts(deps.db, Date.now() - keepMs).catch((err) => logTurnFailure(deps.log, err, 'pruning webhook attempts failed'))
  }, 3600_000).unref()
  return {
    wake: () => consumer.wake(),
    async stop() {
      clearInterval(sweep)
      await consumer.stop()
    },
  }
}
