/**
 * The configured graph of a workspace's function fields: which field (node `processId:fieldKey`)
 * each function reads, through which variable and which kind of dependency. Built from the field
 * descriptors themselves (they stay the one source of this fact) whenever it is needed; a
 * workspace has at most a few hundred function fields, so a build costs well under a millisecond.
 *
 * Variables follow Hailer's `functionVariables`: `{name: {type, data}}` (or a list of them: a
 * "stacked" variable, whose parts all count as inputs):
 *   '=' [fieldId]                 a field of the same activity; [ownFieldId] reads the field's own
 *                                 stored value and makes no edge; ['data'] / ['_id'] its metadata
 *   '>' [linkFieldId, fieldId]    through this activity's activitylink field, a field of the linked
 *                                 activity; [linkFieldId, workflowId, 'data', key?] its metadata
 *   '<' [workflowId, fieldId]     of every activity of that workflow linking here, the field (an
 *                                 array); [workflowId, 'data', key?] their metadata
 *   '?' [workflowId, phaseId]     a constant
 * A workflow's name function is the node `processId:name`; metadata reads depend on it.
 *
 * Cycles: one made of '=' edges only repeats in every activity and can never compute, so saving
 * it is refused (422 with its path). One crossing a link ('>' or '<') may end in the data (a team
 * whose parent is another team) and is allowed; it is reported, and evaluation stops at it.
 */
import type { FieldRecord } from '../db/processes'
import { dictFromEntries } from '../safe-keys'
import { isVolatile } from './volatile-code'

export type Kind = '=' | '>' | '<' | '?'
export const KINDS: Kind[] = ['=', '>', '<', '?']
export interface Dependency {
  type: Kind
  data: string[]
}

/** The pseudo field key of a workflow's name function. */
export const NAME = 'name'
/** The pseudo field key of an activity's metadata (phase, name, ...): a phase move changes it. */
export const DATA = 'data'

export interface WorkflowDef {
  _id: string
  name: string
  fields: FieldRecord[]
  /** The workflow's settings (phases, ...). */
  info?: Record<string, unknown>
  /** The name function, when enabled. */
  nameFunction?: { body: string; variables: Record<string, unknown> }
}

export interface FunctionNode {
  id: string
  processId: string
  fieldKey: string
  label: string
  body: string
  variables: Record<string, Dependency[]>
  /** Its result depends on the clock or chance (./volatile-code.ts): evaluated again by ./volatile.ts. */
  volatile: boolean
}

export interface Edge {
  /** The node read. */
  from: string
  /** The function that reads it. */
  to: string
  variable: string
  kind: Kind
  viaLinkField?: string
}

export interface CycleStep {
  processId: string
  fieldId: string
  label: string
  /** The variable of this step's function that reads the next step. */
  variable: string
  kind: Kind
}

export interface Graph {
  functions: Map<string, FunctionNode>
  edges: Edge[]
  /** Edges by the node read: the dependents of a change. */
  readers: Map<string, Edge[]>
  /** Edges by the function reading: its inputs. */
  inputs: Map<string, Edge[]>
  labels: Map<string, string>
}

export const nodeId = (processId: string, fieldKey: string) => `${processId}:${fieldKey}`

/** A field computes when its function is enabled and has code. */
export const isFunctionField = (f: Record<string, unknown>) => f.functionEnabled === true && typeof f.function === 'string' && f.function.trim() !== ''

/** The dependencies of a variable, as a list (a stacked variable is already one). */
export function dependenciesOf(value: unknown): Dependency[] {
  return (Array.isArray(value) ? value : [value]) as Dependency[]
}

/** Why a variable's shape is wrong, or null. Checked at save (400 naming the variable). */
export function variableShapeError(value: unknown): string | null {
  const deps = Array.isArray(value) ? value : [value]
  if (!deps.length || deps.length > 10) return 'must be a dependency {type, data} or a list of 1 to 10 of them'
  for (const d of deps as Record<string, unknown>[]) {
    if (!d || typeof d !== 'object' || !KINDS.includes(d.type as Kind)) return `must have type one of ${KINDS.map((k) => `"${k}"`).join(', ')}`
    const data = d.data
    if (!Array.isArray(data) || !data.length || data.length > 6 || data.some((s) => typeof s !== 'string' || !s || s.length > 100))
      return 'must have data: a list of 1 to 6 non-empty strings'
  }
  return null
}

