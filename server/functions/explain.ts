/**
 * explainNode: the dependencies of one (activity, field) node, as a graph a client can draw.
 *
 * configured mode: field nodes `<processId>:<fieldId>` of the configured graph (./graph.ts).
 * runtime mode: activity nodes `<activityId>:<fieldId>`, found through the link index; each edge
 *   says which activities it went through (`viaActivities {count, sample}`).
 * Edges point from what is read to the function that reads it, labelled with the variable, the
 * kind and the link field. Walks breadth first to `maxDepth` (incoming and outgoing may have their
 * own); at most MAX_NODES nodes and MAX_FAN_OUT activities per edge, with `truncated` set when cut.
 */
import type { DbHandle } from '../db/schema'
import { loadGraph } from './config'
import { findCycles, NAME, nodeId, type Edge, type Graph } from './graph'
import { Snapshot } from './inputs'
import type { ActivityRow } from '../db/activities'
import type { HandlerArgs } from '../../schemas/types.generated'

export const MAX_NODES = 2000
export const MAX_FAN_OUT = 50

/** The node argument of v3.activity.explainNode (and of its assist), as its schema declares it. */
export type ExplainArgs = HandlerArgs<'v3.activity.explainNode'>[0]

interface OutNode {
  id: string
  activityId?: string
  processId: string
  fieldId: string
  label: string
  isFunction: boolean
  /** A function reading the clock or chance, evaluated again by the periodic sweep (./volatile.ts). */
  volatile: boolean
  status: 'ok' | 'error' | 'dirty'
  error?: string
  value?: unknown
  depth: number
}

interface OutEdge {
  from: string
  to: string
  variable: string
  kind: string
  viaLinkField?: string
  viaActivities?: { count: number; sample: string[] }
  depth: number
}

