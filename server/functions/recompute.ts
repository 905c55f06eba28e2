/**
 * Incremental recompute: after a write changes inputs, the function values that depend on them are
 * evaluated again, and only those.
 *
 * 1. Seed: the changed (activity, key) pairs of the write (a key is a field id, 'data' for the
 *    metadata, 'name').
 * 2. Collect the affected function nodes (activity, function field) through the configured graph
 *    (./graph.ts) and the link index (activity_links), with an explicit queue.
 * 3. Order them (Kahn); what is left over lies on a cycle in the data: marked with an error naming
 *    the cycle, never evaluated, the last good value kept.
 * 4. Evaluate wave by wave in one sandbox batch per wave, each node only when one of its inputs
 *    actually changed (or when it is forced: dirty, new); a result equal to the stored value stops
 *    the cascade there.
 * 5. Write the changed values (one statement per activity, jsonb merge, so other keys written
 *    concurrently are kept), errors per field in function_state (keeping the last good value), and
 *    signal `v3.activity.updated` for each activity whose values changed.
 *
 * All of it runs in the caller's transaction, up to `budget` evaluations; the nodes beyond are
 * written to the durable queue (function_state.dirty) and evaluated by the drain (./drain.ts) after
 * commit. Propagations of one workspace are serialised by a transaction-scoped advisory lock, so
 * two overlapping cascades cannot interleave their reads and writes.
 */
import { sql } from 'kysely'
import type { FieldRecord } from '../db/processes'
import type { DbHandle } from '../db/schema'
import { coerce } from './coerce'
import { loadGraph } from './config'
import type { FunctionEngine } from '../context'
import { NAME, nodeId, type Edge, type FunctionNode, type Graph } from './graph'
import { Snapshot } from './inputs'
import type { ActivityRow } from '../db/activities'

/** Evaluations one write does itself; the rest goes to the queue. */
export const DEFAULT_BUDGET = 2000

export interface Change {
  activityId: string
  /** Keys whose value changed (field ids, 'data', 'name'). */
  keys: string[]
  /** Activities a changed link field named before the write (their `<` readers change too). */
  formerTargets?: string[]
  /** Evaluate every function of this activity (a new, recovered or removed activity). */
  all?: boolean
}

export interface PropagationContext {
  db: DbHandle
  functions: FunctionEngine
  /** Tells the activity's viewers its values changed (after commit). */
  signal(cid: string, processId: string, activityId: string, fieldIds: string[]): Promise<void>
}

export interface PropagateOptions {
  budget?: number
  forced?: { activityId: string; fieldKey: string }[]
  /** Never stop at the budget before the first wave (the drain must make progress). */
  drain?: boolean
  /** Compute only: nothing is written; the outcome of every evaluated node is returned. */
  dryRun?: boolean
  /** Return the outcome of every evaluated node (also when writing). */
  collect?: boolean
  /** Evaluate the forced nodes only, not their dependents. */
  noCascade?: boolean
  /**
   * Evaluate dependents up to this many links of dependency from the seeds (the changed inputs and
   * forced nodes, depth 0); a due dependent beyond is marked stale and left to the queue (drain).
   */
  maxDepth?: number
}

export interface NodeOutcome {
  activityId: string
  processId: string
  fieldKey: string
  stored: unknown
  computed?: unknown
  error?: string
}

export interface PropagationResult {
  evaluated: number
  changed: number
  queued: number
  cycles: number
  /** With dryRun: each node evaluated or found on a cycle. */
  outcomes?: NodeOutcome[]
}

interface Node {
  key: string
  activityId: string
  fn: FunctionNode
  parents: Set<string>
  forced: boolean
  /** Links of dependency from the nearest seed (the breadth-first discovery keeps the smallest). */
  depth: number
}

const key = (activityId: string, fieldKey: string) => `${activityId}:${fieldKey}`
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

