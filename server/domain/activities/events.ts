/**
 * What every change to an activity does besides the change itself, in the same transaction:
 * record it in the history and keep the per-phase counts (signals: tellViewers in ../process-signals).
 * Every activity operation calls these; nothing else writes activity_history or activity_phase_counts.
 */
import { sql } from 'kysely'
import { newId } from '../../ids'
import { insertRows } from '../../db/rows'
import type { HistoryKind } from '../../db/schema'
import type { Context } from '../../context'

export interface HistoryEntry {
  cid: string
  activityId: string
  processId: string
  kind: HistoryKind
  /** e.g. {fields: {fieldId: {from, to}}, name: {from, to}, phase: {from, to}, ball: {from, to}} */
  changes?: Record<string, unknown>
}

/** Records changes of one call, by the caller, now. */
export async function recordHistory(ctx: Context, entries: HistoryEntry[]) {
  if (!entries.length) return
  await historyInsert(ctx, entries).execute(ctx.db)
}

/**
 * The insert recordHistory runs, as a statement to run alone or after a `with` of the write it
 * records (v3.activity.updateMany: the rows and their history in one round trip). `entries` not empty.
 */
export function historyInsert(ctx: Context, entries: HistoryEntry[]) {
  const uid = ctx.session?.uid ?? 'anonymous'
  const at = Date.now()
  const rows = entries.map((e) => ({
    cid: e.cid,
    _id: newId(),
    activity_id: e.activityId,
    process_id: e.processId,
    uid,
    at,
    kind: e.kind,
    changes: e.changes ?? {},
  }))
  return insertRows('activity_history', HISTORY_COLUMNS, rows)
}

const HISTORY_COLUMNS = {
  cid: 'text',
  _id: 'text',
  activity_id: 'text',
  process_id: 'text',
  uid: 'text',
  at: 'bigint',
  kind: 'text',
  changes: 'jsonb',
} as const

/**
 * Adds `delta` (negative to subtract) to the active activities of each (workflow, phase). One
 * statement per count row, in phase id order: two calls moving activities in opposite directions
 * lock the rows in the same order and cannot deadlock.
 */
export async function adjustPhaseCounts(ctx: Context, cid: string, processId: string, deltas: Map<string, number>) {
  for (const [phaseId, delta] of [...deltas].sort(([a], [b]) => a.localeCompare(b))) {
    if (delta === 0) continue
    await ctx.db
      .insertInto('activity_phase_counts')
      .values({ cid, process_id: processId, phase_id: phaseId, count: delta })
      .onConflict((oc) => oc.columns(['cid', 'process_id', 'phase_id']).doUpdateSet({ count: sql`activity_phase_counts.count + ${delta}` }))
      .execute()
  }
}
