/**
 * What the person changed on an activity, without React. Each value they edit becomes a draft: the
 * value they are typing and the value it started from (`base`, as read). Save sends only the drafts
 * whose value differs from their base, with `expect` holding those bases, so the server refuses it
 * (409) when someone else changed the same value meanwhile. A pushed change to a value with a draft
 * is a conflict, shown beside the editor until the person keeps theirs (the base becomes the new
 * value, so the next save overwrites it knowingly) or takes the other (the draft goes). A pushed change
 * to a value they opened but did not change is simply taken.
 */
import type { Activity } from '../board/activities'

/** `name`, `phaseId`, `teamId`, or `fields.<fieldId>`: the names the server's 409 uses. */
export type Key = string
export interface Draft {
  value: unknown
  base: unknown
}
export type Drafts = Record<Key, Draft>

export interface ActivityUpdate {
  _id: string
  name?: string
  phaseId?: string
  teamId?: string
  fields?: Record<string, unknown>
  expect: { name?: unknown; phaseId?: unknown; teamId?: unknown; fields?: Record<string, unknown> }
}

export const fieldKey = (fieldId: string) => `fields.${fieldId}`

/** The value of `key` in the activity as read. */
export function readValue(activity: Activity, key: Key): unknown {
  if (key === 'name') return activity.name
  if (key === 'phaseId') return activity.currentPhase
  if (key === 'teamId') return activity.teamId ?? activity.team ?? null
  if (key.startsWith('fields.')) return activity.fields.find((f) => f._id === key.slice(7))?.value ?? null
  return undefined
}

/** Equal as values: key order, and null against absent or '', do not count. */
export function same(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)
  if (empty(a) || empty(b)) return empty(a) && empty(b)
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]))
  if (typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a as object), ...Object.keys(b as object)])
    return [...keys].every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  }
  return a === b
}

/** Starts or continues editing `key` with `value`. */
export function edit(drafts: Drafts, activity: Activity, key: Key, value: unknown): Drafts {
  const base = key in drafts ? drafts[key].base : readValue(activity, key)
  return { ...drafts, [key]: { value, base } }
}

export const changedKeys = (drafts: Drafts): Key[] => Object.keys(drafts).filter((key) => !same(drafts[key].value, drafts[key].base))

/** Values changed by someone else since the person started editing them: key → their value. */
export function conflicts(drafts: Drafts, activity: Activity): Record<Key, unknown> {
  const found: Record<Key, unknown> = {}
  for (const key of changedKeys(drafts)) {
    const current = readValue(activity, key)
    if (!same(current, drafts[key].base)) found[key] = current
  }
  return found
}

/** After a pushed change: drafts the person did not change follow the new value (they are dropped). */
export function followUnchanged(drafts: Drafts, activity: Activity): Drafts {
  const kept = Object.entries(drafts).filter(([key, d]) => !same(d.value, d.base) || same(readValue(activity, key), d.base))
  return kept.length === Object.keys(drafts).length ? drafts : Object.fromEntries(kept)
}

/** Keep mine: the value now on the server becomes the base, so the next save replaces it on purpose. */
export const keepMine = (drafts: Drafts, key: Key, theirs: unknown): Drafts => ({ ...drafts, [key]: { ...drafts[key], base: theirs } })

/** Take theirs: the person's draft of `key` goes; the editor shows the server's value. */
export function takeTheirs(drafts: Drafts, key: Key): Drafts {
  const { [key]: _dropped, ...rest } = drafts
  return rest
}

/** The update Save sends: only the changed values, each with the value it was changed from in `expect`; null when nothing changed. */
export function buildUpdate(activityId: string, drafts: Drafts): ActivityUpdate | null {
  const keys = changedKeys(drafts)
  if (!keys.length) return null
  const update: ActivityUpdate = { _id: activityId, expect: {} }
  for (const key of keys) {
    const { value, base } = drafts[key]
    if (key.startsWith('fields.')) {
      const fieldId = key.slice(7)
      ;(update.fields ??= {})[fieldId] = value === '' || value === undefined ? null : value
      ;(update.expect.fields ??= {})[fieldId] = base ?? null
    } else {
      ;(update as unknown as Record<string, unknown>)[key] = value
      ;(update.expect as Record<string, unknown>)[key] = base ?? null
    }
  }
  return update
}

/** The activity as it is after the update was saved (shown at once, before the signal's reload). */
export function applyUpdate(activity: Activity, update: ActivityUpdate): Activity {
  const fields = activity.fields.map((f) => (update.fields && f._id in update.fields ? { ...f, value: update.fields[f._id] } : f))
  for (const [id, value] of Object.entries(update.fields ?? {})) if (!fields.some((f) => f._id === id)) fields.push({ _id: id, value })
  return {
    ...activity,
    name: update.name ?? activity.name,
    currentPhase: update.phaseId ?? activity.currentPhase,
    teamId: update.teamId ?? activity.teamId,
    fields,
  }
}
