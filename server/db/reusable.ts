/**
 * Queries built and compiled once, then run with each call's values. Building a kysely query and
 * compiling it to SQL takes 30–50 µs for the larger reads (the one statement of v3.activity.get,
 * measured 2026-11-29), paid on every call before the statement is sent. A reusable query is built
 * the first time with a slot in place of each value, compiled and kept; later runs only put their
 * values in the slots. The text is then the same string every time, so the driver finds its
 * statement's name without hashing a new one (prepared-pool.ts).
 *
 * What keeps it right: the query `build` returns may take its values only through its slots, which
 * become parameters (`where(col, '=', slot)`, `sql\`... ${slot} ...\``), never look into them
 * (a slot is not its value) nor put them in the text. Whatever else shapes the text (an option, a
 * branch) belongs in the key. A value that does not end up as a parameter is refused when the query
 * is first built.
 */
import type { Compilable, CompiledQuery } from 'kysely'
import type { DbHandle } from './schema'

/** Stands in for the value named `name` while the query is built; compiled as a parameter. */
class Slot {
  constructor(readonly name: string) {}
}

const compiled = new Map<string, CompiledQuery>()

/**
 * The rows of the query `build` makes with `values`, built and compiled only the first time `key`
 * is run in this process. `build` gets the slots under the values' names, typed as the values.
 */
export async function runReusable<V extends Record<string, unknown>, R>(
  db: DbHandle,
  key: string,
  values: V,
  build: (slots: V) => Compilable<R>,
): Promise<R[]> {
  let query = compiled.get(key) as CompiledQuery<R> | undefined
  if (!query) {
    const slots = Object.fromEntries(Object.keys(values).map((name) => [name, new Slot(name)])) as unknown as V
    query = build(slots).compile()
    const parameters = new Set(query.parameters.filter((p): p is Slot => p instanceof Slot).map((p) => p.name))
    const unused = Object.keys(values).filter((name) => !parameters.has(name))
    if (unused.length) throw new Error(`reusable query ${key}: ${unused.join(', ')} did not become parameters`)
    compiled.set(key, query)
  }
  const parameters = query.parameters.map((p) => (p instanceof Slot ? values[p.name] : p))
  return (await db.executeQuery<R>({ ...query, parameters })).rows
}
