/** Automations and their run log (migration 110; server/consumers/automations.ts runs them). */
import { sql, type Selectable } from 'kysely'
import type { AutomationRunsTable, AutomationsTable, DbHandle } from './schema'

export const AUTOMATION_CONSUMER = 'automations'

export type AutomationRow = Selectable<AutomationsTable>
export type AutomationRunRow = Selectable<AutomationRunsTable>
export type AutomationWithCursor = AutomationRow & { position: number }

const withCursor = (db: DbHandle) =>
  db
    .selectFrom('automations')
    .leftJoin('consumer_cursors', (j) => j.onRef('consumer_cursors.id', '=', 'automations._id').on('consumer_cursors.consumer', '=', AUTOMATION_CONSUMER))
    .selectAll('automations')
    .select((eb) => eb.fn.coalesce('consumer_cursors.position', eb.val(0)).as('position'))

export async function findAutomation(db: DbHandle, id: string, options: { lock?: boolean } = {}): Promise<AutomationWithCursor | undefined> {
  let query = withCursor(db).where('automations._id', '=', id)
  if (options.lock) query = query.forUpdate('automations')
  return (await query.executeTakeFirst()) as AutomationWithCursor | undefined
}

export async function listAutomations(db: DbHandle, cid: string, processId?: string): Promise<AutomationWithCursor[]> {
  let query = withCursor(db).where('automations.cid', '=', cid)
  if (processId) query = query.where('automations.process_id', '=', processId)
  return (await query.orderBy('automations.created').orderBy('automations._id').execute()) as AutomationWithCursor[]
}

export interface RunEntry {
  cid: string
  automationId: string
  seq: number
  sig: string
  activityId: string | null
  outcome: 'ok' | 'failed' | 'skipped'
  actions: { type: string; ok: boolean; detail?: string }[]
  error: string | null
  depth: number
  /** Mail to send after the run's commit (kept until sent: `pendingMail`). */
  mail?: unknown[]
}

/**
 * Writes the run of (automation, seq) unless one is written: false when one was (another attempt
 * at the same event committed it). In the run's transaction, an attempt at the same event made at
 * once by another process waits on this row's key until the first commits or rolls back.
 */
export async function claimRun(db: DbHandle, run: RunEntry): Promise<boolean> {
  const rows = await db
    .insertInto('automation_runs')
    .values({
      cid: run.cid,
      automation_id: run.automationId,
      seq: run.seq,
      at: Date.now(),
      sig: run.sig,
      activity_id: run.activityId,
      outcome: run.outcome,
      actions: JSON.stringify(run.actions),
      error: run.error,
      depth: run.depth,
      mail: run.mail?.length ? JSON.stringify(run.mail) : null,
    })
    .onConflict((oc) => oc.columns(['automation_id', 'seq']).doNothing())
    .returning('seq')
    .execute()
  return rows.length > 0
}

/** The outcome of a run claimed before its actions ran. */
export async function finishRun(db: DbHandle, run: Pick<RunEntry, 'automationId' | 'seq' | 'outcome' | 'actions' | 'error'>) {
  await db
    .updateTable('automation_runs')
    .set({ outcome: run.outcome, actions: JSON.stringify(run.actions), error: run.error })
    .where('automation_id', '=', run.automationId)
    .where('seq', '=', run.seq)
    .execute()
}

/** The run of (automation, seq) when there is one, with the mail it has still to send ([] when none). */
export async function pendingMail(db: DbHandle, automationId: string, seq: number): Promise<{ mail: unknown[] } | undefined> {
  const row = await db.selectFrom('automation_runs').select('mail').where('automation_id', '=', automationId).where('seq', '=', seq).executeTakeFirst()
  return row && { mail: (row.mail as unknown[] | null) ?? [] }
}

/** What is left of a run's mail after a sending attempt; `refused`: messages the mail server refused for good, for the run's error. */
export async function keepMail(db: DbHandle, automationId: string, seq: number, left: unknown[], refused: string | null) {
  await db
    .updateTable('automation_runs')
    .set({ mail: left.length ? JSON.stringify(left) : null, ...(refused ? { error: sql<string>`concat_ws('; ', error, ${refused}::text)` } : {}) })
    .where('automation_id', '=', automationId)
    .where('seq', '=', seq)
    .execute()
}

export async function listRuns(db: DbHandle, automationId: string, afterSeq: number, limit: number): Promise<AutomationRunRow[]> {
  return db
    .selectFrom('automation_runs')
    .selectAll()
    .where('automation_id', '=', automationId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute()
}

export async function pruneRuns(db: DbHandle, before: number) {
  await db.deleteFrom('automation_runs').where('at', '<', before).execute()
}
