/**
 * convertStackedVariables: a "stacked" variable is a list of dependencies. Where the list is one
 * path, it becomes the single dependency that says the same thing:
 *   [d]                                  -> d
 *   [{'>', [link]}, {'=', [field]}]      -> {'>', [link, field]}
 *   [{'>', [link]}, {'=', ['data', k?]}] -> {'>', [link, <the workflow link names>, 'data', k?]}
 *   [{'<', [workflow]}, {'=', [x...]}]   -> {'<', [workflow, x...]}
 * Anything else is listed as not convertible, with the reason. A dry run by default.
 */
import type { FieldRecord } from '../db/processes'
import type { Dependency, WorkflowDef } from './graph'

export interface Conversion {
  processId: string
  fieldId: string
  variable: string
  from: unknown
  to?: Dependency
  reason?: string
}

function convertOne(stack: Dependency[], fields: Map<string, FieldRecord>): { to?: Dependency; reason?: string } {
  if (stack.length === 1) return { to: stack[0] }
  if (stack.length !== 2) return { reason: 'only a list of one or two dependencies forms a single path' }
  const [hop, read] = stack
  if (read?.type !== '=') return { reason: 'the second dependency must read a field or the metadata ("=")' }
  if (hop?.type === '<' && hop.data.length === 1) return { to: { type: '<', data: [hop.data[0], ...read.data] } }
  if (hop?.type === '>' && hop.data.length === 1) {
    if (read.data[0] !== 'data') return { to: { type: '>', data: [hop.data[0], ...read.data] } }
    const targets = fields.get(hop.data[0])?.data
    const list = Array.isArray(targets) ? targets : targets ? [targets] : []
    if (list.length !== 1) return { reason: 'the link field must name exactly one workflow to read its metadata' }
    return { to: { type: '>', data: [hop.data[0], list[0] as string, ...read.data] } }
  }
  return { reason: 'the first dependency must be one hop: ">" [linkField] or "<" [workflowId]' }
}

export function planConversions(workflows: WorkflowDef[], processId?: string): Conversion[] {
  const fields = new Map(workflows.flatMap((w) => w.fields.map((f) => [f._id, f] as const)))
  const out: Conversion[] = []
  for (const w of workflows) {
    if (processId && w._id !== processId) continue
    for (const f of w.fields) {
      for (const [variable, value] of Object.entries((f.functionVariables as Record<string, unknown>) ?? {})) {
        if (!Array.isArray(value)) continue
        out.push({ processId: w._id, fieldId: f._id, variable, from: value, ...convertOne(value as Dependency[], fields) })
      }
    }
  }
  return out
}
