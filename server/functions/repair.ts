/**
 * repair*: the function values on the path to one field evaluated again, on one activity or on
 * every active activity of a workflow. The path is the field's function and the function fields it
 * reads on the same activity, to `incomingMaxDepth`. The plain variants trust values users typed
 * into `editable` function fields and leave those fields alone; the force variants evaluate them
 * too, and are blocked (nothing written) when a configured cycle touches the path.
 * With `writeValues`, changed values are written and, with `propagateDependents`, everything that
 * depends on them follows: up to `outgoingMaxDepth` links of dependency in the call, the dependents
 * beyond marked stale and evaluated by the drain after commit (so nothing is left inconsistent);
 * otherwise nothing is written and the result says what would change.
 */
import type { DbHandle } from '../db/schema'
import { loadGraph } from './config'
import { findCycles, nodeId, type CycleStep, type FunctionNode, type Graph } from './graph'
import { propagate, type Propagation, type PropagationContext, type WriteResult } from './recompute'

export interface RepairOptions {
  fieldId: string
  incomingMaxDepth?: number
  outgoingMaxDepth?: number
  includeValues?: boolean
  writeValues?: boolean
  propagateDependents?: boolean
  includeActivityResults?: boolean
}

/** The function fields on the same-activity path into (processId, fieldId), the field first. */
export function pathInto(graph: Graph, processId: string, fieldId: string, depth = 8): FunctionNode[] {
  const out: FunctionNode[] = []
  const seen = new Set<string>()
  let frontier = [nodeId(processId, fieldId)]
  for (let d = 0; d <= depth && frontier.length; d++) {
    const next: string[] = []
    for (const id of frontier) {
      if (seen.has(id)) continue
      seen.add(id)
      const fn = graph.functions.get(id)
      if (!fn) continue
      out.push(fn)
      for (const e of graph.inputs.get(id) ?? []) if (e.kind === '=') next.push(e.from)
    }
    frontier = next
  }
  return out
}

export interface RepairResult {
  blocked: boolean
  cyclePath?: CycleStep[]
  nodes?: { activityId: string; fieldId: string; before?: unknown; after?: unknown; changed: boolean; error?: string }[]
  checked: number
  changed: number
  written: boolean
  propagated: boolean
  /** Dependents beyond outgoingMaxDepth, marked stale for the drain. */
  staleDependents: number
}

/**
 * `store` writes the propagation's results in a short transaction of the caller's (required with
 * writeValues); the evaluation runs on `ctx.db` and must have no transaction open (./recompute.ts).
 */
export async function repair(
  ctx: PropagationContext,
  cid: string,
  processId: string,
  activityIds: string[],
  o: RepairOptions & { force: boolean },
  store?: (propagation: Propagation) => Promise<WriteResult>,
): Promise<RepairResult> {
  const { workflows, graph } = await loadGraph(ctx.db, cid)
  const path = pathInto(graph, processId, o.fieldId, o.incomingMaxDepth)
  if (o.force) {
    const onPath = new Set(path.map((f) => f.id))
    const cycle = findCycles(graph, false).find((c) => c.some((s) => onPath.has(nodeId(s.processId, s.fieldId))))
    if (cycle) return { blocked: true, cyclePath: cycle, checked: 0, changed: 0, written: false, propagated: false, staleDependents: 0 }
  }
  const editable = new Set(
    workflows
      .flatMap((w) => w.fields)
      .filter((f) => f.editable === true)
      .map((f) => f._id),
  )
  const keys = path.filter((f) => o.force || !editable.has(f.fieldKey)).map((f) => f.fieldKey)
  const forced = activityIds.flatMap((activityId) => keys.map((fieldKey) => ({ activityId, fieldKey })))
  const write = o.writeValues === true
  if (write && !store) throw new Error('repair: writeValues needs a store')
  const cascade = o.propagateDependents !== false
  const result = await propagate(ctx, cid, [], {
    forced,
    dryRun: !write,
    collect: true,
    budget: Infinity,
    drain: true,
    noCascade: !cascade,
    maxDepth: o.outgoingMaxDepth,
  })
  if (write) await store!(result)
  const wanted = new Set(forced.map((f) => `${f.activityId}:${f.fieldKey}`))
  const values = o.includeValues !== false
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
  const nodes = (result.outcomes ?? [])
    .filter((n) => wanted.has(`${n.activityId}:${n.fieldKey}`))
    .map((n) => ({
      activityId: n.activityId,
      fieldId: n.fieldKey,
      ...(values ? { before: n.stored ?? null, ...(n.error ? {} : { after: n.computed ?? null }) } : {}),
      changed: !n.error && !same(n.stored, n.computed),
      ...(n.error ? { error: n.error } : {}),
    }))
  const changed = nodes.filter((n) => n.changed).length
  return {
    blocked: false,
    ...(o.includeActivityResults === false ? {} : { nodes }),
    checked: nodes.length,
    changed,
    written: write && changed > 0,
    propagated: write && cascade && changed > 0,
    staleDependents: write ? result.queued : 0,
  }
}

export async function activeIdsOf(db: DbHandle, cid: string, processId: string, limit = 100_000): Promise<string[]> {
  return (
    await db
      .selectFrom('activities')
      .select('_id')
      .where('cid', '=', cid)
      .where('process_id', '=', processId)
      .where('removed', '=', false)
      .orderBy('_id')
      .limit(limit)
      .execute()
  ).map((r) => r._id)
}
