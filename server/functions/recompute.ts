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
 *    actually changed (or when it is forced: stale, in error, new); a result equal to the stored
 *    value stops the cascade there.
 * 5. Write the changed values (one statement per 500 activities, jsonb merge, so other keys written
 *    concurrently are kept), errors per field in function_state (keeping the last good value), and
 *    signal `v3.activity.updated` for each activity whose values changed.
 *
 * No database transaction is open while user code runs (a write's transaction held PGlite's only
 * connection, or a PostgreSQL pool's, while functions spun to their deadlines: docs/security.md,
 * "Stalls"). So a write only marks, in its own transaction, every value its change may reach as
 * stale (markAffected: the durable queue, function_state.dirty, so a crash loses nothing and no
 * value is stale unmarked); after it commits, `propagate` reads the inputs and evaluates (steps 1
 * to 4) with every statement on its own, and its `write` (step 5) runs in a short transaction of
 * its own. There each value is stored only if nothing it was computed from changed meanwhile: its
 * state row (a write that changes an input marks it again) and every activity row read for it
 * still have the versions (PostgreSQL's xmin) they had when read, and the state was read before
 * any input. A value whose inputs changed is not stored: whoever changed them marked it stale
 * again or evaluated it, and sees to it; when this propagation stores a new value of one of its
 * inputs itself, it marks it stale again, for the drain (./drain.ts), which works the same two
 * steps, as do workflow-wide runs and repairs.
 *
 * Up to `budget` evaluations are made; the nodes beyond stay in the queue. The writes of one
 * workspace, and the write steps of its propagations, are serialised by a transaction-scoped
 * advisory lock, so a check and the write it allows see no change in between.
 */
import { sql } from 'kysely'
import type { FieldRecord } from '../db/processes'
import type { DbHandle } from '../db/schema'
import { anyOf } from '../db/rows'
import { transactionOrigin } from '../db/event-origin'
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
  /** Reads: with no transaction open when functions run after a write (see above). */
  db: DbHandle
  functions: FunctionEngine
}

/** Tells the activity's viewers its values changed (queued until the write step commits). */
export type Signal = (cid: string, processId: string, activityId: string, fieldIds: string[]) => Promise<void>

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
  /**
   * The marks the caller's write made itself (markAffected), with their versions: a node still
   * carrying its mark is evaluated only when an input changed, as any node, and cleared when the
   * cascade stops before it. Any other stale node the cascade reaches is evaluated (it waits in the
   * queue for a reason of its own, or was marked again since).
   */
  marked?: Map<string, string>
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
  queued: number
  cycles: number
  /** With dryRun or collect: each node evaluated or found on a cycle. */
  outcomes?: NodeOutcome[]
}

export interface Propagation extends PropagationResult {
  /** Step 5, in `db` (a short transaction of the caller's): see WriteResult. */
  write(db: DbHandle, signal: Signal): Promise<WriteResult>
}

