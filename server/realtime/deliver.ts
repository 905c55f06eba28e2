/**
 * What a process does with each page of the event log: control messages change the hub's
 * subscriptions, signals go to the sockets that may hear them. Who may see a workflow is decided
 * here, at delivery, once per workflow per page: a workflow signal is written once for its
 * workspace (not once per viewer), and members who cannot see the workflow now do not hear it.
 */
import type { DbHandle } from '../db/schema'
import { processViewers } from '../policies/processes'
import type { BusMessage } from './bus'
import { CONTROL_SIG, type LoggedSignal } from './event-log'
import type { Hub } from './hub'

export function deliverPages(db: DbHandle, hub: Hub) {
  return async (rows: LoggedSignal[]) => {
    const viewers = await viewersOf(db, rows)
    for (const row of rows) {
      if (row.sig === CONTROL_SIG) hub.deliver(row.meta as BusMessage)
      else hub.deliverLogged(row, row.process_id ? (viewers.get(row.process_id) ?? new Set()) : null)
    }
  }
}

/** The viewers of each workflow signalled to a workspace topic in `rows` (none for a removed workflow). */
async function viewersOf(db: DbHandle, rows: LoggedSignal[]): Promise<Map<string, Set<string>>> {
  const ids = new Set(rows.filter((r) => r.process_id && r.topics.some((t) => t.startsWith('workspace:'))).map((r) => r.process_id!))
  const result = new Map<string, Set<string>>()
  if (!ids.size) return result
  const processes = await db
    .selectFrom('processes')
    .selectAll()
    .where('_id', 'in', [...ids])
    .execute()
  await Promise.all(processes.map(async (p) => result.set(p._id, new Set(await processViewers(db, p)))))
  return result
}
