/**
 * Maps keyed by what callers send: names, ids, language codes, print names, settings, translations,
 * phase and field maps, function variables, document templates.
 *
 * Why not plain objects: a plain object answers for keys it never held, through its prototype
 * (`map['constructor']` is the Object function, `map['toString']` a function, `map['__proto__']`
 * Object.prototype), so a text named like that turned into nothing or `{}`; and `map['__proto__'] = x`
 * replaces the map's prototype instead of setting a key, so `map[a][b] = v` with a = '__proto__'
 * wrote onto Object.prototype, shared by every object of the process: every tenant's later calls
 * failed until a restart. So such maps have no prototype (`dict`, `dictOf`) or are a `Map`, lookups
 * read only own keys (`own`), and no input may carry `__proto__` as a key (guards/input-guard.ts).
 */

/** The one property name refused in every input: an assignment to it sets a prototype, not a key. */
export const PROTO_KEY = '__proto__'

/** An empty map without a prototype: `constructor`, `toString`, even `__proto__` are ordinary keys in it. */
export function dict<T = unknown>(): Record<string, T> {
  return Object.create(null) as Record<string, T>
}

/** The own enumerable entries of `source` in a map without a prototype (anything but an object gives an empty one). */
export function dictOf<T = unknown>(source: unknown): Record<string, T> {
  const out = dict<T>()
  if (source && typeof source === 'object' && !Array.isArray(source)) for (const [k, v] of Object.entries(source)) out[k] = v as T
  return out
}

/** `entries` as a map without a prototype (Object.fromEntries makes a plain object). */
export function dictFromEntries<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const out = dict<T>()
  for (const [k, v] of entries) out[k] = v
  return out
}

/** `map[key]` when `map` holds `key` itself; never what its prototype has under that name. */
export function own<T>(map: Readonly<Record<string, T>> | null | undefined, key: string): T | undefined {
  return map != null && typeof map === 'object' && Object.hasOwn(map, key) ? map[key] : undefined
}
