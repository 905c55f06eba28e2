/**
 * What a function may read, in words a person picks from, and the dependency graph in words
 * (docs/guides/function-fields.md: `=` this activity, `>` through a link, `<` activities linking here).
 */
import type { Workflow } from '../workflow/workflows'
import { orderedFields, type Listed } from './api'

export interface Variable {
  type: '=' | '>' | '<' | '?'
  data: string[]
}

export interface Source {
  /** Unique among the sources (the option's value). */
  id: string
  /** What the person reads in the list. */
  label: string
  /** The variable name it suggests. */
  name: string
  variable: Variable
}

/** A field as v2.process.meta shows it. */
export interface MetaField {
  _id: string
  label: string
  type: string
  data?: unknown
}

type Translate = (key: string, values?: Record<string, unknown>) => string

const targetsOf = (data: unknown) => (Array.isArray(data) ? (data as string[]) : typeof data === 'string' ? [data] : [])
const valueFields = (fields: MetaField[]) => fields.filter((f) => f.type !== 'subheader' && f.type !== 'linkedfrom')

/** Fields of this activity, its details, fields reached through its links, and fields of the activities linking to it. */
export function variableSources(
  wf: Workflow,
  fieldId: string | undefined,
  workflows: Listed[],
  metas: Record<string, Record<string, MetaField>>,
  t: Translate,
): Source[] {
  const out: Source[] = []
  const add = (label: string, name: string, variable: Variable) => out.push({ id: JSON.stringify(variable), label, name, variable })
  const own = valueFields(orderedFields(wf).map((f) => ({ _id: f._id, label: f.label ?? '', type: f.type, data: f.data })))
  for (const f of own) if (f._id !== fieldId) add(t('builder.fn.src.field', { field: f.label }), f.label, { type: '=', data: [f._id] })
  add(t('builder.fn.src.data'), 'activity', { type: '=', data: ['data'] })
  const nameOf = (id: string) => workflows.find((w) => w._id === id)?.name ?? id
  for (const link of own.filter((f) => f.type === 'activitylink'))
    for (const target of targetsOf(link.data)) {
      add(t('builder.fn.src.linkName', { link: link.label }), `${link.label} name`, { type: '>', data: [link._id, target, 'data', 'name'] })
      for (const f of valueFields(Object.values(metas[target] ?? {})))
        add(t('builder.fn.src.link', { link: link.label, workflow: nameOf(target), field: f.label }), `${link.label} ${f.label}`, {
          type: '>',
          data: [link._id, f._id],
        })
    }
  for (const [other, fields] of Object.entries(metas)) {
    const list = Object.values(fields)
    if (!list.some((f) => f.type === 'activitylink' && targetsOf(f.data).includes(wf._id))) continue
    add(t('builder.fn.src.fromName', { workflow: nameOf(other) }), `${nameOf(other)} names`, { type: '<', data: [other, 'data', 'name'] })
    for (const f of valueFields(list))
      add(t('builder.fn.src.from', { workflow: nameOf(other), field: f.label }), `${nameOf(other)} ${f.label}`, { type: '<', data: [other, f._id] })
  }
  return out
}

/** A JavaScript name from a label (`Hours spent` → `hoursSpent`), not one of `taken`. */
export function variableName(label: string, taken: string[]): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
  let base = words.map((w, i) => (i ? w[0].toUpperCase() + w.slice(1).toLowerCase() : w.toLowerCase())).join('') || 'value'
  if (/^[0-9]/.test(base)) base = `v${base}`
  let name = base
  for (let n = 2; taken.includes(name); n++) name = `${base}${n}`
  return name
}

export interface Graph {
  edges: Array<{ from: string; to: string; variable: string; kind: string }>
  cycles: string[][]
  truncated: boolean
}

interface Explained {
  nodes: Array<{ id: string; label?: string; fieldId: string }>
  edges: Array<{ from: string; to: string; variable: string; kind: string }>
  cycles?: Array<{ path: string[] }>
  truncated?: boolean
}

/** explainNode's answer with node ids replaced by the fields' labels. */
export function explainGraph(answer: unknown): Graph {
  const { nodes, edges, cycles = [], truncated = false } = answer as Explained
  const label = (id: string) => {
    const node = nodes.find((n) => n.id === id)
    return node?.label || node?.fieldId || id
  }
  return {
    edges: edges.map((e) => ({ ...e, from: label(e.from), to: label(e.to) })),
    cycles: cycles.map((c) => c.path.map(label)),
    truncated,
  }
}
