/** Values written by the engine outside a call (the drain, workflow-wide runs), told through the event log. */
import type { Transaction } from 'kysely'
import type { Context } from '../context'
import { setTransactionOrigin } from '../db/event-origin'
import type { Database, EventOrigin } from '../db/schema'
import type { BusMessage } from '../realtime/bus'
import { logSignals } from '../realtime/event-log'
import type { Signal, WriteResult } from './recompute'

/**
 * Writes a propagation's values in `trx` with the signals that tell them, logged in the same
 * transaction as a call's are (so every reader of the event log, webhooks included, has them, in
 * order); returns the wake-up to send after commit. `origin`: the automation run whose write left
 * the values stale (server/db/event-origin.ts): their events carry it, and so do the marks this
 * write leaves for a later batch.
 */
export async function writeLogged(
  trx: Transaction<Database>,
  propagation: { write(db: Transaction<Database>, signal: Signal): Promise<WriteResult> },
  signal: (ctx: Context) => Signal,
  origin: EventOrigin | null = null,
) {
  if (origin) await setTransactionOrigin(trx, origin)
  const signals: BusMessage[] = []
  const ctx = {
    db: trx,
    publish: (topic: string | string[], sig: string, meta: unknown) =>
      signals.push({ kind: 'signal', topics: typeof topic === 'string' ? [topic] : topic, sig, meta }),
  } as unknown as Context
  const written = await propagation.write(trx, signal(ctx))
  return { written, wake: await logSignals(trx, signals, origin) }
}
