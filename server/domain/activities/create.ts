/**
 * Creating activities (v3.activity.create and createMany): checks every activity first (./checks.ts),
 * then writes them all with multi-row INSERTs of up to 1000 rows, in the caller's transaction: all or
 * nothing. Its counterpart for changes is ./update.ts.
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
import { loadFieldsById, type ProcessRow } from '../../db/processes'
import type { DbHandle } from '../../db/schema'
import { insertBatches } from '../../db/rows'
import { conflict, refused } from '../../errors'
import { newId } from '../../ids'
import { LateReply, type SignedInContext } from '../../context'
import { loadFunctionStates, type FieldStates } from '../../db/function-state'
import { allKeys, recomputeAfter } from '../function-values'
import { enforceQuota } from '../../policies/quota'
import { adjustPhaseCounts, recordHistory } from './events'
import { tellViewers } from '../process-signals'
import type { ActivityRow } from '../../db/activities'
import { activityRecord } from '../../presenters/activity'
import {
  checkReferences,
  checkRequired,
  checkValues,
  invalidActivityOf,
  knownIds,
  livePhase,
  phasesOf,
  requireAttachableFiles,
  visibleLinkTargets,
} from './checks'
import { invitedUsers, linkRows } from '../../db/values'
import { requireSeeing, seeing } from './followers'

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

const BATCH = 1000

/** The team new activities get when neither they nor the options name one. */
function preselectedTeam(info: Record<string, unknown>): string | null {
  if (info.enablePreselectedTeam === false) return null
  const p = info.preselectedTeam as Record<string, unknown> | undefined
  const team = p?.team ?? p?.teamId ?? p?._id
  return typeof team === 'string' ? team : null
}

/**
 * Creates the activities in `process` for the caller (who may create: checked by the operation).
 * `inputs` are argument 2 of the call: a list (createMany) or one activity (create). Returns their
 * ids, and their records as the call's late reply: their function values are evaluated after the
 * transaction commits (server/domain/function-values.ts), and the records show them.
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
    if (!options.ignoreRequired) checkRequired(info, phaseId, fields, values, invalid, index)
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
  // Followers must see the workflow, as when added later (./followers.ts): the viewers are read once for the call.
  const seen = await seeing(ctx, process, [...new Set(prepared.flatMap((p) => p.followerIds))])
  const blind = prepared.find((p) => p.followerIds.some((f) => !seen.has(f)))
  if (blind) {
    const where = blind.input.followerIds ? { argument, path: list ? `/${blind.index}/followerIds` : '/followerIds' } : { argument: 2, path: '/followerIds' }
    await requireSeeing(ctx, process, blind.followerIds, { ...where, index: blind.index })
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
  const evaluatedLater = await recomputeAfter(
    ctx,
    cid,
    rows.map((r) => ({ activityId: r._id, keys: allKeys(r.fields), all: true })),
  )
  const order2 = (info.fieldsOrder as string[] | undefined) ?? []
  const created = rows.map((r) => r._id)
  const recordOf = (r: ActivityRow, states?: FieldStates) => activityRecord(r, followers.get(r.discussion_id) ?? [], order2, states)
  if (!evaluatedLater) {
    const made = rows.map((r) => recordOf(r as ActivityRow))
    return { ids: created, records: new LateReply(async () => made) }
  }
  // Their function values are evaluated after commit: read again then, with their states.
  return {
    ids: created,
    records: new LateReply(async ({ db }) => {
      const states = await loadFunctionStates(db, cid, created)
      return (await reread(db, cid, rows)).map((r) => recordOf(r, states.get(r._id)))
    }),
  }
}

/** The rows again, with the values their functions computed (in the order given). */
async function reread<T extends { _id: string }>(db: DbHandle, cid: string, rows: T[]) {
  const fresh = new Map<string, ActivityRow>()
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = await db
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

/** v3.activity.create's signal: `v3.activity.created {_id, processId}`. */
export async function publishCreated(ctx: SignedInContext, process: ProcessRow, activityId: string) {
  await tellViewers(ctx, process, { sig: 'v3.activity.created', meta: { _id: activityId, processId: process._id } })
}

/** createMany's: one `v3.activity.created {processId, ids}` for the whole call. */
export async function publishCreatedMany(ctx: SignedInContext, process: ProcessRow, ids: string[]) {
  await tellViewers(ctx, process, { sig: 'v3.activity.created', meta: { processId: process._id, ids } })
}

async function discussionInUse(db: DbHandle, discussionId: string): Promise<boolean> {
  const used = await db.selectFrom('activities').select('_id').where('discussion_id', '=', discussionId).executeTakeFirst()
  return !!used || !!(await db.selectFrom('discussion_members').select('uid').where('discussion_id', '=', discussionId).executeTakeFirst())
}