export function buildGraph(workflows: WorkflowDef[]): Graph {
  const byId = new Map(workflows.map((w) => [w._id, w]))
  const fieldOwner = new Map<string, WorkflowDef>()
  const labels = new Map<string, string>()
  for (const w of workflows) {
    for (const f of w.fields) {
      fieldOwner.set(f._id, w)
      labels.set(nodeId(w._id, f._id), `${w.name}.${String(f.label ?? f._id)}`)
    }
    labels.set(nodeId(w._id, NAME), `${w.name}.name`)
  }
  const functions = new Map<string, FunctionNode>()
  for (const w of workflows) {
    for (const f of w.fields) {
      if (!isFunctionField(f)) continue
      const variables = dictFromEntries(Object.entries((f.functionVariables as Record<string, unknown>) ?? {}).map(([k, v]) => [k, dependenciesOf(v)]))
      functions.set(nodeId(w._id, f._id), {
        id: nodeId(w._id, f._id),
        processId: w._id,
        fieldKey: f._id,
        label: labels.get(nodeId(w._id, f._id))!,
        body: f.function as string,
        variables,
        volatile: isVolatile(f.function as string),
      })
    }
    if (w.nameFunction) {
      const variables = dictFromEntries(Object.entries(w.nameFunction.variables).map(([k, v]) => [k, dependenciesOf(v)]))
      functions.set(nodeId(w._id, NAME), {
        id: nodeId(w._id, NAME),
        processId: w._id,
        fieldKey: NAME,
        label: `${w.name}.name`,
        body: w.nameFunction.body,
        variables,
        volatile: isVolatile(w.nameFunction.body),
      })
    }
  }

  const edges: Edge[] = []
  const add = (from: string, to: string, variable: string, kind: Kind, viaLinkField?: string) => {
    if (from === to && kind === '=') return // a self-read is the stored value: no propagation
    edges.push({ from, to, variable, kind, ...(viaLinkField ? { viaLinkField } : {}) })
  }
  /** Metadata of an activity of workflow `w` includes its name: a read depends on the name function. */
  const metadata = (w: WorkflowDef | undefined, to: string, variable: string, kind: Kind, key?: string, via?: string) => {
    if (!w) return
    add(nodeId(w._id, DATA), to, variable, kind, via)
    if (w.nameFunction && (key === undefined || key === 'name')) add(nodeId(w._id, NAME), to, variable, kind, via)
  }
  for (const fn of functions.values()) {
    const own = byId.get(fn.processId)!
    for (const [variable, deps] of Object.entries(fn.variables)) {
      for (const { type, data } of deps) {
        if (type === '=') {
          if (data[0] === 'data') metadata(own, fn.id, variable, '=', data[1])
          else if (data[0] !== '_id' && fieldOwner.get(data[0]) === own) add(nodeId(own._id, data[0]), fn.id, variable, '=')
        } else if (type === '>') {
          const [link, target, ...rest] = data
          if (fieldOwner.get(link) !== own) continue
          add(nodeId(own._id, link), fn.id, variable, '=') // another link target changes the value
          if (byId.has(target) && rest[0] === 'data') metadata(byId.get(target), fn.id, variable, '>', rest[1], link)
          else if (fieldOwner.has(target)) add(nodeId(fieldOwner.get(target)!._id, target), fn.id, variable, '>', link)
        } else if (type === '<') {
          const source = byId.get(data[0])
          if (!source) continue
          // Every activitylink field of the source workflow that may point here decides who links.
          for (const f of source.fields) if (f.type === 'activitylink' && linksTo(f, own._id)) add(nodeId(source._id, f._id), fn.id, variable, '<', f._id)
          if (data[1] === 'data') metadata(source, fn.id, variable, '<', data[2])
          else if (fieldOwner.get(data[1]) === source) add(nodeId(source._id, data[1]), fn.id, variable, '<')
        }
      }
    }
  }
  const readers = new Map<string, Edge[]>()
  const inputs = new Map<string, Edge[]>()
  for (const e of edges) {
    readers.set(e.from, [...(readers.get(e.from) ?? []), e])
    inputs.set(e.to, [...(inputs.get(e.to) ?? []), e])
  }
  return { functions, edges, readers, inputs, labels }
}

export function linksTo(field: FieldRecord, processId: string): boolean {
  const data = field.data
  return Array.isArray(data) ? data.includes(processId) : data === processId
}

/**
 * The references of one function that name nothing: `{variable, reason}` for each. A field that
 * is removed later leaves its readers with such references (reported by validateFunctions).
 */
