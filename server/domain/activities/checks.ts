/**
 * What creating and updating activities check before they write (./create.ts, ./update.ts), so both
 * answer alike: 400s naming the activity's index and the field, 404 for a file the caller may not
 * attach, 422 for a phase that is not one of the workflow. Ids that must name something are gathered
 * from the whole call and looked up once per kind (knownIds, visibleLinkTargets).
 */
import type { FieldRecord } from '../../db/processes'
import { anyOf } from '../../db/rows'
import { RpcError } from '../../errors'
import { accessToAll } from '../../policies/processes'
import { firstUnattachableFile } from '../../policies/files'
import type { Context, SignedInContext } from '../../context'
import { isFilled, normalize, requiredFields } from '../../db/values'
import { own } from '../../safe-keys'

/** The 400 about one activity of the call, at `path` inside it; details name its index. */
export type InvalidActivity = (index: number, path: string, reason: string, details?: object) => RpcError

/**
 * The 400s of the argument holding the activities: a list (createMany, updateMany: the path starts
 * with the activity's index) or one activity (create).
 */
export const invalidActivityOf =
  (ctx: Pick<Context, 'invalid'>, argument: number, list: boolean): InvalidActivity =>
  (index, path, reason, details) =>
    ctx.invalid(argument, list ? `/${index}${path}` : path, reason, { index, ...details })

/** 404 naming the first listed file the caller may not attach (server/policies/files.ts). */
export async function requireAttachableFiles(ctx: SignedInContext, cid: string, lists: { index: number; fileIds: string[] }[], argument: number) {
  const unattachable = await firstUnattachableFile(
    ctx.db,
    ctx.session,
    cid,
    lists.flatMap((l) => l.fileIds),
  )
  if (!unattachable) return
  const index = lists.find((l) => l.fileIds.includes(unattachable))!.index
  throw new RpcError(404, `file not found: ${unattachable}`, { argument, index, path: '/fileIds', fileId: unattachable })
}

/** A workflow's phases, their order and the removed ones, as its info holds them. */
export const phasesOf = (info: Record<string, unknown>) => ({
  phases: (info.phases as Record<string, unknown> | undefined) ?? {},
  order: (info.phasesOrder as string[] | undefined) ?? [],
  removed: (info.phasesRemoved as string[] | undefined) ?? [],
})

/** Is `phaseId` a live phase of the workflow? */
export function livePhase(info: Record<string, unknown>, phaseId: string) {
  const { phases, removed } = phasesOf(info)
  return Object.hasOwn(phases, phaseId) && !removed.includes(phaseId)
}

/** Which of `uids` are members of the workspace, and which of `teamIds` are its teams. */
export async function knownIds(ctx: SignedInContext, cid: string, uids: Set<string>, teamIds: Set<string>) {
  const users = new Set<string>()
  const teams = new Set<string>()
  if (uids.size) {
    const rows = await ctx.db
      .selectFrom('workspace_members')
      .select('uid')
      .where('cid', '=', cid)
      .where('uid', 'in', [...uids])
      .execute()
    for (const r of rows) users.add(r.uid)
  }
  if (teamIds.size) {
    const rows = await ctx.db
      .selectFrom('teams')
      .select('_id')
      .where('cid', '=', cid)
      .where('_id', 'in', [...teamIds])
      .execute()
    for (const r of rows) teams.add(r._id)
  }
  return { users, teams }
}

/** For each of `ids`, its workflow when it is an active activity of the workspace in a workflow the caller sees. */
export async function visibleLinkTargets(ctx: SignedInContext, cid: string, ids: Set<string>): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  if (!ids.size) return found
  const rows = await ctx.db
    .selectFrom('activities')
    .select(['_id', 'process_id'])
    .where('cid', '=', cid)
    .where('_id', '=', anyOf([...ids]))
    .where('removed', '=', false)
    .execute()
  const processIds = [...new Set(rows.map((r) => r.process_id))]
  if (!processIds.length) return found
  const processes = await ctx.db.selectFrom('processes').selectAll().where('cid', '=', cid).where('_id', 'in', processIds).execute()
  const member = await ctx.db.selectFrom('workspace_members').select('role').where('cid', '=', cid).where('uid', '=', ctx.session.uid).executeTakeFirst()
  if (!member) return found
  const access = await accessToAll(ctx.db, cid, { uid: ctx.session.uid, role: member.role }, processes)
  for (const r of rows) if (access.get(r.process_id)?.see) found.set(r._id, r.process_id)
  return found
}

const linkedProcesses = (f: FieldRecord) => (Array.isArray(f.data) ? (f.data as string[]) : typeof f.data === 'string' ? [f.data] : [])

/**
 * Checks the given field values of one activity against the workflow's fields: 400 naming the
 * activity's index and the field. Returns the stored values; ids to check later are added to `ids`.
 */
export function checkValues(
  given: Record<string, unknown>,
  fields: Map<string, FieldRecord>,
  invalid: InvalidActivity,
  index: number,
  ids: { users: Set<string>; teams: Set<string>; links: Set<string> },
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [fieldId, value] of Object.entries(given)) {
    const field = fields.get(fieldId)
    const path = `/fields/${fieldId}`
    if (!field) throw invalid(index, path, 'is not a field of this workflow', { field: fieldId })
    const n = normalize(field, value)
    if (!n.ok) throw invalid(index, path, n.reason, { field: fieldId, type: field.type })
    out[fieldId] = n.value
    if (n.value === null || field.functionEnabled === true) continue
    if (field.type === 'users') for (const id of n.value as string[]) ids.users.add(id)
    if (field.type === 'teams') for (const id of n.value as string[]) ids.teams.add(id)
    if (field.type === 'activitylink') for (const id of n.value as string[]) ids.links.add(id)
  }
  return out
}

/** After the lookups: 400 for a value naming a user, team or activity that is not there (or not visible). */
export function checkReferences(
  values: Record<string, unknown>,
  fields: Map<string, FieldRecord>,
  invalid: InvalidActivity,
  index: number,
  known: { users: Set<string>; teams: Set<string>; links: Map<string, string> },
) {
  for (const [fieldId, value] of Object.entries(values)) {
    const field = fields.get(fieldId)!
    if (value === null || field.functionEnabled === true) continue
    const fail = (reason: string) => invalid(index, `/fields/${fieldId}`, reason, { field: fieldId, type: field.type })
    if (field.type === 'users' && (value as string[]).some((id) => !known.users.has(id))) throw fail('must name members of the workspace')
    if (field.type === 'teams' && (value as string[]).some((id) => !known.teams.has(id))) throw fail('must name teams of the workspace')
    if (field.type === 'activitylink') {
      const allowed = linkedProcesses(field)
      if ((value as string[]).some((id) => !allowed.includes(known.links.get(id) ?? ''))) throw fail('must name activities of the linked workflows')
    }
  }
}

/** 400 naming the first field the phase requires that `values` leaves empty. */
export function checkRequired(
  info: Record<string, unknown>,
  phaseId: string,
  fields: Map<string, FieldRecord>,
  values: Record<string, unknown>,
  invalid: InvalidActivity,
  index: number,
) {
  for (const fieldId of requiredFields(info, phaseId, fields)) {
    if (!isFilled(own(values, fieldId))) throw invalid(index, `/fields/${fieldId}`, 'is required in this phase', { field: fieldId })
  }
}