export async function explain(db: DbHandle, cid: string, activity: ActivityRow, args: ExplainArgs) {
  const started = Date.now()
  const { workflows, graph } = await loadGraph(db, cid)
  const direction = args.direction ?? 'both'
  const mode = args.graphMode ?? 'configured'
  const maxDepth = args.maxDepth ?? 8
  const depths = { incoming: args.incomingMaxDepth ?? maxDepth, outgoing: args.outgoingMaxDepth ?? maxDepth }
  const nodes = new Map<string, OutNode>()
  const edges: OutEdge[] = []
  let truncated = false
  const snapshot = new Snapshot(db, cid, workflows)
  snapshot.rows.set(activity._id, activity)
  const states = await db.selectFrom('function_state').selectAll().where('cid', '=', cid).execute()
  const stateOf = new Map(states.map((s) => [`${s.activity_id}:${s.field_key}`, s]))

  const addNode = (processId: string, fieldId: string, depth: number, activityId?: string): string | null => {
    const id = activityId ? `${activityId}:${fieldId}` : nodeId(processId, fieldId)
    if (nodes.has(id)) return id
    if (nodes.size >= MAX_NODES) {
      truncated = true
      return null
    }
    const state = activityId ? stateOf.get(id) : undefined
    const row = activityId ? snapshot.rows.get(activityId) : undefined
    nodes.set(id, {
      id,
      ...(activityId ? { activityId } : {}),
      processId,
      fieldId,
      label: graph.labels.get(nodeId(processId, fieldId)) ?? `${processId}:${fieldId}`,
      isFunction: graph.functions.has(nodeId(processId, fieldId)),
      volatile: graph.functions.get(nodeId(processId, fieldId))?.volatile === true,
      status: state?.dirty ? 'dirty' : state?.error ? 'error' : 'ok',
      ...(state?.error ? { error: state.error } : {}),
      ...(args.includeValues && row ? { value: fieldId === NAME ? row.name : ((row.fields as Record<string, unknown>)[fieldId] ?? null) } : {}),
      depth,
    })
    return id
  }

  const root = addNode(activity.process_id, args.fieldId, 0, mode === 'runtime' ? activity._id : undefined)!
  for (const way of ['incoming', 'outgoing'] as const) {
    if (direction !== way && direction !== 'both') continue
    let frontier = [{ id: root, processId: activity.process_id, fieldId: args.fieldId, activityId: activity._id }]
    const seen = new Set([root])
    for (let depth = 1; depth <= depths[way] && frontier.length; depth++) {
      const next: typeof frontier = []
      for (const at of frontier) {
        const graphEdges = (way === 'incoming' ? graph.inputs : graph.readers).get(nodeId(at.processId, at.fieldId)) ?? []
        for (const e of graphEdges) {
          const [processId, fieldId] = (way === 'incoming' ? e.from : e.to).split(':')
          const activities = mode === 'runtime' ? await runtimeNeighbours(snapshot, e, way, at.activityId, processId) : [undefined]
          if (activities.length > MAX_FAN_OUT) truncated = true
          const shown = activities.slice(0, MAX_FAN_OUT)
          for (const activityId of shown) {
            if (activityId) await snapshot.load([activityId])
            const id = addNode(processId, fieldId, depth, activityId)
            if (!id) break
            const [from, to] = way === 'incoming' ? [id, at.id] : [at.id, id]
            edges.push({
              from,
              to,
              variable: e.variable,
              kind: e.kind,
              ...(e.viaLinkField ? { viaLinkField: e.viaLinkField } : {}),
              ...(mode === 'runtime' && e.kind !== '=' ? { viaActivities: { count: activities.length, sample: shown.slice(0, 5) as string[] } } : {}),
              depth,
            })
            if (!seen.has(id)) {
              seen.add(id)
              next.push({ id, processId, fieldId, activityId: activityId ?? activity._id })
            }
          }
        }
      }
      frontier = next
    }
    if (frontier.length && depths[way] > 0)
      truncated ||= frontier.some((f) => ((way === 'incoming' ? graph.inputs : graph.readers).get(nodeId(f.processId, f.fieldId)) ?? []).length > 0)
  }
  const fieldNodes = new Set([...nodes.values()].map((n) => nodeId(n.processId, n.fieldId)))
  const cycles = findCycles(graph, false)
    .filter((c) => c.some((s) => fieldNodes.has(nodeId(s.processId, s.fieldId))))
    .map((path) => ({ configured: true, path: path.map((s) => nodeId(s.processId, s.fieldId)), steps: path }))
  const runtimeCycles = [...nodes.values()]
    .filter((n) => n.error?.startsWith('Circular reference'))
    .map((n) => ({ configured: false, path: [n.id], message: n.error }))
  return {
    root: { activityId: activity._id, processId: activity.process_id, fieldId: args.fieldId },
    graphMode: mode,
    direction,
    maxDepth,
    nodes: [...nodes.values()],
    edges,
    cycles: [...cycles, ...runtimeCycles],
    truncated,
    limits: { maxNodes: MAX_NODES, maxEdgesPerNode: MAX_FAN_OUT },
    stats: { nodes: nodes.size, edges: edges.length, ms: Date.now() - started },
  }
}

/** The activities at the other end of a configured edge, from one activity. */
async function runtimeNeighbours(snapshot: Snapshot, e: Edge, way: 'incoming' | 'outgoing', activityId: string, otherProcess: string): Promise<string[]> {
  if (e.kind === '=' || e.kind === '?') return [activityId]
  await snapshot.load([activityId])
  const row = snapshot.rows.get(activityId)
  if (!row) return []
  // '>' read: the activity this one links to (incoming) / the ones linking here (outgoing).
  // '<' read: the ones linking here (incoming) / the ones this links to (outgoing).
  const linkTargets = async () => {
    const ids = await snapshot.targets(activityId, e.viaLinkField)
    await snapshot.load(ids)
    return ids.filter((id) => snapshot.active(id)?.process_id === otherProcess)
  }
  const linkers = async () =>
    (await snapshot.linkers(activityId, e.kind === '>' ? e.viaLinkField : undefined)).filter((r) => r.process_id === otherProcess).map((r) => r._id)
  if (e.kind === '>') return way === 'incoming' ? linkTargets() : linkers()
  return way === 'incoming' ? linkers() : linkTargets()
}

export type { Graph }
