/**
 * Workflow-wide runs: every function of a workflow (or the given ones) evaluated on every active
 * activity, in chunks of RUN_CHUNK activities in _id order. A chunk is read and evaluated with no
 * transaction open (user code never holds the database: ./recompute.ts), then written in one short
 * transaction: its values (when `apply`, through the same propagation as writes, so dependents
 * follow; a value whose inputs changed meanwhile is left stale for the drain), its log entries and
 * the run's cursor and counters, only if the cursor is still where the chunk began (another
 * process may have done it, or the run was cancelled). A crash loses the chunk under way; the next
 * start resumes from the cursor: nothing is written twice, nothing skipped. After each chunk the
 * starter hears `v3.activity.evaluateWorkflowFunctions.progress {runId, status, processed, total,
 * changed, errors}`.
 */
import { sql, type Insertable, type Kysely } from 'kysely'
import type { Database, DbHandle, FunctionRunLogTable } from '../db/schema'
import { newId } from '../ids'
import type { BusMessage } from '../realtime/bus'
import type { Context, FunctionEngine } from '../context'
import { propagate, type Signal } from './recompute'
import { writeLogged } from './logged-write'
import { signalMessage } from '../realtime/signals'

export const RUN_CHUNK = 500
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

export async function createRun(db: DbHandle, cid: string, processId: string, fieldKeys: string[], apply: boolean, uid: string): Promise<string> {
  const total = await db
    .selectFrom('activities')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('cid', '=', cid)
    .where('process_id', '=', processId)
    .where('removed', '=', false)
    .executeTakeFirstOrThrow()
  const _id = newId()
  await db
    .insertInto('function_runs')
    .values({
      cid,
      _id,
      process_id: processId,
      field_keys: JSON.stringify(fieldKeys),
      apply,
      status: 'running',
      total: Number(total.n),
      started_by: uid,
      created: Date.now(),
      finished: null,
    })
    .execute()
  return _id
}

/** Runs one chunk of the oldest running run; false when no run is waiting. Signals go to `emit` after commit. */
export async function runChunk(
  db: Kysely<Database>,
  functions: FunctionEngine,
  emit: (m: BusMessage[]) => Promise<void>,
  signal: (ctx: Context) => Signal,
): Promise<boolean> {
  const run = await db.selectFrom('function_runs').selectAll().where('status', '=', 'running').orderBy('created').limit(1).executeTakeFirst()
  if (!run) return false
  const rows = await db
    .selectFrom('activities')
    .select('_id')
    .where('cid', '=', run.cid)
    .where('process_id', '=', run.process_id)
    .where('removed', '=', false)
    .where('_id', '>', run.cursor)
    .orderBy('_id')
    .limit(RUN_CHUNK)
    .execute()
  const keys = run.field_keys as unknown as string[]
  const forced = rows.flatMap((r) => keys.map((fieldKey) => ({ activityId: r._id, fieldKey })))
  const propagation = forced.length
    ? await propagate({ db, functions }, run.cid, [], { forced, dryRun: !run.apply, collect: true, budget: Infinity, drain: true })
    : null
  const wanted = new Set(forced.map((f) => `${f.activityId}:${f.fieldKey}`))
  const now = Date.now()
  const log: Omit<Insertable<FunctionRunLogTable>, 'ts'>[] = []
  let changed = 0
  let errors = 0
  for (const o of propagation?.outcomes ?? []) {
    if (!wanted.has(`${o.activityId}:${o.fieldKey}`)) continue
    if (o.error) {
      errors++
      log.push({
        cid: run.cid,
        run_id: run._id,
        kind: 'error',
        activity_id: o.activityId,
        field_key: o.fieldKey,
        before: null,
        after: null,
        message: o.error,
        at: now,
      })
    } else if (!same(o.stored, o.computed)) {
      changed++
      log.push({
        cid: run.cid,
        run_id: run._id,
        kind: 'changed',
        activity_id: o.activityId,
        field_key: o.fieldKey,
        before: JSON.stringify(o.stored ?? null),
        after: JSON.stringify(o.computed ?? null),
        message: null,
        at: now,
      })
    }
  }
  const done = rows.length < RUN_CHUNK
  if (done) log.push({ cid: run.cid, run_id: run._id, kind: 'done', activity_id: null, field_key: null, before: null, after: null, message: null, at: now })
  let wake: BusMessage[] = []
  const next = await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('function_runs').selectAll().where('cid', '=', run.cid).where('_id', '=', run._id).forUpdate().executeTakeFirst()
    if (current?.status !== 'running' || current.cursor !== run.cursor) return null // done elsewhere, or cancelled
    // Applied values are told as any other change of values (v3.activity.updated, in the event log).
    if (run.apply && propagation) wake = (await writeLogged(trx, propagation, signal)).wake
    let seq = Number(current.log_seq)
    const numbered = log.map((entry) => ({ ...entry, ts: ++seq }))
    for (let i = 0; i < numbered.length; i += 1000)
      await trx
        .insertInto('function_run_log')
        .values(numbered.slice(i, i + 1000))
        .execute()
    return trx
      .updateTable('function_runs')
      .set({
        cursor: rows.length ? rows[rows.length - 1]._id : run.cursor,
        processed: sql`processed + ${rows.length}`,
        changed: sql`changed + ${changed}`,
        errors: sql`errors + ${errors}`,
        log_seq: seq,
        ...(done ? { status: 'done' as const, finished: now } : {}),
      })
      .where('cid', '=', run.cid)
      .where('_id', '=', run._id)
      .returningAll()
      .executeTakeFirstOrThrow()
  })
  if (wake.length) await emit(wake)
  if (next)
    await emit([
      signalMessage([`user:${run.started_by}`], 'v3.activity.evaluateWorkflowFunctions.progress', {
        runId: run._id,
        processId: run.process_id,
        status: next.status,
        processed: next.processed,
        total: next.total,
        changed: next.changed,
        errors: next.errors,
      }),
    ])
  return true
}
