/**
 * The origin of a transaction's writes (an automation's run: the rule and the chain's depth, as
 * event_log.origin holds it) as a setting local to that transaction. The function values a write
 * marks stale there keep it in `function_state.origin` (migration 112), so that when the drain
 * evaluates them later, in a transaction of its own, the events it writes carry the same origin:
 * the loop guard and the chain bound of automations hold on that path too (docs/guides/automations.md).
 */
import { sql, type RawBuilder } from 'kysely'
import type { DbHandle, EventOrigin } from './schema'

const SETTING = 'hlr.event_origin'

/** Marks the rest of the transaction `trx` with `origin` (null: none). */
export async function setTransactionOrigin(trx: DbHandle, origin: EventOrigin | null): Promise<void> {
  await sql`select set_config(${SETTING}, ${origin ? JSON.stringify(origin) : ''}, true)`.execute(trx)
}

/** The transaction's origin in SQL (null when none was set): what a stale mark stores. */
export const transactionOrigin = (): RawBuilder<string | null> => sql<string | null>`nullif(current_setting(${sql.lit(SETTING)}, true), '')::jsonb`
