/**
 * Signals about a workflow reach only the people who may see it (processViewers, server/policies/processes.ts),
 * decided when they are delivered: a member kept out of a restricted workflow learns nothing of
 * it, not even its id.
 */
import { addUnread } from '../db/wall'
import type { ProcessRow } from '../db/processes'
import { processViewers } from '../policies/processes'
import type { Context } from '../context'
import type { Told, ViewerSignal } from '../realtime/signals'
import { workflowOf } from '../realtime/event-log'

/** A workflow as a caller of tellViewers holds it: its row, or only its ids. */
type HeldProcess = ProcessRow | Pick<ProcessRow, 'cid' | '_id'>

/**
 * Tells everyone who may see the workflow (and `alsoTo`) the given signals. Who may see it is
 * decided when each signal is delivered, not here: the signals go to the workspace's topic and are
 * narrowed then to the workflow's viewers (server/realtime/deliver.ts), so a call of 1,000 activity
 * signals writes 1,000 small rows, not one topic per viewer each. For a change that can take the
 * workflow out of someone's sight (members, permissions, guest settings, removal) pass the viewers
 * from before the change as `alsoTo`, so they hear of it too.
 *
 * `process`: the workflow's row as the caller holds it, or only its ids when it holds none or has
 * just changed who may see the workflow (then the row is read again). The row serves only to count
 * the created and updated activities as unread for its viewers, and is read only for that.
 */
export async function tellViewers(ctx: Context, process: HeldProcess, told: Told<ViewerSignal> | Told<ViewerSignal>[], alsoTo: string[] = []) {
  const signals = Array.isArray(told) ? told : [told]
  if (!signals.length) return
  await countActivitiesUnread(ctx, process, signals)
  const topics = [`workspace:${process.cid}` as const, ...[...new Set(alsoTo)].map((uid) => `user:${uid}` as const)]
  for (const { sig, meta } of signals) {
    // Delivery finds the workflow in the meta: a signal that does not name it would reach the whole workspace.
    if (workflowOf(sig, meta) !== process._id) throw new Error(`${sig}: meta must name the workflow ${process._id}`)
    // Each pair was checked against the catalogue where `told` was written.
    ctx.publish(topics, sig, meta as never)
  }
}

/**
 * The wall's unread counts (wall2.unread) of everyone but the caller who sees the workflow: one per
 * activity created, one per activity updated, in the transaction of the change. Its viewers are
 * worked out only when there is something to count.
 */
async function countActivitiesUnread(ctx: Context, process: HeldProcess, signals: Told<ViewerSignal>[]) {
  let created = 0
  let updated = 0
  for (const told of signals) {
    if (told.sig === 'v3.activity.created') created += told.meta.ids?.length ?? 1
    if (told.sig === 'v3.activity.updated') updated++
  }
  if (!created && !updated) return
  const row =
    'info' in process
      ? process
      : await ctx.db.selectFrom('processes').selectAll().where('cid', '=', process.cid).where('_id', '=', process._id).executeTakeFirst()
  const viewers = row ? await processViewers(ctx.db, row) : []
  const others = viewers.filter((uid) => uid !== ctx.session?.uid)
  await addUnread(ctx.db, process.cid, others, 'activity.created', created)
  await addUnread(ctx.db, process.cid, others, 'activity.updated', updated)
}