export function unknownReferences(workflows: WorkflowDef[], processId: string, variables: Record<string, unknown>) {
  const byId = new Map(workflows.map((w) => [w._id, w]))
  const own = byId.get(processId)
  const fieldOf = (w: WorkflowDef | undefined, id: string) => w?.fields.find((f) => f._id === id)
  const out: { variable: string; reason: string }[] = []
  for (const [variable, value] of Object.entries(variables)) {
    // In a stacked variable only the first dependency is read from this workflow; the rest follow its hop.
    for (const { type, data } of dependenciesOf(value).slice(0, 1)) {
      let reason: string | null = null
      if (type === '=') {
        if (data[0] !== 'data' && data[0] !== '_id' && !fieldOf(own, data[0])) reason = `${data[0]} is not a field of this workflow`
      } else if (type === '>') {
        const link = fieldOf(own, data[0])
        if (!link || link.type !== 'activitylink') reason = `${data[0]} is not an activitylink field of this workflow`
        else if (data[1] !== undefined && !(byId.has(data[1]) && data[2] === 'data') && !workflows.some((w) => linksTo(link, w._id) && fieldOf(w, data[1])))
          reason = `${data[1]} is not a field of a workflow that ${data[0]} links to`
      } else if (type === '<') {
        const source = byId.get(data[0])
        if (!source) reason = `${data[0]} is not a workflow of this workspace`
        else if (data[1] !== undefined && data[1] !== 'data' && !fieldOf(source, data[1])) reason = `${data[1]} is not a field of workflow ${data[0]}`
      }
      if (reason) out.push({ variable, reason })
    }
  }
  return out
}

/**
 * Every elementary cycle through the given nodes is not needed: one cycle per strongly connected
 * component (Tarjan, iterative) is, with its path. `sameActivityOnly` keeps to '=' edges.
 */
export function findCycles(graph: Graph, sameActivityOnly: boolean, preferStart?: string): CycleStep[][] {
  const edges = sameActivityOnly ? graph.edges.filter((e) => e.kind === '=') : graph.edges
  const next = new Map<string, Edge[]>()
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e])
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const components: string[][] = []
  let counter = 0
  for (const root of new Set(edges.map((e) => e.from))) {
    if (index.has(root)) continue
    const work: { node: string; i: number }[] = [{ node: root, i: 0 }]
    index.set(root, counter)
    low.set(root, counter++)
    stack.push(root)
    onStack.add(root)
    while (work.length) {
      const top = work[work.length - 1]
      const out = next.get(top.node) ?? []
      if (top.i < out.length) {
        const to = out[top.i++].to
        if (!index.has(to)) {
          index.set(to, counter)
          low.set(to, counter++)
          stack.push(to)
          onStack.add(to)
          work.push({ node: to, i: 0 })
        } else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!))
        continue
      }
      work.pop()
      if (work.length) low.set(work[work.length - 1].node, Math.min(low.get(work[work.length - 1].node)!, low.get(top.node)!))
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = []
        let n: string
        do {
          n = stack.pop()!
          onStack.delete(n)
          component.push(n)
        } while (n !== top.node)
        const selfLoop = (next.get(top.node) ?? []).some((e) => e.to === top.node)
        if (component.length > 1 || selfLoop) components.push(component)
      }
    }
  }
  return components.map((c) => cyclePath(graph, next, new Set(c), preferStart))
}

/** A cycle inside one component, as steps from a function back to itself (breadth first: a shortest one). */
function cyclePath(graph: Graph, next: Map<string, Edge[]>, component: Set<string>, preferStart?: string): CycleStep[] {
  const start = preferStart && component.has(preferStart) ? preferStart : [...component].sort()[0]
  const via = new Map<string, Edge>()
  const queue = [start]
  let closing: Edge | undefined
  while (queue.length && !closing) {
    const node = queue.shift()!
    for (const e of next.get(node) ?? []) {
      if (!component.has(e.to)) continue
      if (e.to === start) {
        closing = e
        break
      }
      if (!via.has(e.to)) {
        via.set(e.to, e)
        queue.push(e.to)
      }
    }
  }
  const path: Edge[] = [closing!]
  for (let n = closing!.from; n !== start; n = via.get(n)!.from) path.unshift(via.get(n)!)
  // Each step names a function and the variable by which it reads the next step's node.
  const step = (e: Edge): CycleStep => {
    const [processId, fieldId] = e.to.split(':')
    return { processId, fieldId, label: graph.labels.get(e.to) ?? e.to, variable: e.variable, kind: e.kind }
  }
  // path runs read -> reader; a cycle path is shown reader -> what it reads -> ... -> back.
  const steps = path.reverse().map(step)
  return [...steps, steps[0]]
}
