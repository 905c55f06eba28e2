/**
 * v3.activity.updateMany [updates: [{_id, name?, fields?, phaseId?, teamId?, priority?, followerIds?,
 * fileIds?, location?}], options? {ignoreRequired?}] -> the number of activities changed.
 *
 * All or nothing, in one transaction. Each activity needs edit permission (activityAccess: 403 for
 * one the caller sees but may not edit, 404 for one they may not see or that is removed). `fields`
 * is merged into the stored values (null clears one) and checked per type like create; when fields or
 * the phase are given, the (new) phase's required fields must be filled unless ignoreRequired.
 * Moving to another phase adds the old one to completePhases (kept for good). followerIds join the
 * discussion (nobody is removed); a users field with inviteToDiscussionOnChange brings its new users
 * into the discussion. History: `updated` {fields: {id: {from, to}}, name, teamId, priority, files,
 * location} and `phase` {phase: {from, to}}. Signals: `v3.activity.updated {_id, processId, fields}`
 * (changed field ids) and `v3.activity.phase {_id, processId, from, to}`.
 */
import { lockBeforeWrite, DATA, type Change } from '../../../functions'
import { sql } from 'kysely'
import { recomputeAfter } from '../../../domain/function-values'
import { loadFieldsById, type FieldRecord } from '../../../db/processes'
import { adjustPhaseCounts, recordHistory, type HistoryEntry } from '../../../domain/activities/events'
import { loadActivitiesFor } from '../../../domain/activities/read'
import { isFilled, requiredFields } from '../../../db/values'
import {
  checkReferences,
  checkValues,
  insertBatches,
  invalidActivityOf,
  invitedUsers,
  knownIds,
  linkRows,
  livePhase,
  requireAttachableFiles,
  visibleLinkTargets,
} from '../../../domain/activities/write'
import { refused } from '../../../errors'
import { rowsTable } from '../../../db/rows'
import { operation } from '../../../rpc/operation'
import { tellViewers } from '../../../domain/process-signals'
import type { Told } from '../../../realtime/signals'

/** Equal values: primitives directly, lists and objects by their JSON (1,000 updates compare ten values each). */
const same = (a: unknown, b: unknown) => a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b))

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

