/**
 * Volatile functions: a body that reads the clock or chance (./volatile-code.ts, decided from the
 * code whenever the configuration is read, so a save marks or unmarks it) can change value without
 * any write. Every FUNCTION_VOLATILE_MS (default 10 minutes) the sweep marks their values on every
 * active activity stale in the durable queue (function_state.dirty, one statement per function);
 * the drain (./drain.ts) then evaluates them after commit like any queued value, and whatever
 * depends on a value that changed follows through the normal cascade. Writes still evaluate them
 * at once, as any function; explainNode reports `volatile: true`.
 */
import { sql, type Kysely } from 'kysely'
import type { Logger } from 'pino'
import { logTurnFailure } from '../log'
import type { Database } from '../db/schema'
import { loadGraph } from './config'

/** Marks every volatile function value stale; returns the number of (workflow, function) pairs marked. */
export async function markVolatileStale(db: Kysely<Database>): Promise<number> {
  const withFunctions = await sql<{ cid: string }>`
    select distinct cid from process_fields where descriptor->>'functionEnabled' = 'true'
    union select distinct cid from processes where info->>'nameFunctionEnabled' = 'true'`.execute(db)
  let marked = 0
  for (const { cid } of withFunctions.rows) {
    const { graph } = await loadGraph(db, cid)
    for (const fn of graph.functions.values()) {
      if (!fn.volatile) continue
      // The last error is kept until the value is evaluated again (as every queued value). A value
      // stale already is left as it is: it is being or will be evaluated anyway, and a new version
      // of its row would make the propagation under way store nothing (./recompute.ts).
      await sql`insert into function_state (cid, activity_id, field_key, error, dirty, since)
        select cid, _id, ${fn.fieldKey}, null, true, ${Date.now()} from activities where cid = ${cid} and process_id = ${fn.processId} and not removed
        on conflict (cid, activity_id, field_key) do update set dirty = true, since = excluded.since where not function_state.dirty`.execute(db)
      marked++
    }
  }
  return marked
}

/** Runs the sweep every `intervalMs`, calling `marked` when it marked values (the drain's wake-up); returns its stop. */
export function startVolatileSweep(db: Kysely<Database>, intervalMs: number, log: Logger, marked: () => void): () => void {
  let running = false
  const sweep = async () => {
    if (running) return
    running = true
    try {
      if (await markVolatileStale(db)) marked()
    } catch (err) {
      logTurnFailure(log, err, 'volatile function sweep failed')
    } finally {
      running = false
    }
  }
  const timer = setInterval(() => void sweep(), intervalMs).unref()
  return () => clearInterval(timer)
}
