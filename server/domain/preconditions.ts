/**
 * Preconditions of a write, against lost updates: with a change, a caller may send the values of the
 * record as it read them (`expect`). The operation compares them inside the write's transaction, after
 * locking the record's row (a concurrent writer waits there and then reads what the first committed),
 * each with the current value in the form the record's read operation shows it (server/presenters).
 * When one no longer holds the whole call is refused: 409 `{reason: 'stale', <record id>, field,
 * current}`. Used by v3.activity.updateMany, process.set_info, process.update_field,
 * company.update_property_field and v2.network.update; docs/reference/protocol.md#stale-writes.
 */
import { conflict } from '../errors'
import { own } from '../safe-keys'

/**
 * One form per meaning, so a value sent back as it was read always compares equal: object keys in
 * order, a property that is null the same as one that is absent, undefined as null.
 */
function canonical(value: unknown): unknown {
  if (value === undefined || value === null) return null
  if (Array.isArray(value)) return value.map(canonical)
  if (typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value).sort()) {
    const v = canonical((value as Record<string, unknown>)[key])
    if (v !== null) out[key] = v
  }
  return out
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b))

export interface PreconditionOptions {
  /** Properties holding a map whose entries are compared one by one, named `<property>.<key>` (an activity's fields, a workflow's phases). */
  maps?: string[]
  /** The stored form of an expected value as a write would store it (a date field's ISO text as ms). */
  normalize?: (field: string, value: unknown) => unknown
}

export interface Stale {
  /** The property, or `<property>.<key>` in a map. */
  field: string
  /** Its value now, as a reader sees it (null when absent). */
  current: unknown
}

/** The first value of `expect` that `current` (the record as a reader sees it) no longer holds, or null. */
export function firstStale(expect: Record<string, unknown>, current: Record<string, unknown>, options: PreconditionOptions = {}): Stale | null {
  const { maps = [], normalize = (_field, value) => value } = options
  for (const [key, expected] of Object.entries(expect)) {
    const compared: [string, unknown, unknown][] =
      maps.includes(key) && expected && typeof expected === 'object' && !Array.isArray(expected)
        ? Object.entries(expected).map(([k, v]) => [`${key}.${k}`, v, own(own(current, key) as Record<string, unknown> | undefined, k)])
        : [[key, expected, own(current, key)]]
    for (const [field, value, now] of compared) if (!sameValue(normalize(field, value), now)) return { field, current: now ?? null }
  }
  return null
}

/**
 * 409 when a value of `expect` no longer holds. `read` gives the record as a reader sees it (called
 * only when there is something to compare); `about` names the record in the details (`{activityId}`).
 */
export async function requireFresh(
  expect: Record<string, unknown> | undefined,
  read: () => Record<string, unknown> | Promise<Record<string, unknown>>,
  about: Record<string, string>,
  options?: PreconditionOptions,
): Promise<void> {
  if (!expect || !Object.keys(expect).length) return
  const stale = firstStale(expect, await read(), options)
  if (stale) throw conflict(`${stale.field} was changed since it was read`, { reason: 'stale', ...about, ...stale })
}