export interface WriteResult {
  /** Activities whose values changed. */
  changed: number
  /** Values whose outcome was stored (computed, in error, cleared). */
  stored: number
  /** Values whose inputs changed after they were read, fed by a new value stored here: marked stale again instead. */
  requeued: number
  /** Values left marked stale for the drain (beyond the budget or the depth, and the requeued). */
  stale: number
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

/** The affected nodes of a change (steps 1 and 2), and the seeds among the keys. */
interface Affected {
  nodes: Map<string, Node>
  /** Keys (activity:key) whose value changed: the seeds, then each node whose value changes. */
  changed: Set<string>
  /** Forced nodes whose activity or function is gone. */
  gone: { activityId: string; fieldKey: string }[]
}

async function collect(snapshot: Snapshot, graph: Graph, changes: Change[], options: PropagateOptions): Promise<Affected> {
  await snapshot.load([
    ...changes.map((c) => c.activityId),
    ...changes.flatMap((c) => c.formerTargets ?? []),
    ...(options.forced ?? []).map((f) => f.activityId),
  ])
  await snapshot.loadLinks(changes.map((c) => c.activityId))
  const nodes = new Map<string, Node>()
  const changed = new Set<string>()
  const gone: Affected['gone'] = []
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
  for (const f of options.forced ?? []) {
    const row = snapshot.rows.get(f.activityId)
    const fn = row && graph.functions.get(nodeId(row.process_id, f.fieldKey))
    if (fn) addNode(f.activityId, fn, null, true)
    else gone.push(f)
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
  return { nodes, changed, gone }
}

/**
 * In a write's transaction, after its change (and under its lockBeforeWrite): every function value
 * the change may reach is marked stale in the durable queue, to be evaluated after commit
 * (propagate with `marked`) or by the drain. Returns the marks it made on values that were not
 * stale already, each with its row's version (the write's own); null when the change reaches no
 * function.
 */
export async function markAffected(db: DbHandle, cid: string, changes: Change[]): Promise<Map<string, string> | null> {
  if (!changes.length) return null
  const { workflows, graph } = await loadGraph(db, cid)
  if (!graph.functions.size) return null
  const { nodes } = await collect(new Snapshot(db, cid, workflows), graph, changes, {})
  if (!nodes.size) return null
  const all = [...nodes.values()]
  const before = new Set([...(await readStates(db, cid, all))].filter(([, s]) => s.dirty).map(([k]) => k))
  const now = Date.now()
  const marked = new Map<string, string>()
  for (let i = 0; i < all.length; i += 500) {
    const rows = await db
      .insertInto('function_state')
      .values(
        all
          .slice(i, i + 500)
          .map((n) => ({ cid, activity_id: n.activityId, field_key: n.fn.fieldKey, error: null, dirty: true, since: now, origin: transactionOrigin() })),
      )
      .onConflict((oc) =>
        // A new version of the row even when it was stale already (a propagation under way sees the change); its place in the queue kept, its origin the latest write's.
        oc.columns(['cid', 'activity_id', 'field_key']).doUpdateSet({
          dirty: true,
          since: sql`case when function_state.dirty then function_state.since else excluded.since end`,
          origin: sql`excluded.origin`,
        }),
      )
      .returning(['activity_id', 'field_key', sql<string>`xmin::text`.as('version')])
      .execute()
    for (const r of rows) if (!before.has(key(r.activity_id, r.field_key))) marked.set(key(r.activity_id, r.field_key), r.version)
  }
  return marked
}

/** The function_state rows of these nodes: error, staleness and version (xmin), by node key. */
async function readStates(db: DbHandle, cid: string, nodes: Iterable<Pick<Node, 'activityId' | 'key'>>) {
  const list = [...nodes]
  const out = new Map<string, { error: string | null; dirty: boolean; version: string }>()
  const wanted = new Set(list.map((n) => n.key))
  const ids = [...new Set(list.map((n) => n.activityId))]
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await db
      .selectFrom('function_state')
      .select(['activity_id', 'field_key', 'error', 'dirty', sql<string>`xmin::text`.as('version')])
      .where('cid', '=', cid)
      .where('activity_id', '=', anyOf(ids.slice(i, i + 5000)))
      .execute()
    for (const r of rows) {
      const k = key(r.activity_id, r.field_key)
      if (wanted.has(k)) out.set(k, { error: r.error, dirty: r.dirty, version: r.version })
    }
  }
  return out
}

export async function propagate(ctx: PropagationContext, cid: string, changes: Change[], options: PropagateOptions = {}): Promise<Propagation> {
  const writes = new Writes(cid)
  const result: PropagationResult = { evaluated: 0, queued: 0, cycles: 0 }
  const done = (): Propagation => ({ ...result, write: (db, signal) => writes.flush(db, signal) })
  if (!changes.length && !options.forced?.length) return done()
  const { workflows, graph } = await loadGraph(ctx.db, cid)
  if (!graph.functions.size) {
    for (const f of options.forced ?? []) writes.drop(f.activityId, f.fieldKey) // every function is gone
    return done()
  }
  const outcomes: NodeOutcome[] = []
  const storedOf = (row: ActivityRow, fieldKey: string) => (fieldKey === NAME ? row.name : ((row.fields as Record<string, unknown>)[fieldKey] ?? null))
  const budget = options.budget ?? DEFAULT_BUDGET
  const fields = new Map(workflows.flatMap((w) => w.fields.map((f) => [f._id, f] as const)))

  // 1-2. The affected nodes.
  const { nodes, changed, gone } = await collect(new Snapshot(ctx.db, cid, workflows), graph, changes, options)
  for (const f of gone) writes.drop(f.activityId, f.fieldKey)

  // Their states, read before any input (so a change of an input after this reading shows as a new
  // version at the write). A value in error is evaluated again whenever it is reached (what broke
  // it may have been mended even if no input value differs); so is one already stale for a reason
  // other than the caller's own write.
  const states = await readStates(ctx.db, cid, nodes.values())
  writes.readStates(states)
  const ours = new Set([...(options.marked ?? [])].filter(([k, version]) => states.get(k)?.version === version).map(([k]) => k))
  for (const [k, state] of states) {
    const node = nodes.get(k)
    if (node && (state.error !== null || (state.dirty && !ours.has(k)))) node.forced = true
  }
  // Every input is read from here on, after the states.
  const snapshot = new Snapshot(ctx.db, cid, workflows)

  // 3. Order; leftovers lie on cycles.
  const waves = order(nodes)
  const ordered = new Set(waves.flat().map((n) => n.key))
  const onCycle = [...nodes.values()].filter((n) => !ordered.has(n.key))
  await snapshot.load(onCycle.map((n) => n.activityId))
  for (const node of onCycle) {
    result.cycles++
    const error = `Circular reference: ${cycleText(node, nodes)}`
    writes.error(node, error, [])
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
    const reads: Set<string>[] = []
    for (const n of live) {
      const read = new Set<string>()
      items.push({ body: n.fn.body, dep: await snapshot.dep(snapshot.rows.get(n.activityId)!, n.fn, read) })
      reads.push(read)
    }
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
      const inputs = [...reads[i]].map((id) => [id, snapshot.versions.get(id)] as const)
      if (!coerced.ok) return writes.error(n, coerced.error, inputs)
      if (same(stored, coerced.value) || (n.fn.fieldKey === NAME && coerced.value === null)) return writes.clear(n, inputs) // an activity always has a name
      changed.add(n.key)
      writes.value(n, row, coerced.value, inputs)
    })
  }
  for (const n of queued) writes.dirty(n)
  result.queued = new Set(queued).size
  // What the caller marked and the cascade did not reach: its inputs did not change after all.
  for (const k of ours) {
    const node = nodes.get(k)
    if (node && !writes.has(k)) writes.clear(node)
  }
  return options.dryRun || options.collect ? { ...done(), outcomes } : done()
}

