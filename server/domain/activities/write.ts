/**
 * Creating activities (v3.activity.create and createMany): checks every activity first, then writes
 * them all with multi-row INSERTs of up to 1000 rows, in the caller's transaction: all or nothing.
 *
 * Per activity: option values apply unless the activity sets its own; the team is the activity's,
 * the options', or the workflow's preselected team (`info.preselectedTeam.team`, unless
 * enablePreselectedTeam is false) and must be a team of the workspace; the phase defaults to the first
 * of phasesOrder that is not removed; the phase's required fields must be filled unless ignoreRequired;
 * values are checked per type (values.ts). A discussion is created for each activity; the creator,
 * the followerIds and the users of `users` fields with inviteToDiscussionOnChange join it.
 */
import { lockBeforeWrite } from '../../functions'
import { sql } from 'kysely'
import { loadFieldsById, type FieldRecord, type ProcessRow } from '../../db/processes'
import type { DbHandle } from '../../db/schema'
import { anyOf } from '../../db/rows'
import { conflict, refused, RpcError } from '../../errors'
import { newId } from '../../ids'
import { accessToAll } from '../../policies/processes'
import type { Context, SignedInContext } from '../../context'
import { firstUnattachableFile } from '../../policies/files'
import { loadFunctionStates } from '../../db/function-state'
import { allKeys, recomputeAfter } from '../function-values'
import { enforceQuota } from '../../policies/quota'
import { adjustPhaseCounts, recordHistory } from './events'
import { tellViewers } from '../process-signals'
import type { ActivityRow } from '../../db/activities'
import { activityRecord } from '../../presenters/activity'
import { isFilled, normalize, requiredFields } from '../../db/values'

export interface ActivityInput {
  name?: string
  fields?: Record<string, unknown>
  fileIds?: string[]
  followerIds?: string[]
  location?: Record<string, unknown>
  teamId?: string
  phaseId?: string
}

export interface CreateOptions {
  teamId?: string
  fileIds?: string[]
  followerIds?: string[]
  location?: Record<string, unknown>
  discussionId?: string
  phaseId?: string
  ignoreRequired?: boolean
  returnDocument?: boolean
  workspaceId?: string
}

export const BATCH = 1000

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

/** 404 naming the first listed file the caller may not attach (server/domain/files.ts). */
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

export const phasesOf = (info: Record<string, unknown>) => ({
  phases: (info.phases as Record<string, unknown> | undefined) ?? {},
  order: (info.phasesOrder as string[] | undefined) ?? [],
  removed: (info.phasesRemoved as string[] | undefined) ?? [],
})

/** Is `phaseId` a live phase of the workflow? */
export function livePhase(info: Record<string, unknown>, phaseId: string) {
  const { phases, removed } = phasesOf(info)
  return phaseId in phases && !removed.includes(phaseId)
}

