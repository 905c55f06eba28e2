/**
 * The ids a workflow's settings hold as references must name records of the workflow's own
 * workspace (404 naming the argument otherwise: another workspace's records are not visible).
 */
import type { DbHandle } from '../db/schema'
import { loadFields } from '../db/processes'
import { RpcError } from '../errors'

const notFoundAt = (argument: number, path: string, what: string) =>
  new RpcError(404, `${path.slice(1)} names no ${what} of this workspace`, { argument, path })

/**
 * `given`: the settings as the call gave them (argument `argument`) for the workflow `processId`.
 */
export async function checkProcessReferences(db: DbHandle, cid: string, processId: string, given: Record<string, unknown>, argument: number) {
  const { coverImage, personInCharge, defaultGroupByField, preselectedTeam } = given
  if (typeof coverImage === 'string') {
    const file = await db.selectFrom('files').select('_id').where('cid', '=', cid).where('_id', '=', coverImage).executeTakeFirst()
    if (!file) throw notFoundAt(argument, '/coverImage', 'file')
  }
  if (typeof personInCharge === 'string') {
    const member = await db.selectFrom('workspace_members').select('uid').where('cid', '=', cid).where('uid', '=', personInCharge).executeTakeFirst()
    if (!member) throw notFoundAt(argument, '/personInCharge', 'member')
  }
  // The keys server/domain/activities/create.ts reads the preselected team from.
  for (const key of ['team', 'teamId', '_id']) {
    const team = (preselectedTeam as Record<string, unknown> | null | undefined)?.[key]
    if (typeof team !== 'string') continue
    const row = await db.selectFrom('teams').select('_id').where('cid', '=', cid).where('_id', '=', team).executeTakeFirst()
    if (!row) throw notFoundAt(argument, `/preselectedTeam/${key}`, 'team')
  }
  if (typeof defaultGroupByField === 'string') {
    const fields = await loadFields(db, cid, processId)
    if (!fields.some((f) => f._id === defaultGroupByField)) throw notFoundAt(argument, '/defaultGroupByField', 'field of this workflow')
  }
}