export async function propagate(ctx: PropagationContext, cid: string, changes: Change[], options: PropagateOptions = {}): Promise<PropagationResult> {
  const result: PropagationResult = { evaluated: 0, changed: 0, queued: 0, cycles: 0 }
  if (!changes.length && !options.forced?.length) return result
  const { workflows, graph } = await loadGraph(ctx.db, cid)
  if (!graph.functions.size) return result
  if (!options.dryRun) await lockWorkspaceFunctions(ctx.db, cid)
  const outcomes: NodeOutcome[] = []
  const storedOf = (row: ActivityRow, fieldKey: string) => (fieldKey === NAME ? row.name : ((row.fields as Record<string, unknown>)[fieldKey] ?? null))
  const budget = options.budget ?? DEFAULT_BUDGET
  const snapshot = new Snapshot(ctx.db, cid, workflows)
  const fields = new Map(workflows.flatMap((w) => w.fields.map((f) => [f._id, f] as const)))
  await snapshot.load([
    ...changes.map((c) => c.activityId),
    ...changes.flatMap((c) => c.formerTargets ?? []),
    ...(options.forced ?? []).map((f) => f.activityId),
  ])
  await snapshot.loadLinks(changes.map((c) => c.activityId))

  // 2. The affected nodes.
  const nodes = new Map<string, Node>()
  const changed = new Set<string>()
  const queue: { activityId: string; processId: string; key: string; depth: number; formerTargets?: string[] }[] = []
  const addNode = (activityId: string, fn: FunctionNode, parent: string | null, forced = false, depth = 0) => {
    const k = key(activityId, fn.fieldKey)
    let node = nodes.get(k)
    if (!node) {
      node = { key: k, activityId, fn, parents: new Set(), forced, depth }
      nodes.set(k, node)
      queue.push({ activityId, processId: fn.processId, key: fn.fieldKey, depth })
    }
    if (forced) node.depth = 0
    if (parent) node.parents.add(parent)
    if (forced) node.forced = true
  }
  for (const c of changes) {
    const row = snapshot.rows.get(c.activityId)
    if (!row) continue
    for (const k of c.keys) {
      changed.add(key(c.activityId, k))
      queue.push({ activityId: c.activityId, processId: row.process_id, key: k, depth: 0, formerTargets: c.formerTargets })
    }
    if (c.all) for (const fn of graph.functions.values()) if (fn.processId === row.process_id) addNode(c.activityId, fn, null, true)
  }
  const writes = new Writes()
  for (const f of options.forced ?? []) {
    const row = snapshot.rows.get(f.activityId)
    const fn = row && graph.functions.get(nodeId(row.process_id, f.fieldKey))
    if (fn) addNode(f.activityId, fn, null, true)
    else writes.drop(f.activityId, f.fieldKey) // its activity or function is gone
  }
  while (queue.length) {
    const source = queue.shift()!
    for (const edge of graph.readers.get(nodeId(source.processId, source.key)) ?? []) {
      const fn = graph.functions.get(edge.to)!
      for (const dependent of await dependents(snapshot, edge, fn, source)) {
        if (options.noCascade && !nodes.has(key(dependent, fn.fieldKey))) continue
        addNode(dependent, fn, key(source.activityId, source.key), false, source.depth + 1)
      }
    }
  }

  // A value in error (a cycle, a throw) is evaluated again whenever it is reached: what broke it may
  // have been mended by this write even if no input value differs.
  const inError = await ctx.db
    .selectFrom('function_state')
    .select(['activity_id', 'field_key'])
    .where('cid', '=', cid)
    .where('error', 'is not', null)
    .where('activity_id', 'in', [...new Set([...nodes.values()].map((n) => n.activityId)), ''])
    .execute()
  for (const r of inError) {
    const node = nodes.get(key(r.activity_id, r.field_key))
    if (node) node.forced = true
  }

  // 3. Order; leftovers lie on cycles.
  const waves = order(nodes)
  const ordered = new Set(waves.flat().map((n) => n.key))
  for (const node of nodes.values()) {
    if (ordered.has(node.key)) continue
    result.cycles++
    const error = `Circular reference: ${cycleText(node, nodes)}`
    writes.error(node, error)
    const row = snapshot.rows.get(node.activityId)
    if ((options.dryRun || options.collect) && row)
      outcomes.push({ activityId: node.activityId, processId: node.fn.processId, fieldKey: node.fn.fieldKey, stored: storedOf(row, node.fn.fieldKey), error })
  }

  // 4. Evaluate, wave by wave, within the budget.
  let queued: Node[] = []
  const beyond = (n: Node) => options.maxDepth !== undefined && n.depth > options.maxDepth
  for (const wave of waves) {
    const reached = wave.filter((n) => n.forced || [...n.parents].some((p) => changed.has(p)))
    // Beyond the depth: stale, for the drain (whose cascade then reaches the rest).
    for (const n of reached) if (beyond(n)) queued.push(n)
    const due = reached.filter((n) => !beyond(n))
    // The drain always makes progress: its first wave is evaluated whatever its size.
    if (result.evaluated + due.length > budget && !(options.drain && result.evaluated === 0)) {
      queued = [...queued, ...waves.slice(waves.indexOf(wave)).flat()]
      break
    }
    await snapshot.load(due.map((n) => n.activityId))
    const live = due.filter((n) => snapshot.active(n.activityId))
    for (const n of due) if (!snapshot.active(n.activityId)) writes.clear(n)
    const items = []
    for (const n of live) items.push({ body: n.fn.body, dep: await snapshot.dep(snapshot.rows.get(n.activityId)!, n.fn) })
    const evaluations = await ctx.functions.evaluate(cid, items)
    result.evaluated += live.length
    live.forEach((n, i) => {
      const row = snapshot.rows.get(n.activityId)!
      const evaluation = evaluations[i]
      const field = n.fn.fieldKey === NAME ? NAME : (fields.get(n.fn.fieldKey) as FieldRecord)
      const coerced = evaluation.ok ? coerce(field, evaluation.value) : { ok: false as const, error: evaluation.error }
      const stored = storedOf(row, n.fn.fieldKey)
      if (options.dryRun || options.collect)
        outcomes.push({
          activityId: n.activityId,
          processId: n.fn.processId,
          fieldKey: n.fn.fieldKey,
          stored,
          ...(coerced.ok ? { computed: coerced.value } : { error: coerced.error }),
        })
      if (!coerced.ok) return writes.error(n, coerced.error)
      writes.clear(n)
      if (same(stored, coerced.value)) return
      if (n.fn.fieldKey === NAME && coerced.value === null) return // an activity always has a name
      changed.add(n.key)
      writes.value(row, n.fn.fieldKey, coerced.value)
    })
  }
  for (const n of queued) writes.dirty(n)
  result.queued = new Set(queued).size

  // 5. Write and signal.
  if (options.dryRun) return { ...result, outcomes, changed: outcomes.filter((o) => 'computed' in o && !same(o.computed, o.stored)).length }
  result.changed = await writes.flush(ctx, cid)
  return options.collect ? { ...result, outcomes } : result
}

