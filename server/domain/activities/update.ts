/**
 * Updating activities (v3.activity.updateMany): checks every update first (./checks.ts, as ./create.ts
 * does), then writes them all with one UPDATE, in the caller's transaction: all or nothing.
 *
 * Per activity: `fields` is merged into the stored values (null clears one) and checked per type; when
 * fields or the phase are given, the (new) phase's required fields must be filled unless
 * ignoreRequired. Moving to another phase adds the old one to completePhases (kept for good).
 * followerIds join the discussion (nobody is removed; each must see the workflow, else 422 naming
 * them: ./followers.ts; newcomers are told as `v3.activity.followers`); a users field with inviteToDiscussionOnChange
 * brings its new users into the discussion. An update that changes nothing is not written or counted.
 * History: `updated` {fields: {id: {from, to}}, name, teamId, priority, files, location} and `phase`
 * {phase: {from, to}}. Signals, per workflow: `v3.activity.updated {_id, processId, fields}` (changed
 * field ids) and `v3.activity.phase {_id, processId, from, to}`.
 * An update's `expect` (the values as the caller read them) is checked first, on the locked rows:
 * 409 when one no longer holds (../preconditions.ts).
 */
import { DATA, lockBeforeWrite, type Change } from '../../functions'
import { sql } from 'kysely'
import { recomputeAfter } from '../function-values'
import { loadFieldsById, type FieldRecord, type ProcessRow } from '../../db/processes'
import { insertBatches, rowsTable } from '../../db/rows'
import { refused } from '../../errors'
import { followersOf } from './ball'
import { requireSeeing, tellFollowers } from './followers'
import type { SignedInContext } from '../../context'
import type { Told } from '../../realtime/signals'
import { tellViewers } from '../process-signals'
import type { LoadedActivity } from './access'
import { checkReferences, checkRequired, checkValues, invalidActivityOf, knownIds, livePhase, requireAttachableFiles, visibleLinkTargets } from './checks'
import { adjustPhaseCounts, historyInsert, type HistoryEntry } from './events'
import { invitedUsers, linkRows, normalize } from '../../db/values'
import type { ActivityRow } from '../../db/activities'
import { activityRecord } from '../../presenters/activity'
import { dictFromEntries } from '../../safe-keys'
import { requireFresh } from '../preconditions'

/** One update of the call: the activity, and what changes in it; what is not given stays as it is. */
export interface ActivityUpdate {
  _id: string
  name?: string
  /** Merged into the stored values; null clears one. */
  fields?: Record<string, unknown>
  /** A live phase of the activity's workflow; the one it leaves joins completePhases. */
  phaseId?: string
  /** A team of the workspace: the owner team. */
  teamId?: string
  /** null clears it. */
  priority?: number | null
  /** Members of the workspace who join the discussion; nobody leaves it. */
  followerIds?: string[]
  /** The attached files, all of them (replaces the list). */
  fileIds?: string[]
  location?: Record<string, unknown>
  /** The values as the caller read them: 409 when one no longer holds. */
  expect?: { name?: string; phaseId?: string; teamId?: string | null; priority?: number | null; fields?: Record<string, unknown> }
}

export interface UpdateOptions {
  /** Leave the required fields of the (new) phase unchecked. */
  ignoreRequired?: boolean
}

/** Equal values: primitives directly, lists and objects by their JSON (1,000 updates compare ten values each). */
const same = (a: unknown, b: unknown) => a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b))

/** What `expect` is compared with: the activity as v3.activity.get shows it, by the names of an update. */
function asRead(row: ActivityRow) {
  const record = activityRecord(row, [])
  return {
    name: record.name,
    phaseId: record.currentPhase,
    teamId: record.teamId,
    priority: record.priority,
    fields: dictFromEntries((record.fields as { _id: string; value: unknown }[]).map((f) => [f._id, f.value])),
  }
}

/** What the one UPDATE of the call sets per activity. */
const WRITE_COLUMNS = {
  cid: 'text',
  _id: 'text',
  name: 'text',
  team_id: 'text',
  phase: 'text',
  cp: 'jsonb',
  fields: 'jsonb',
  files: 'jsonb',
  location: 'jsonb',
  priority: 'integer',
} as const

/** Which links of an activity a changed link field replaces. */
const LINK_KEY_COLUMNS = { from_id: 'text', field_id: 'text' } as const

type ActivitySignal = Told<'v3.activity.updated' | 'v3.activity.phase'>

/**
 * Applies `updates` (argument 0 of the call: their 400s name the index) for the caller. `loaded[i]` is
 * the activity of `updates[i]`, loaded with ./access.ts `loadActivities` to edit it: locked, and the
 * caller may edit it. Returns the number of activities changed.
 */
