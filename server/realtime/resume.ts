/**
 * `resume [lastSeq]`: a reconnecting socket gets every logged signal after `lastSeq` that its user
 * may hear now, in order and once, before any new one. Live signals arriving meanwhile are held
 * (hub.ts) and sent after the replay, minus those the replay already sent. The gateway holds a
 * socket's signals from its sign-in until its first frame, so a client that sends `resume` first
 * hears nothing before the replay; one that resumes later is not sent again what it already heard.
 *
 * Visibility is decided now, not when the signal was written: only the user's topics and the
 * workspaces they belong to today count, and a signal about a workflow they can no longer see is
 * left out (except `process.removed`, which names only a workflow they were told about).
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import type { Role } from '../db/schema'
import { visibleProcessesOf } from '../policies/processes'
import { PAGE, readAfter, signalFrame, streamState, type LoggedSignal } from './event-log'
import { inScope, type HubConnection } from './hub'

export interface Resumed {
  /** The seq the client now stands at. */
  seq: number
  /** How many signals were replayed. */
  replayed: number
  /** True when `lastSeq` was pruned (or unknown): a `reset` signal was sent, reload everything. */
  reset: boolean
}

/** Replays for `conn`, which the caller holds (conn.held) until this has finished. */
export async function resume(db: Kysely<Database>, conn: HubConnection, uid: string, lastSeq: number | undefined): Promise<Resumed> {
  const { head, prunedThrough } = await streamState(db)
  if (lastSeq === undefined) {
    conn.lastSeq = Math.max(conn.lastSeq, head)
    return { seq: conn.lastSeq, replayed: 0, reset: false }
  }
  if (lastSeq < prunedThrough || lastSeq > head) {
    const reason = lastSeq > head ? 'unknown' : 'retention'
    conn.send(signalFrame({ sig: 'reset', meta: { reason, seq: head }, seq: head }))
    conn.lastSeq = Math.max(conn.lastSeq, head)
    return { seq: conn.lastSeq, replayed: 0, reset: true }
  }
  const filter = await hearingOf(db, uid)
  // Signals this socket already heard live (a resume sent late) are not sent again.
  const heard = (seq: number) => conn.firstLiveSeq > 0 && seq >= conn.firstLiveSeq && seq <= heardThrough
  const heardThrough = conn.lastSeq
  let after = lastSeq
  let replayed = 0
  for (;;) {
    const rows = await readAfter(db, after, filter.topics)
    for (const row of rows) {
      after = row.seq
      if (heard(row.seq) || !inScope(conn.scope, row.topics, row.meta) || !(await filter.hears(row))) continue
      conn.send(signalFrame(row))
      replayed++
    }
    if (rows.length < PAGE) break
  }
  conn.lastSeq = Math.max(conn.lastSeq, after, head)
  return { seq: conn.lastSeq, replayed, reset: false }
}

/** What a user may hear now: their topics, and per workspace the workflows they see (loaded once each). */
async function hearingOf(db: Kysely<Database>, uid: string) {
  const memberships = await db.selectFrom('workspace_members').select(['cid', 'role']).where('uid', '=', uid).execute()
  const roles = new Map(memberships.map((m) => [m.cid, m.role as Role]))
  const topics = [`user:${uid}`, ...memberships.map((m) => `workspace:${m.cid}`)]
  const workspaceOf = new Map<string, string | null>()
  const visible = new Map<string, Set<string>>()

  async function seesWorkflow(processId: string): Promise<boolean> {
    if (!workspaceOf.has(processId)) {
      const row = await db.selectFrom('processes').select('cid').where('_id', '=', processId).executeTakeFirst()
      workspaceOf.set(processId, row?.cid ?? null)
    }
    const cid = workspaceOf.get(processId)
    const role = cid ? roles.get(cid) : undefined
    if (!cid || !role) return false
    if (!visible.has(cid)) visible.set(cid, new Set((await visibleProcessesOf(db, cid, { uid, role })).map((p) => p.process._id)))
    return visible.get(cid)!.has(processId)
  }

  return {
    topics,
    hears: async (row: LoggedSignal) => !row.process_id || row.sig === 'process.removed' || seesWorkflow(row.process_id),
  }
}