export function preselectedTeam(info: Record<string, unknown>): string | null {
  if (info.enablePreselectedTeam === false) return null
  const p = info.preselectedTeam as Record<string, unknown> | undefined
  const team = p?.team ?? p?.teamId ?? p?._id
  return typeof team === 'string' ? team : null
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

/** activity_links rows for the activitylink values of one activity. */
export function linkRows(cid: string, activityId: string, values: Record<string, unknown>, fields: Map<string, FieldRecord>) {
  const rows: { cid: string; from_id: string; field_id: string; to_id: string }[] = []
  for (const [fieldId, value] of Object.entries(values)) {
    const f = fields.get(fieldId)
    if (f?.type === 'activitylink' && f.functionEnabled !== true && Array.isArray(value))
      for (const to of value as string[]) rows.push({ cid, from_id: activityId, field_id: fieldId, to_id: to })
  }
  return rows
}

/** Users of `users` fields with inviteToDiscussionOnChange. */
export function invitedUsers(values: Record<string, unknown>, fields: Map<string, FieldRecord>): string[] {
  const out: string[] = []
  for (const [fieldId, value] of Object.entries(values)) {
    const f = fields.get(fieldId)
    if (f?.type === 'users' && f.inviteToDiscussionOnChange === true && Array.isArray(value)) out.push(...(value as string[]))
  }
  return out
}

export async function insertBatches<T>(items: T[], size: number, write: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await write(items.slice(i, i + size))
}

/**
 * Creates the activities in `process` for the caller (who may create: checked by the operation).
 * `inputs` are argument 2 of the call: a list (createMany) or one activity (create).
 */
export async function createActivities(ctx: SignedInContext, process: ProcessRow, inputs: ActivityInput[], options: CreateOptions, list: boolean) {
  const argument = 1
  const invalid = invalidActivityOf(ctx, argument, list)
  const { cid, info } = process
  const uid = ctx.session.uid
  const fields = await loadFieldsById(ctx.db, cid, process._id)
  const { order } = phasesOf(info)
  const firstPhase = order.find((id) => livePhase(info, id))
  const preselected = preselectedTeam(info)
  if (options.discussionId && inputs.length > 1)
    throw refused('discussionId names one discussion: it can be given for one activity only', { argument: 2, path: '/discussionId' })
  // A given discussionId names the new activity's own discussion: one already in use (in any
  // workspace) would join another record's followers and messages.
  if (options.discussionId && (await discussionInUse(ctx.db, options.discussionId))) {
    throw conflict('discussionId is already the discussion of another record: leave it to the server or choose an unused one', {
      argument: 2,
      path: '/discussionId',
    })
  }

  const ids = { users: new Set<string>(), teams: new Set<string>(), links: new Set<string>() }
  const prepared = inputs.map((input, index) => {
    const phaseId = input.phaseId ?? options.phaseId ?? firstPhase
    if (!phaseId) throw refused('the workflow has no phase to create activities in', { argument: 0, name: 'processId' })
    if (!livePhase(info, phaseId)) throw refused(`activity ${index}: phaseId is not a phase of this workflow`, { argument, index, path: '/phaseId', phaseId })
    const teamId = input.teamId ?? options.teamId ?? preselected
    if (!teamId)
      throw invalid(index, '/teamId', 'is required: the workflow has no preselected owner team (give teamId in the activity or the options)', {
        field: 'teamId',
      })
    ids.teams.add(teamId)
    const values = checkValues(input.fields ?? {}, fields, invalid, index, ids)
    if (!options.ignoreRequired) {
      for (const fieldId of requiredFields(info, phaseId, fields)) {
        if (!isFilled(values[fieldId])) throw invalid(index, `/fields/${fieldId}`, 'is required in this phase', { field: fieldId })
      }
    }
    const followerIds = input.followerIds ?? options.followerIds ?? []
    for (const f of followerIds) ids.users.add(f)
    return { input, index, phaseId, teamId, values, followerIds }
  })

  const known = { ...(await knownIds(ctx, cid, ids.users, ids.teams)), links: await visibleLinkTargets(ctx, cid, ids.links) }
  for (const p of prepared) {
    if (!known.teams.has(p.teamId)) throw invalid(p.index, '/teamId', 'is not a team of this workspace', { field: 'teamId' })
    const stranger = p.followerIds.find((f) => !known.users.has(f))
    if (stranger) throw invalid(p.index, '/followerIds', 'must name members of the workspace', { field: 'followerIds' })
    checkReferences(p.values, fields, invalid, p.index, known)
  }
  await requireAttachableFiles(
    ctx,
    cid,
    prepared.map((p) => ({ index: p.index, fileIds: p.input.fileIds ?? options.fileIds ?? [] })),
    argument,
  )

  await enforceQuota(ctx.db, cid, 'activities', inputs.length)
  // Sequences: info.createdActivities counts the activities ever created in the workflow (row locked).
  const counted = await ctx.db
    .updateTable('processes')
    .set({ info: sql`jsonb_set(info, '{createdActivities}', to_jsonb(coalesce((info->>'createdActivities')::bigint, 0) + ${inputs.length}))` })
    .where('cid', '=', cid)
    .where('_id', '=', process._id)
    .returning(sql<string>`info->>'createdActivities'`.as('n'))
    .executeTakeFirstOrThrow()
  const firstSequence = Number(counted.n) - inputs.length + 1

  const now = Date.now()
  const rows: ActivityRow[] = []
  const members: { cid: string; discussion_id: string; uid: string; created: number }[] = []
  const links: ReturnType<typeof linkRows> = []
  const followers = new Map<string, string[]>()
  for (const p of prepared) {
    const _id = newId()
    const sequence = firstSequence + p.index
    const discussionId = options.discussionId ?? newId()
    const name = p.input.name ?? (info.enablePredefinedName === true ? `${(info.predefinedNamePrefix as string | undefined) ?? ''}${sequence}` : '')
    const location = p.input.location ?? options.location ?? null
    rows.push({
      cid,
      _id,
      process_id: process._id,
      uid,
      name,
      team_id: p.teamId,
      account_id: null,
      current_phase: p.phaseId,
      complete_phases: [],
      fields: p.values,
      files: p.input.fileIds ?? options.fileIds ?? [],
      location,
      sequence,
      priority: null,
      discussion_id: discussionId,
      ball_holder: null,
      removed: false,
      removed_on: null,
      removed_by: null,
      created: now,
      updated: null,
    })
    const people = [...new Set([uid, ...p.followerIds, ...invitedUsers(p.values, fields)])]
    followers.set(discussionId, people)
    for (const person of people) members.push({ cid, discussion_id: discussionId, uid: person, created: now })
    links.push(...linkRows(cid, _id, p.values, fields))
  }

  await lockBeforeWrite(ctx.db, cid)
  await insertBatches(rows, BATCH, (batch) =>
    ctx.db
      .insertInto('activities')
      .values(
        batch.map((r) => ({
          ...r,
          complete_phases: '[]',
          fields: JSON.stringify(r.fields),
          files: JSON.stringify(r.files),
          location: r.location === null ? null : JSON.stringify(r.location),
          ball_holder: null,
        })),
      )
      .execute(),
  )
  await insertBatches(members, 5000, (batch) => ctx.db.insertInto('discussion_members').values(batch).execute())
  await insertBatches(links, 5000, (batch) =>
    ctx.db
      .insertInto('activity_links')
      .values(batch)
      .onConflict((oc) => oc.doNothing())
      .execute(),
  )

  const deltas = new Map<string, number>()
  for (const r of rows) deltas.set(r.current_phase, (deltas.get(r.current_phase) ?? 0) + 1)
  await adjustPhaseCounts(ctx, cid, process._id, deltas)
  await recordHistory(
    ctx,
    rows.map((r) => ({ cid, activityId: r._id, processId: process._id, kind: 'created' as const, changes: { phase: { from: null, to: r.current_phase } } })),
  )
  const computed = await recomputeAfter(
    ctx,
    cid,
    rows.map((r) => ({ activityId: r._id, keys: allKeys(r.fields), all: true })),
  )
  const order2 = (info.fieldsOrder as string[] | undefined) ?? []
  const stored = computed.changed ? await reread(ctx, cid, rows) : rows
  const states =
    computed.evaluated || computed.queued
      ? await loadFunctionStates(
          ctx.db,
          cid,
          rows.map((r) => r._id),
        )
      : new Map()
  return stored.map((r) => activityRecord(r as ActivityRow, followers.get(r.discussion_id) ?? [], order2, states.get(r._id)))
}

/** The rows again, with the values their functions computed (in the order given). */
async function reread<T extends { _id: string }>(ctx: SignedInContext, cid: string, rows: T[]) {
  const fresh = new Map<string, ActivityRow>()
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = await ctx.db
      .selectFrom('activities')
      .selectAll()
      .where('cid', '=', cid)
      .where(
        '_id',
        'in',
        rows.slice(i, i + BATCH).map((r) => r._id),
      )
      .execute()
    for (const r of batch) fresh.set(r._id, r)
  }
  return rows.map((r) => fresh.get(r._id)!)
}

/** The created signal(s): one per call. */
export async function publishCreated(ctx: SignedInContext, process: ProcessRow, ids: string[], many: boolean) {
  await tellViewers(ctx, process, { sig: 'v3.activity.created', meta: many ? { processId: process._id, ids } : { _id: ids[0], processId: process._id } })
}

async function discussionInUse(db: DbHandle, discussionId: string): Promise<boolean> {
  const used = await db.selectFrom('activities').select('_id').where('discussion_id', '=', discussionId).executeTakeFirst()
  return !!used || !!(await db.selectFrom('discussion_members').select('uid').where('discussion_id', '=', discussionId).executeTakeFirst())
}
