/**
 * An audit entry's before and after as the keys that differ: each key's value before and after, a
 * key on one side only being added or removed. Values are said short: text as it is, anything else
 * as compact JSON, cut to SHORT characters with the whole kept for a title.
 */
export interface Change {
  key: string
  /** Absent when the key was added. */
  before?: Shown
  /** Absent when the key was removed. */
  after?: Shown
}
export interface Shown {
  text: string
  /** The whole value when `text` is cut. */
  whole?: string
}

const SHORT = 80

export function shown(value: unknown): Shown {
  const whole = typeof value === 'string' ? value : JSON.stringify(value)
  return whole.length > SHORT ? { text: `${whole.slice(0, SHORT - 1)}…`, whole } : { text: whole }
}

/** An object's own keys; nothing for null or absent; any other value under the key '' (a state that is not a record). */
const fields = (state: unknown): Record<string, unknown> =>
  state === null || state === undefined ? {} : typeof state === 'object' && !Array.isArray(state) ? (state as Record<string, unknown>) : { '': state }

export function changes(before: unknown, after: unknown): Change[] {
  const was = fields(before)
  const is = fields(after)
  const keys = [...new Set([...Object.keys(was), ...Object.keys(is)])]
  return keys
    .filter((key) => !(key in was && key in is && JSON.stringify(was[key]) === JSON.stringify(is[key])))
    .map((key) => ({ key, ...(key in was && { before: shown(was[key]) }), ...(key in is && { after: shown(is[key]) }) }))
}
