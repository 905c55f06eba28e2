/**
 * Three refusals every input passes before its schema is checked, on every transport:
 * - a NUL character (U+0000) in any string or property name (PostgreSQL cannot store it in text or
 *   JSON, so it would otherwise fail deep inside a statement);
 * - `__proto__` as a property name: JSON.parse makes it an ordinary key, but the first copy by
 *   assignment turns it into a prototype (server/safe-keys.ts), so it is refused where it arrives;
 * - nesting deeper than MAX_DEPTH (the schema validator recurses and would overflow its stack).
 * The walk is iterative so the guard itself cannot overflow on what it refuses.
 */
import { PROTO_KEY } from '../safe-keys'

/** The deepest nesting of arrays and objects accepted in one argument or HTTP body. */
export const MAX_DEPTH = 64

export interface BadInput {
  /** JSON pointer inside the walked value ('' for the value itself). */
  path: string
  reason: string
}

export const NUL_REASON = 'must not contain a NUL character (U+0000)'
export const DEPTH_REASON = `is nested deeper than ${MAX_DEPTH} levels`
export const PROTO_REASON = `is refused: no input may use ${PROTO_KEY} as a property name`

/** The first NUL, `__proto__` key or too-deep place in `value`, in document order, or null. */
export function findBadInput(value: unknown, maxDepth = MAX_DEPTH): BadInput | null {
  const stack: [unknown, string, number][] = [[value, '', 0]]
  while (stack.length) {
    const [v, path, depth] = stack.pop()!
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return { path, reason: NUL_REASON }
      continue
    }
    if (typeof v !== 'object' || v === null) continue
    if (depth >= maxDepth) return { path, reason: DEPTH_REASON }
    const entries = Array.isArray(v) ? v.map((item, i) => [String(i), item] as const) : Object.entries(v)
    // Pushed in reverse so the first child is examined first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]
      const childPath = `${path}/${pointerToken(key)}`
      if (key.includes('\u0000')) return { path: childPath, reason: `has a property name that ${NUL_REASON}` }
      if (key === PROTO_KEY) return { path: childPath, reason: PROTO_REASON }
      stack.push([child, childPath, depth + 1])
    }
  }
  return null
}

/** A JSON pointer token; a NUL is shown escaped so the message itself carries none. */
export function pointerToken(key: string): string {
  return key
    .replace(/~/g, '~0')
    .replace(/\//g, '~1')
    .replace(/\u0000/g, '\\u0000')
}

/**
 * Where a value the database refused probably sits: leaves no column type takes lightly (numbers
 * that are not 32-bit integers, long strings, escaped NULs). For the log line of an internal error,
 * so the next such bug is found from the log alone.
 */
export function suspectPaths(value: unknown, limit = 20): string[] {
  const found: string[] = []
  const stack: [unknown, string, number][] = [[value, '', 0]]
  while (stack.length && found.length < limit) {
    const [v, path, depth] = stack.pop()!
    if (typeof v === 'number' && !(Number.isInteger(v) && Math.abs(v) <= 2 ** 31 - 1)) found.push(path)
    else if (typeof v === 'string' && (v.length > 1000 || v.includes('\\u0000'))) found.push(path)
    else if (typeof v === 'object' && v !== null && depth < MAX_DEPTH) {
      const entries = Array.isArray(v) ? v.map((item, i) => [String(i), item] as const) : Object.entries(v)
      for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i][1], `${path}/${pointerToken(entries[i][0])}`, depth + 1])
    }
  }
  return found
}