/**
 * Serialises the writes of one workspace that may cascade into function values, and the write
 * steps of its propagations. A write calls it before changing anything (lockBeforeWrite); held
 * until the transaction ends.
 */
export async function lockWorkspaceFunctions(db: DbHandle, cid: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${functionsLock(cid)}))`.execute(db)
}

/** The advisory lock's key text of a workspace's function writes. */
const functionsLock = (cid: string) => `functions:${cid}`

/**
 * Takes the workspace's function lock when it has any function (a field's or a workflow's name
 * function): one statement, which takes the lock only when one exists (a plain workspace pays one small query).
 */
export async function lockBeforeWrite(db: DbHandle, cid: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${functionsLock(cid)}))
    where exists (select 1 from process_fields where cid = ${cid} and descriptor->>'functionEnabled' = 'true')
      or exists (select 1 from processes where cid = ${cid} and info->>'nameFunctionEnabled' = 'true')`.execute(db)
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

/** What a node's evaluation comes to, written at the end: a value (and no error), an error, clean, or stale again. */
interface Outcome {
  activityId: string
  fieldKey: string
  state: 'clean' | 'error' | 'dirty'
  error?: string
  /** A new value, on this row (whose in-memory copy later waves read). */
  value?: { row: ActivityRow; value: unknown }
  /** The activities read for it, with their versions when read: unset for an outcome written unchecked. */
  inputs?: (readonly [string, string | undefined])[]
  /** The keys it was reached from (seeds and nodes). */
  parents?: string[]
}

/** What one propagation writes, gathered per node and written at the end (after the checks). */
class Writes {
  private outcomes = new Map<string, Outcome>()
  private stateVersions = new Map<string, string>()

