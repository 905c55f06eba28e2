/**
 * Member ids of a workflow: network_<cid>, team_<teamId>, user_<userId>, group_<groupId>. A malformed
 * id is 400; one naming another workspace, a team not of the workspace or a user who is not a
 * member is 404 (details name the argument).
 */
import type { DbHandle } from '../db/schema'
import { RpcError } from '../errors'
import type { Context } from '../context'

const FORM = /^(network|team|user|group)_([0-9a-f]{24})$/

/** The canonical member id; `bare` also takes a bare user or team id (grant and deny). */
export async function resolveMemberId(
  ctx: Pick<Context, 'db' | 'invalid'>,
  cid: string,
  given: string,
  options: { argument: number; kinds: string[]; bare?: boolean },
): Promise<string> {
  const { db } = ctx
  const { argument, kinds } = options
  const bad = (reason: string) => ctx.invalid(argument, '', reason)
  let match = FORM.exec(given)
  if (!match && options.bare && /^[0-9a-f]{24}$/.test(given)) {
    const team = await db.selectFrom('teams').select('_id').where('cid', '=', cid).where('_id', '=', given).executeTakeFirst()
    match = FORM.exec(`${team ? 'team' : 'user'}_${given}`)
  }
  if (!match) throw bad(`must be one of ${kinds.map((k) => `${k}_<id>`).join(', ')}`)
  const [, kind, id] = match
  if (!kinds.includes(kind)) throw bad(`must be one of ${kinds.map((k) => `${k}_<id>`).join(', ')}`)
  const missing = () => new RpcError(404, `${kind} not found in this workspace`, { argument, path: '' })
  if (kind === 'network' && id !== cid) throw missing()
  if (kind === 'team' && !(await db.selectFrom('teams').select('_id').where('cid', '=', cid).where('_id', '=', id).executeTakeFirst())) throw missing()
  if (kind === 'user' && !(await db.selectFrom('workspace_members').select('uid').where('cid', '=', cid).where('uid', '=', id).executeTakeFirst()))
    throw missing()
  return `${kind}_${id}`
}

/** What v2.process.member.list shows beside an id. */
export async function memberInfo(db: DbHandle, cid: string, memberId: string): Promise<Record<string, unknown>> {
  const [kind, id] = memberId.split('_')
  if (kind === 'network') {
    const ws = await db.selectFrom('workspaces').select('name').where('_id', '=', cid).executeTakeFirst()
    return { type: 'network', name: ws?.name ?? null }
  }
  if (kind === 'team') {
    const team = await db.selectFrom('teams').select('name').where('cid', '=', cid).where('_id', '=', id).executeTakeFirst()
    return { type: 'team', name: team?.name ?? null }
  }
  if (kind === 'user') {
    const user = await db.selectFrom('users').select(['firstname', 'lastname']).where('_id', '=', id).executeTakeFirst()
    return { type: 'user', name: user ? `${user.firstname} ${user.lastname}`.trim() : null }
  }
  return { type: 'group' }
}
