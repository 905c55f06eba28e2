/**
 * A phase id is unique across every workflow of the server (server/db/migrations/080_phase_ids.ts):
 * an id another workflow has is a 409 naming the argument and `/phases/<id>`. The check before the
 * write gives the answer in the common case; the primary key of `phase_ids` decides a race (two
 * saves taking the same id at once), and `phaseIdTaken` turns its refusal into the same 409.
 */
import type { DbHandle } from '../db/schema'
import { conflict, isPgError, type RpcError } from '../errors'

const taken = (argument: number, id: string) => conflict('that phase id belongs to another workflow; send a new id', { argument, path: `/phases/${id}` })

/** 409 when one of `ids` is a phase id of a workflow other than `processId`. */
export async function checkPhaseIdsFree(db: DbHandle, cid: string, processId: string, ids: string[], argument: number): Promise<void> {
  if (!ids.length) return
  const other = await db
    .selectFrom('phase_ids')
    .select('phase_id')
    .where('phase_id', 'in', ids)
    .where((eb) => eb.or([eb('cid', '!=', cid), eb('process_id', '!=', processId)]))
    .executeTakeFirst()
  if (other) throw taken(argument, other.phase_id)
}

/** The 409 for a database refusal of a taken phase id (a concurrent save won it); null for any other error. */
export function phaseIdTaken(err: unknown, argument: number): RpcError | null {
  if (!isPgError(err) || err.code !== '23505' || (err as { constraint?: string }).constraint !== 'phase_ids_pk') return null
  const id = /\(phase_id\)=\(([^)]*)\)/.exec(String((err as { detail?: string }).detail ?? ''))?.[1]
  return id ? taken(argument, id) : conflict('a phase id belongs to another workflow; send a new id', { argument, path: '/phases' })
}
