/** The Activity record on the wire (schemas/records/activity.json). */
import type { Activity, Any, Location } from '../../schemas/types.generated'
import type { ActivityRow } from '../db/activities'
import type { FieldStates } from '../db/function-state'
import { own } from '../safe-keys'

/**
 * `{_id, uid, cid, name, created, discussion, followers, team_account: {team, account}, teamId,
 * process, currentPhase, completePhases, fields: [{_id, value}] (in fieldsOrder, then the rest),
 * files, sequence, updated?, priority?, location?, ballHolder?, nameError?,
 * nameStale?}`.
 */
export function activityRecord(row: ActivityRow, followers: string[], fieldsOrder: string[] = [], states?: FieldStates): Activity {
  const values = row.fields as Record<string, Any>
  const known = (id: string) => Object.hasOwn(values, id) || !!states?.get(id)
  const ids = [
    ...fieldsOrder.filter(known),
    ...[...new Set([...Object.keys(values), ...(states?.keys() ?? [])])].filter((id) => id !== 'name' && !fieldsOrder.includes(id)),
  ]
  // A function value that failed keeps its last good value with `error`; one waiting in the queue is `stale`.
  const field = (id: string) => {
    const state = states?.get(id)
    return { _id: id, value: own(values, id) ?? null, ...(state?.error ? { error: state.error } : {}), ...(state?.dirty ? { stale: true } : {}) }
  }
  const record: Activity = {
    _id: row._id,
    uid: row.uid,
    cid: row.cid,
    name: row.name,
    created: Number(row.created),
    discussion: row.discussion_id,
    followers,
    team_account: { team: row.team_id, account: row.account_id },
    teamId: row.team_id,
    process: row.process_id,
    currentPhase: row.current_phase,
    completePhases: row.complete_phases,
    fields: ids.map(field),
    files: row.files,
  }
  // The name function's error and staleness, like a field's: the name shown is the last good one.
  const name = states?.get('name')
  if (name?.error) record.nameError = name.error
  if (name?.dirty) record.nameStale = true
  if (row.sequence !== null) record.sequence = Number(row.sequence)
  if (row.updated !== null) record.updated = Number(row.updated)
  if (row.priority !== null) record.priority = row.priority
  if (row.location !== null) record.location = row.location as Location
  if (row.ball_holder !== null) record.ballHolder = row.ball_holder
  return record
}