  constructor(private readonly cid: string) {}

  readStates(states: Map<string, { version: string }>) {
    for (const [k, s] of states) this.stateVersions.set(k, s.version)
  }
  has(k: string) {
    return this.outcomes.has(k)
  }
  value(n: Node, row: ActivityRow, value: unknown, inputs: Outcome['inputs']) {
    if (n.fn.fieldKey === NAME) row.name = value as string
    else {
      row.fields = { ...(row.fields as object), [n.fn.fieldKey]: value }
      if (value === null) delete (row.fields as Record<string, unknown>)[n.fn.fieldKey]
    }
    this.outcomes.set(n.key, { activityId: n.activityId, fieldKey: n.fn.fieldKey, state: 'clean', value: { row, value }, inputs, parents: [...n.parents] })
  }
  error(n: Node, error: string, inputs: Outcome['inputs']) {
    this.outcomes.set(n.key, {
      activityId: n.activityId,
      fieldKey: n.fn.fieldKey,
      state: 'error',
      error: error.slice(0, 1000),
      inputs,
      parents: [...n.parents],
    })
  }
  clear(n: Node, inputs: Outcome['inputs'] = []) {
    this.outcomes.set(n.key, { activityId: n.activityId, fieldKey: n.fn.fieldKey, state: 'clean', inputs, parents: [...n.parents] })
  }
  /** A forced node whose activity or function is gone: its state goes, unchecked. */
  drop(activityId: string, fieldKey: string) {
    this.outcomes.set(key(activityId, fieldKey), { activityId, fieldKey, state: 'clean' })
  }
  dirty(n: Node) {
    this.outcomes.set(n.key, { activityId: n.activityId, fieldKey: n.fn.fieldKey, state: 'dirty' })
  }