/**
 * Serialises the writes of one workspace that may cascade into function values. A write calls it
 * before changing anything (lockBeforeWrite), so it never holds rows another cascade waits for
 * while waiting itself; held until the transaction ends.
 */
export async function lockWorkspaceFunctions(db: DbHandle, cid: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`functions:${cid}`}))`.execute(db)
}

/** Takes the workspace's function lock when it has any function (a plain workspace pays one small query). */
export async function lockBeforeWrite(db: DbHandle, cid: string): Promise<void> {
  const any = await db
    .selectFrom('process_fields')
    .select('_id')
    .where('cid', '=', cid)
    .where(sql<string>`descriptor->>'functionEnabled'`, '=', 'true')
    .limit(1)
    .executeTakeFirst()
  const named = any
    ? null
    : await db
        .selectFrom('processes')
        .select('_id')
        .where('cid', '=', cid)
        .where(sql<string>`info->>'nameFunctionEnabled'`, '=', 'true')
        .limit(1)
        .executeTakeFirst()
  if (any || named) await lockWorkspaceFunctions(db, cid)
}

/** The activities whose function `fn` reads `source` through `edge`. */
async function dependents(
  snapshot: Snapshot,
  edge: Edge,
  fn: FunctionNode,
  source: { activityId: string; key: string; formerTargets?: string[] },
): Promise<string[]> {
  if (edge.kind === '=') return [source.activityId]
  if (edge.kind === '>') return (await snapshot.linkers(source.activityId, edge.viaLinkField)).filter((r) => r.process_id === fn.processId).map((r) => r._id)
  // '<': the activities the source links to (now, and before this write when its link changed).
  const ids = [...(await snapshot.targets(source.activityId, edge.viaLinkField)), ...(source.formerTargets ?? [])]
  await snapshot.load(ids)
  return [...new Set(ids)].filter((id) => snapshot.rows.get(id)?.process_id === fn.processId)
}

/** Kahn's algorithm by waves: each wave depends only on earlier ones. */
function order(nodes: Map<string, Node>): Node[][] {
  const pending = new Map<string, number>()
  const children = new Map<string, Node[]>()
  for (const n of nodes.values()) {
    const inside = [...n.parents].filter((p) => nodes.has(p))
    pending.set(n.key, inside.length)
    for (const p of inside) children.set(p, [...(children.get(p) ?? []), n])
  }
  const waves: Node[][] = []
  let wave = [...nodes.values()].filter((n) => pending.get(n.key) === 0)
  while (wave.length) {
    waves.push(wave)
    const next: Node[] = []
    for (const n of wave) {
      for (const c of children.get(n.key) ?? []) {
        const left = pending.get(c.key)! - 1
        pending.set(c.key, left)
        if (left === 0) next.push(c)
      }
    }
    wave = next
  }
  return waves
}

/** "Teams.Level → Teams.Level" from a node on a cycle, following parents that are on it too. */
function cycleText(start: Node, nodes: Map<string, Node>): string {
  const path = [start]
  const seen = new Set([start.key])
  let current = start
  for (;;) {
    const parent = [...current.parents].map((p) => nodes.get(p)).find((p) => p && (p.key === start.key || !seen.has(p.key)))
    if (!parent) break
    path.push(parent)
    if (parent.key === start.key) break
    seen.add(parent.key)
    current = parent
  }
  return path.map((n) => `${n.fn.label}(${n.activityId})`).join(' → ')
}

/** What one propagation writes, gathered per activity and written at the end. */
class Writes {
  private values = new Map<string, { row: ActivityRow; patch: Record<string, unknown>; name?: string }>()
  private states = new Map<string, { activityId: string; fieldKey: string; error: string | null; dirty: boolean }>()

  value(row: ActivityRow, fieldKey: string, value: unknown) {
    const entry = this.values.get(row._id) ?? { row, patch: {} }
    if (fieldKey === NAME) {
      entry.name = value as string
      row.name = value as string
    } else {
      entry.patch[fieldKey] = value
      row.fields = { ...(row.fields as object), [fieldKey]: value }
      if (value === null) delete (row.fields as Record<string, unknown>)[fieldKey]
    }
    this.values.set(row._id, entry)
  }
  error(n: Node, error: string) {
    this.states.set(n.key, { activityId: n.activityId, fieldKey: n.fn.fieldKey, error: error.slice(0, 1000), dirty: false })
  }
  clear(n: Node) {
    this.drop(n.activityId, n.fn.fieldKey)
  }
  drop(activityId: string, fieldKey: string) {
    this.states.set(key(activityId, fieldKey), { activityId, fieldKey, error: null, dirty: false })
  }
  dirty(n: Node) {
    this.states.set(n.key, { activityId: n.activityId, fieldKey: n.fn.fieldKey, error: null, dirty: true })
  }

  async flush(ctx: PropagationContext, cid: string): Promise<number> {
    const now = Date.now()
    // One statement per 500 activities (a jsonb merge each, so other keys written concurrently are kept).
    const updates = [...this.values.values()]
    for (let i = 0; i < updates.length; i += 500) {
      const rows = updates.slice(i, i + 500).map(({ row, patch, name }) => {
        const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== null))
        const cleared = Object.keys(patch).filter((k) => patch[k] === null)
        return sql`(${row._id}, ${JSON.stringify(set)}, ${JSON.stringify(cleared)}, ${name ?? null})`
      })
      await sql`update activities as a
          set fields = (a.fields || v.set::jsonb) - array(select jsonb_array_elements_text(v.cleared::jsonb)), name = coalesce(v.name, a.name)
        from (values ${sql.join(rows)}) as v(_id, set, cleared, name)
        where a.cid = ${cid} and a._id = v._id`.execute(ctx.db)
    }
    const states = [...this.states.values()]
    const clean = states.filter((s) => !s.error && !s.dirty)
    for (let i = 0; i < clean.length; i += 500) {
      const batch = clean.slice(i, i + 500)
      await ctx.db
        .deleteFrom('function_state')
        .where('cid', '=', cid)
        .where((eb) => eb.or(batch.map((s) => eb.and([eb('activity_id', '=', s.activityId), eb('field_key', '=', s.fieldKey)]))))
        .execute()
    }
    const kept = states.filter((s) => s.error || s.dirty)
    for (let i = 0; i < kept.length; i += 500) {
      await ctx.db
        .insertInto('function_state')
        .values(kept.slice(i, i + 500).map((s) => ({ cid, activity_id: s.activityId, field_key: s.fieldKey, error: s.error, dirty: s.dirty, since: now })))
        .onConflict((oc) =>
          oc.columns(['cid', 'activity_id', 'field_key']).doUpdateSet((eb) => ({
            // A queued node keeps its last error until it is evaluated again.
            error: sql`case when excluded.dirty then function_state.error else excluded.error end`,
            dirty: eb.ref('excluded.dirty'),
            since: eb.ref('excluded.since'),
          })),
        )
        .execute()
    }
    for (const { row, patch, name } of this.values.values()) {
      await ctx.signal(cid, row.process_id, row._id, [...Object.keys(patch), ...(name !== undefined ? [NAME] : [])])
    }
    return this.values.size
  }
}
