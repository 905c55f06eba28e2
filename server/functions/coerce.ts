/**
 * What a function's result becomes in its field (the stored form of server/db/values.ts).
 * undefined, null and '' clear the value; a non-finite number is an error; an object or array
 * returned for a text field is stored as its JSON text; users, teams and activitylink accept an
 * id, an `{_id}` object or a list of them; anything else must fit the field's type as a user's
 * value must, or it is an error (the last good value is kept). A name function's result is text.
 */
import type { FieldRecord } from '../db/processes'
import { normalize } from '../db/values'

export type Coerced = { ok: true; value: unknown } | { ok: false; error: string }

const TEXT = ['text', 'textarea', 'textunit']
const IDS = ['users', 'teams', 'activitylink']

const idOf = (v: unknown) => (v && typeof v === 'object' && typeof (v as { _id?: unknown })._id === 'string' ? (v as { _id: string })._id : v)

export function coerce(field: FieldRecord | 'name', result: unknown): Coerced {
  if (result === undefined || result === null || result === '') return { ok: true, value: null }
  if (typeof result === 'number' && !Number.isFinite(result)) return { ok: false, error: `TypeError: the function returned ${result}` }
  if (field === 'name') return { ok: true, value: typeof result === 'string' ? result.slice(0, 1000) : JSON.stringify(result).slice(0, 1000) }
  let value: unknown = result
  if (TEXT.includes(field.type) && typeof value !== 'string') value = typeof value === 'object' ? JSON.stringify(value) : String(value)
  if (IDS.includes(field.type)) value = Array.isArray(value) ? value.map(idOf) : idOf(value)
  const normalized = normalize({ ...field, functionEnabled: false }, value)
  return normalized.ok
    ? { ok: true, value: normalized.value }
    : { ok: false, error: `TypeError: the result ${JSON.stringify(result).slice(0, 100)} ${normalized.reason}` }
}