export const updateMany = operation({
  name: 'v3.activity.updateMany',
  access: 'signedIn',
  async run(ctx, updates, options = {}) {
    if (!updates.length) return 0
    const invalid = invalidActivityOf(ctx, 0, true)
    const seen = new Set<string>()
    for (const [index, u] of updates.entries()) {
      if (seen.has(u._id)) throw invalid(index, '/_id', 'repeats an activity')
      seen.add(u._id)
    }
    const loaded = await loadActivitiesFor(
      ctx.db,
      ctx.session,
      updates.map((u) => u._id),
      true,
    )
    const fieldsOf = new Map<string, Map<string, FieldRecord>>()
    for (const l of loaded) {
      if (!fieldsOf.has(l.process._id)) fieldsOf.set(l.process._id, await loadFieldsById(ctx.db, l.process.cid, l.process._id))
    }

    const ids = { users: new Set<string>(), teams: new Set<string>(), links: new Set<string>() }
    const plans = updates.map((u, index) => {
      const { row, process } = loaded[index]
      const fields = fieldsOf.get(process._id)!
      const given = checkValues(u.fields ?? {}, fields, invalid, index, ids)
      const values: Record<string, unknown> = { ...(row.fields as Record<string, unknown>) }
      for (const [id, v] of Object.entries(given)) {
        if (v === null) delete values[id]
        else values[id] = v
      }
      const phase = u.phaseId ?? row.current_phase
      if (u.phaseId && u.phaseId !== row.current_phase && !livePhase(process.info, u.phaseId)) {
        throw refused(`activity ${index}: phaseId is not a phase of this workflow`, { argument: 0, index, path: '/phaseId', phaseId: u.phaseId })
      }
      if (!options.ignoreRequired && (u.fields || u.phaseId)) {
        for (const fieldId of requiredFields(process.info, phase, fields)) {
          if (!isFilled(values[fieldId])) throw invalid(index, `/fields/${fieldId}`, 'is required in this phase', { field: fieldId })
        }
      }
      if (u.teamId) ids.teams.add(u.teamId)
      for (const f of u.followerIds ?? []) ids.users.add(f)
      return { u, index, row, process, fields, given, values, phase }
    })
    const cid0 = loaded[0].row.cid
    if (loaded.some((l) => l.row.cid !== cid0)) throw refused('all activities of one call must be of one workspace', { argument: 0 })
    const known = { ...(await knownIds(ctx, cid0, ids.users, ids.teams)), links: await visibleLinkTargets(ctx, cid0, ids.links) }
    for (const p of plans) {
      if (p.u.teamId && !known.teams.has(p.u.teamId)) throw invalid(p.index, '/teamId', 'is not a team of this workspace', { field: 'teamId' })
      if ((p.u.followerIds ?? []).some((f) => !known.users.has(f)))
        throw invalid(p.index, '/followerIds', 'must name members of the workspace', { field: 'followerIds' })
      checkReferences(p.given, p.fields, invalid, p.index, known)
    }
    await requireAttachableFiles(
      ctx,
      cid0,
      plans.map((p) => ({ index: p.index, fileIds: p.u.fileIds ?? [] })),
      0,
    )

    const now = Date.now()
    const writes: Record<keyof typeof WRITE_COLUMNS, unknown>[] = []
    const history: HistoryEntry[] = []
    const members: { cid: string; discussion_id: string; uid: string; created: number }[] = []
    const linkChanges: { cid: string; from: string; fieldIds: string[]; rows: ReturnType<typeof linkRows> }[] = []
    const deltas = new Map<string, Map<string, number>>()
    const signals = new Map<string, Told<'v3.activity.updated' | 'v3.activity.phase'>[]>()
    const tell = (processId: string, told: Told<'v3.activity.updated' | 'v3.activity.phase'>) => {
      const list = signals.get(processId)
      if (list) list.push(told)
      else signals.set(processId, [told])
    }
    const functionInputs: Change[] = []
    let changedCount = 0
    for (const p of plans) {
      const { row, u, process } = p
      const before = row.fields as Record<string, unknown>
      const changedFields = [...new Set([...Object.keys(before), ...Object.keys(p.values)])].filter((id) => !same(before[id], p.values[id]))
      const changes: Record<string, unknown> = {}
      if (changedFields.length) changes.fields = Object.fromEntries(changedFields.map((id) => [id, { from: before[id] ?? null, to: p.values[id] ?? null }]))
      const name = u.name ?? row.name
      if (name !== row.name) changes.name = { from: row.name, to: name }
      const team = u.teamId ?? row.team_id
      if (team !== row.team_id) changes.teamId = { from: row.team_id, to: team }
      const priority = u.priority === undefined ? row.priority : u.priority
      if (priority !== row.priority) changes.priority = { from: row.priority, to: priority }
      const files = u.fileIds ?? row.files
      if (!same(files, row.files)) changes.files = { from: row.files, to: files }
      const location = u.location ?? row.location
      if (!same(location, row.location)) changes.location = { from: row.location, to: location }
      const moved = p.phase !== row.current_phase
      const completePhases = moved ? [...new Set([...(row.complete_phases as string[]), row.current_phase])] : (row.complete_phases as string[])

      const newcomers = [
        ...(u.followerIds ?? []),
        ...invitedUsers(Object.fromEntries(changedFields.filter((id) => id in p.values).map((id) => [id, p.values[id]])), p.fields),
      ]
      for (const uid of new Set(newcomers)) members.push({ cid: row.cid, discussion_id: row.discussion_id, uid, created: now })
      if (!Object.keys(changes).length && !moved) continue
      changedCount++
      writes.push({
        cid: row.cid,
        _id: row._id,
        name,
        team_id: team,
        phase: p.phase,
        cp: completePhases,
        fields: p.values,
        files,
        location,
        priority,
      })
      const linkFields = changedFields.filter((id) => p.fields.get(id)?.type === 'activitylink')
      if (linkFields.length) {
        const kept = Object.fromEntries(linkFields.filter((id) => id in p.values).map((id) => [id, p.values[id]]))
        linkChanges.push({ cid: row.cid, from: row._id, fieldIds: linkFields, rows: linkRows(row.cid, row._id, kept, p.fields) })
      }
      const formerTargets = linkFields.flatMap((id) => (Array.isArray(before[id]) ? (before[id] as string[]) : []))
      functionInputs.push({ activityId: row._id, keys: [...changedFields, ...(moved || changes.name ? [DATA] : [])], formerTargets })
      if (Object.keys(changes).length) {
        history.push({ cid: row.cid, activityId: row._id, processId: process._id, kind: 'updated', changes })
        tell(process._id, { sig: 'v3.activity.updated', meta: { _id: row._id, processId: process._id, fields: changedFields } })
      }
      if (moved) {
        history.push({ cid: row.cid, activityId: row._id, processId: process._id, kind: 'phase', changes: { phase: { from: row.current_phase, to: p.phase } } })
        tell(process._id, { sig: 'v3.activity.phase', meta: { _id: row._id, processId: process._id, from: row.current_phase, to: p.phase } })
        const d = deltas.get(process._id) ?? new Map<string, number>()
        d.set(row.current_phase, (d.get(row.current_phase) ?? 0) - 1)
        d.set(p.phase, (d.get(p.phase) ?? 0) + 1)
        deltas.set(process._id, d)
      }
    }

    await lockBeforeWrite(ctx.db, cid0)
    await sql`update activities as a set name = v.name, team_id = v.team_id, current_phase = v.phase, complete_phases = v.cp,
        fields = v.fields, files = v.files, location = v.location, priority = v.priority, updated = ${now}
      from ${rowsTable('v', WRITE_COLUMNS, writes)}
      where a.cid = v.cid and a._id = v._id`.execute(ctx.db)
    for (const l of linkChanges) {
      await ctx.db.deleteFrom('activity_links').where('cid', '=', l.cid).where('from_id', '=', l.from).where('field_id', 'in', l.fieldIds).execute()
      if (l.rows.length)
        await ctx.db
          .insertInto('activity_links')
          .values(l.rows)
          .onConflict((oc) => oc.doNothing())
          .execute()
    }
    await insertBatches(members, 5000, (batch) =>
      ctx.db
        .insertInto('discussion_members')
        .values(batch)
        .onConflict((oc) => oc.doNothing())
        .execute(),
    )
    // Workflows in id order, as the counts within one (adjustPhaseCounts): no deadlock between calls.
    for (const [processId, d] of [...deltas].sort(([a], [b]) => a.localeCompare(b))) await adjustPhaseCounts(ctx, cid0, processId, d)
    await recordHistory(ctx, history)
    // Who may see each workflow is worked out once for all its activities.
    for (const [processId, told] of signals) await tellViewers(ctx, { cid: cid0, _id: processId }, told)
    await recomputeAfter(ctx, cid0, functionInputs)
    return changedCount
  },
})
