/**
 * One configuration entry of a workflow (a key of processes.info) changed under a row lock, so two
 * concurrent changes of the same entry do not lose each other. Only that key is written
 * (`jsonb_set`), so other settings changed at the same time survive.
 */
import { sql } from 'kysely'
import type { Context } from '../context'

/**
 * Reads info[key] of the workflow with the row locked, lets `change` return the new value
 * (undefined removes the key) and writes it back. Returns what `change` returned.
 */
export async function changeInfoEntry<T>(
  ctx: Context,
  cid: string,
  processId: string,
  key: string,
  change: (current: T | undefined) => T | undefined,
): Promise<T | undefined> {
  const row = await ctx.db
    .selectFrom('processes')
    .select(sql<unknown>`info -> ${key}`.as('value'))
    .where('cid', '=', cid)
    .where('_id', '=', processId)
    .forUpdate()
    .executeTakeFirstOrThrow()
  const next = change((row.value ?? undefined) as T | undefined)
  const info = next === undefined ? sql<string>`info - ${key}` : sql<string>`jsonb_set(info, ARRAY[${key}::text], ${JSON.stringify(next)}::jsonb, true)`
  await ctx.db.updateTable('processes').set({ info, updated: Date.now() }).where('cid', '=', cid).where('_id', '=', processId).execute()
  return next
}