  async flush(db: DbHandle, signal: Signal): Promise<WriteResult> {
    const { cid } = this
    const outcomes = [...this.outcomes.entries()]
    if (!outcomes.length) return { changed: 0, stored: 0, requeued: 0, stale: 0 }
    await lockWorkspaceFunctions(db, cid)
    // An outcome whose inputs moved is not stored. Someone else marked or evaluated the value since
    // it was read, and sees to it; unless this propagation changes one of its inputs itself (a
    // new value of another node stored here): then it is marked stale again, for the drain. A row
    // another write holds counts as moved: that write changes it (or waits for this lock), and
    // waiting for it here could deadlock. Rows are locked first, so the versions read next stay.
    const writing = [...new Set(outcomes.filter(([, o]) => o.value).map(([, o]) => o.activityId))]
    const held = new Set(writing)
    for (let i = 0; i < writing.length; i += 5000) {
      const free = await db
        .selectFrom('activities')
        .select('_id')
        .where('cid', '=', cid)
        .where('_id', '=', anyOf(writing.slice(i, i + 5000)))
        .forUpdate()
        .skipLocked()
        .execute()
      for (const r of free) held.delete(r._id)
    }
    const moved = await this.changedSinceRead(db, outcomes)
    for (const [k, o] of outcomes) if (o.value && held.has(o.activityId)) moved.add(k)
    // A value computed from a new value that is not stored is not stored either: it read what will not be there.
    for (let grew = true; grew;) {
      grew = false
      for (const [k, o] of outcomes) {
        if (moved.has(k) || !o.parents?.some((p) => moved.has(p) && this.outcomes.get(p)?.value)) continue
        moved.add(k)
        grew = true
      }
    }
    const storesNewValue = (k: string) => !moved.has(k) && !!this.outcomes.get(k)?.value
    let requeued = 0
    for (const [k, o] of outcomes) {
      if (!moved.has(k)) continue
      if (o.parents?.some(storesNewValue)) {
        this.outcomes.set(k, { activityId: o.activityId, fieldKey: o.fieldKey, state: 'dirty' })
        requeued++
      } else this.outcomes.delete(k)
    }
    const final = [...this.outcomes.values()]
    const now = Date.now()
    // New values per activity: one statement per 500 activities (a jsonb merge each, so other keys written concurrently are kept).
    const byActivity = new Map<string, { row: ActivityRow; patch: Record<string, unknown>; name?: string }>()
    for (const o of final) {
      if (!o.value) continue
      const entry = byActivity.get(o.activityId) ?? { row: o.value.row, patch: {} }
      if (o.fieldKey === NAME) entry.name = o.value.value as string
      else entry.patch[o.fieldKey] = o.value.value
      byActivity.set(o.activityId, entry)
    }
    const updates = [...byActivity.values()]
    for (let i = 0; i < updates.length; i += 500) {
      const rows = updates.slice(i, i + 500).map(({ row, patch, name }) => {
        const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== null))
        const cleared = Object.keys(patch).filter((k) => patch[k] === null)
        return sql`(${row._id}, ${JSON.stringify(set)}, ${JSON.stringify(cleared)}, ${name ?? null})`
      })
      await sql`update activities as a
          set fields = (a.fields || v.set::jsonb) - array(select jsonb_array_elements_text(v.cleared::jsonb)), name = coalesce(v.name, a.name)
        from (values ${sql.join(rows)}) as v(_id, set, cleared, name)
        where a.cid = ${cid} and a._id = v._id`.execute(db)
    }
    const clean = final.filter((o) => o.state === 'clean')
    for (let i = 0; i < clean.length; i += 500) {
      const batch = clean.slice(i, i + 500)
      await db
        .deleteFrom('function_state')
        .where('cid', '=', cid)
        .where((eb) => eb.or(batch.map((s) => eb.and([eb('activity_id', '=', s.activityId), eb('field_key', '=', s.fieldKey)]))))
        .execute()
    }
    const kept = final.filter((o) => o.state !== 'clean')
    for (let i = 0; i < kept.length; i += 500) {
      await db
        .insertInto('function_state')
        .values(
          kept.slice(i, i + 500).map((o) => ({
            cid,
            activity_id: o.activityId,
            field_key: o.fieldKey,
            error: o.error ?? null,
            dirty: o.state === 'dirty',
            since: now,
            origin: transactionOrigin(),
          })),
        )
        .onConflict((oc) =>
          oc.columns(['cid', 'activity_id', 'field_key']).doUpdateSet((eb) => ({
            // A queued node keeps its last error until it is evaluated again.
            error: sql`case when excluded.dirty then function_state.error else excluded.error end`,
            dirty: eb.ref('excluded.dirty'),
            since: sql`case when function_state.dirty and excluded.dirty then function_state.since else excluded.since end`,
            origin: sql`excluded.origin`,
          })),
        )
        .execute()
    }
    for (const { row, patch, name } of updates) {
      await signal(cid, row.process_id, row._id, [...Object.keys(patch), ...(name !== undefined ? [NAME] : [])])
    }
    const stale = final.filter((o) => o.state === 'dirty').length
    return { changed: updates.length, stored: final.length - stale, requeued, stale }
  }

  /**
   * The checked outcomes whose value's state row, or an activity read for it, is not the version
   * read: something changed since (a write marked the value again, another propagation wrote an
   * input), so the outcome may be stale. Read under the workspace's lock, in the write's transaction.
   */
  private async changedSinceRead(db: DbHandle, outcomes: [string, Outcome][]): Promise<Set<string>> {
    const checked = outcomes.filter(([, o]) => o.inputs)
    if (!checked.length) return new Set()
    const states = await readStates(
      db,
      this.cid,
      checked.map(([k, o]) => ({ key: k, activityId: o.activityId })),
    )
    const ids = [...new Set(checked.flatMap(([, o]) => o.inputs!.map(([id]) => id)))]
    const versions = new Map<string, string>()
    for (let i = 0; i < ids.length; i += 5000) {
      const rows = await db
        .selectFrom('activities')
        .select(['_id', sql<string>`xmin::text`.as('version')])
        .where('cid', '=', this.cid)
        .where('_id', '=', anyOf(ids.slice(i, i + 5000)))
        .execute()
      for (const r of rows) versions.set(r._id, r.version)
    }
    const moved = new Set<string>()
    for (const [k, o] of checked) {
      if (states.get(k)?.version !== this.stateVersions.get(k)) moved.add(k)
      else if (o.inputs!.some(([id, version]) => versions.get(id) !== version)) moved.add(k)
    }
    return moved
  }
}