export async function updateActivities(
  ctx: SignedInContext,
  loaded: LoadedActivity[],
  updates: ActivityUpdate[],
  options: UpdateOptions = {},
): Promise<number> {
  const invalid = invalidActivityOf(ctx, 0, true)
  const fieldsOf = new Map<string, Map<string, FieldRecord>>()
  for (const { process } of loaded) {
    if (!fieldsOf.has(process._id)) fieldsOf.set(process._id, await loadFieldsById(ctx.db, process.cid, process._id))
  }
  // Stale reads before anything else: one that no longer holds refuses the whole call.
  for (const [index, { activity, process }] of loaded.entries()) {
    const fields = fieldsOf.get(process._id)!
    // A field value as read compares in its stored form (a date as ms, whether read as ms or sent as ISO text).
    const stored = (key: string, value: unknown) => {
      const field = key.startsWith('fields.') ? fields.get(key.slice('fields.'.length)) : undefined
      const n = field && value !== null ? normalize(field, value) : null
      return n?.ok ? n.value : value
    }
    await requireFresh(updates[index].expect, () => asRead(activity), { activityId: activity._id }, { maps: ['fields'], normalize: stored })
  }

  // Each update checked on its own; the ids it names are looked up once for the whole call, below.
  const ids = { users: new Set<string>(), teams: new Set<string>(), links: new Set<string>() }
  const plans = updates.map((u, index) => {
    const { activity, process } = loaded[index]
    const fields = fieldsOf.get(process._id)!
    const given = checkValues(u.fields ?? {}, fields, invalid, index, ids)
    const values: Record<string, unknown> = { ...(activity.fields as Record<string, unknown>) }
    for (const [id, v] of Object.entries(given)) {
      if (v === null) delete values[id]
      else values[id] = v
    }
    const phase = u.phaseId ?? activity.current_phase
    if (u.phaseId && u.phaseId !== activity.current_phase && !livePhase(process.info, u.phaseId)) {
      throw refused(`activity ${index}: phaseId is not a phase of this workflow`, { argument: 0, index, path: '/phaseId', phaseId: u.phaseId })
    }
    if (!options.ignoreRequired && (u.fields || u.phaseId)) checkRequired(process.info, phase, fields, values, invalid, index)
    if (u.teamId) ids.teams.add(u.teamId)
    for (const f of u.followerIds ?? []) ids.users.add(f)
    return { u, index, activity, process, fields, given, values, phase }
  })
  const cid = loaded[0].activity.cid
  if (loaded.some((l) => l.activity.cid !== cid)) throw refused('all activities of one call must be of one workspace', { argument: 0 })
  const known = { ...(await knownIds(ctx, cid, ids.users, ids.teams)), links: await visibleLinkTargets(ctx, cid, ids.links) }
  for (const p of plans) {
    if (p.u.teamId && !known.teams.has(p.u.teamId)) throw invalid(p.index, '/teamId', 'is not a team of this workspace', { field: 'teamId' })
    if ((p.u.followerIds ?? []).some((f) => !known.users.has(f)))
      throw invalid(p.index, '/followerIds', 'must name members of the workspace', { field: 'followerIds' })
    checkReferences(p.given, p.fields, invalid, p.index, known)
    if (p.u.followerIds?.length) await requireSeeing(ctx, p.process, p.u.followerIds, { argument: 0, index: p.index, path: '/followerIds' })
  }
  await requireAttachableFiles(
    ctx,
    cid,
    plans.map((p) => ({ index: p.index, fileIds: p.u.fileIds ?? [] })),
    0,
  )

  // What changes, worked out before anything is written.
  const now = Date.now()
  const writes: Record<keyof typeof WRITE_COLUMNS, unknown>[] = []
  const history: HistoryEntry[] = []
  const members: { cid: string; discussion_id: string; uid: string; created: number }[] = []
  const linkChanges: { from: string; fieldIds: string[]; rows: ReturnType<typeof linkRows> }[] = []
  const deltas = new Map<string, Map<string, number>>()
  const signals = new Map<string, { process: ProcessRow; told: ActivitySignal[] }>()
  const tell = (process: ProcessRow, told: ActivitySignal) => {
    const of = signals.get(process._id)
    if (of) of.told.push(told)
    else signals.set(process._id, { process, told: [told] })
  }
  const functionInputs: Change[] = []
  let changedCount = 0
  for (const p of plans) {
    const { activity: a, u, process } = p
    const before = a.fields as Record<string, unknown>
    const changedFields = [...new Set([...Object.keys(before), ...Object.keys(p.values)])].filter((id) => !same(before[id], p.values[id]))
    const changes: Record<string, unknown> = {}
    if (changedFields.length) changes.fields = Object.fromEntries(changedFields.map((id) => [id, { from: before[id] ?? null, to: p.values[id] ?? null }]))
    const name = u.name ?? a.name
    if (name !== a.name) changes.name = { from: a.name, to: name }
    const team = u.teamId ?? a.team_id
    if (team !== a.team_id) changes.teamId = { from: a.team_id, to: team }
    const priority = u.priority === undefined ? a.priority : u.priority
    if (priority !== a.priority) changes.priority = { from: a.priority, to: priority }
    const files = u.fileIds ?? a.files
    if (!same(files, a.files)) changes.files = { from: a.files, to: files }
    const location = u.location ?? a.location
    if (!same(location, a.location)) changes.location = { from: a.location, to: location }
    const moved = p.phase !== a.current_phase
    const completePhases = moved ? [...new Set([...(a.complete_phases as string[]), a.current_phase])] : (a.complete_phases as string[])

    const newcomers = [
      ...(u.followerIds ?? []),
      ...invitedUsers(Object.fromEntries(changedFields.filter((id) => Object.hasOwn(p.values, id)).map((id) => [id, p.values[id]])), p.fields),
    ]
    for (const uid of new Set(newcomers)) members.push({ cid: a.cid, discussion_id: a.discussion_id, uid, created: now })
    if (!Object.keys(changes).length && !moved) continue
    changedCount++
    writes.push({ cid: a.cid, _id: a._id, name, team_id: team, phase: p.phase, cp: completePhases, fields: p.values, files, location, priority })
    const linkFields = changedFields.filter((id) => p.fields.get(id)?.type === 'activitylink')
    if (linkFields.length) {
      const kept = Object.fromEntries(linkFields.filter((id) => Object.hasOwn(p.values, id)).map((id) => [id, p.values[id]]))
      linkChanges.push({ from: a._id, fieldIds: linkFields, rows: linkRows(a.cid, a._id, kept, p.fields) })
    }
    const formerTargets = linkFields.flatMap((id) => (Array.isArray(before[id]) ? (before[id] as string[]) : []))
    functionInputs.push({ activityId: a._id, keys: [...changedFields, ...(moved || changes.name ? [DATA] : [])], formerTargets })
    if (Object.keys(changes).length) {
      history.push({ cid: a.cid, activityId: a._id, processId: process._id, kind: 'updated', changes })
      tell(process, { sig: 'v3.activity.updated', meta: { _id: a._id, processId: process._id, fields: changedFields } })
    }
    if (moved) {
      history.push({ cid: a.cid, activityId: a._id, processId: process._id, kind: 'phase', changes: { phase: { from: a.current_phase, to: p.phase } } })
      tell(process, { sig: 'v3.activity.phase', meta: { _id: a._id, processId: process._id, from: a.current_phase, to: p.phase } })
      const d = deltas.get(process._id) ?? new Map<string, number>()
      d.set(a.current_phase, (d.get(a.current_phase) ?? 0) - 1)
      d.set(p.phase, (d.get(p.phase) ?? 0) + 1)
      deltas.set(process._id, d)
    }
  }

  await lockBeforeWrite(ctx.db, cid)
  // The rows and their history in one statement (history is empty exactly when nothing is written).
  if (writes.length)
    await sql`with written as (update activities as a set name = v.name, team_id = v.team_id, current_phase = v.phase, complete_phases = v.cp,
        fields = v.fields, files = v.files, location = v.location, priority = v.priority, updated = ${now}
      from ${rowsTable('v', WRITE_COLUMNS, writes)}
      where a.cid = v.cid and a._id = v._id)
      ${historyInsert(ctx, history)}`.execute(ctx.db)
  // The links of the changed link fields: those rows go, the new ones come, in two statements for the call.
  if (linkChanges.length) {
    const dropped = linkChanges.flatMap((l) => l.fieldIds.map((field_id) => ({ from_id: l.from, field_id })))
    await sql`delete from activity_links as l using ${rowsTable('d', LINK_KEY_COLUMNS, dropped)}
      where l.cid = ${cid} and l.from_id = d.from_id and l.field_id = d.field_id`.execute(ctx.db)
    await insertBatches(
      linkChanges.flatMap((l) => l.rows),
      5000,
      (batch) =>
        ctx.db
          .insertInto('activity_links')
          .values(batch)
          .onConflict((oc) => oc.doNothing())
          .execute(),
    )
  }
  // Followers named by followerIds who did not follow yet: told as v3.activity.followers (the
  // discussion rows below do nothing for those already in).
  const addedFollowers: { process: ProcessRow; activityId: string; added: string[] }[] = []
  for (const p of plans.filter((p) => p.u.followerIds?.length)) {
    const already = new Set(await followersOf(ctx.db, p.activity.cid, p.activity.discussion_id))
    const added = [...new Set(p.u.followerIds)].filter((uid) => !already.has(uid))
    if (added.length) addedFollowers.push({ process: p.process, activityId: p.activity._id, added })
  }
  await insertBatches(members, 5000, (batch) =>
    ctx.db
      .insertInto('discussion_members')
      .values(batch)
      .onConflict((oc) => oc.doNothing())
      .execute(),
  )
  // Workflows in id order, as the counts within one (adjustPhaseCounts): no deadlock between calls.
  for (const [processId, d] of [...deltas].sort(([a], [b]) => a.localeCompare(b))) await adjustPhaseCounts(ctx, cid, processId, d)
  // One tellViewers per workflow, with the row loaded for the call: the update changes nobody's sight of it.
  for (const { process, told } of signals.values()) await tellViewers(ctx, process, told)
  for (const f of addedFollowers) await tellFollowers(ctx, f.process, f.activityId, { added: f.added, removed: [] })
  await recomputeAfter(ctx, cid, functionInputs)
  return changedCount
}
