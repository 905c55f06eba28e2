/**
 * CSV in and out of a workflow, in the browser (the server has no CSV import): papaparse reads the
 * file; each column is mapped to the name, the phase or a field; every row is turned into an
 * activity with the value forms the server stores (numbers, dates as ms, options as written in the
 * workflow, a country as its ISO code), and every row that cannot be is reported with its line and
 * column. Nothing is sent while a row is wrong, and what is sent is one createMany call, which the
 * server writes all or nothing. The export writes the same forms back, so an export imports again.
 */
import Papa from 'papaparse'
import type { Workflow, WorkflowField } from '../workflow/workflows'

/** A column's target: the activity's name, its phase, a field id, or nothing (skipped). */
export type Target = '' | 'name' | 'phase' | `field:${string}`

/** The field types a CSV cell can fill. */
export const IMPORTABLE = ['text', 'textarea', 'email', 'phone', 'url', 'numeric', 'numericunit', 'date', 'datetime', 'textpredefinedoptions', 'country']

export interface Parsed {
  headers: string[]
  rows: Record<string, string>[]
}

export interface RowError {
  /** The line in the file (the header is line 1). */
  line: number
  column: string
  code: 'noName' | 'notNumber' | 'notDate' | 'notOption' | 'notCountry' | 'noPhase' | 'unreadable'
  value: string
}

export interface NewActivity {
  name: string
  phaseId?: string
  fields?: Record<string, unknown>
}

export function parseCsv(text: string): { parsed: Parsed; errors: RowError[] } {
  const result = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: 'greedy', transformHeader: (h) => h.trim() })
  const errors: RowError[] = result.errors.map((e) => ({ line: (e.row ?? 0) + 2, column: '', code: 'unreadable', value: e.message }))
  return { parsed: { headers: result.meta.fields ?? [], rows: result.data }, errors }
}

export const importableFields = (workflow: Workflow): WorkflowField[] =>
  Object.values(workflow.fields ?? {}).filter((f) => IMPORTABLE.includes(f.type) && f.functionEnabled !== true)

/** Columns named like the name, the phase or a field's label (case and spaces ignored) are mapped to it. */
export function guessMapping(headers: string[], workflow: Workflow, names = { name: 'name', phase: 'phase' }): Record<string, Target> {
  const norm = (s: string) => s.trim().toLowerCase()
  const fields = importableFields(workflow)
  return Object.fromEntries(
    headers.map((h) => {
      if (norm(h) === norm(names.name)) return [h, 'name']
      if (norm(h) === norm(names.phase)) return [h, 'phase']
      const field = fields.find((f) => norm(f.label ?? '') === norm(h))
      return [h, field ? (`field:${field._id}` as Target) : '']
    }),
  )
}

type Converted = { value: unknown } | { error: RowError['code'] }

/** One cell as the value its field stores; an empty cell leaves the field empty. */
export function convertCell(field: WorkflowField, text: string): Converted {
  const s = text.trim()
  switch (field.type) {
    case 'numeric':
    case 'numericunit': {
      // A decimal comma is read as a point (as Finnish and Swedish write numbers); spaces group digits.
      const n = Number(s.replace(/[\s\u00a0]/g, '').replace(',', '.'))
      return Number.isFinite(n) ? { value: n } : { error: 'notNumber' }
    }
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s)
      const ms = m ? Date.UTC(+m[1], +m[2] - 1, +m[3]) : NaN
      return m && new Date(ms).getUTCDate() === +m[3] ? { value: ms } : { error: 'notDate' }
    }
    case 'datetime': {
      const ms = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(s) ? new Date(s.replace(' ', 'T')).getTime() : NaN
      return Number.isFinite(ms) ? { value: ms } : { error: 'notDate' }
    }
    case 'textpredefinedoptions': {
      const options = Array.isArray(field.data) ? (field.data as string[]) : []
      const multiple = (field.modifier as { multiple?: boolean } | undefined)?.multiple === true
      const given = multiple
        ? s
            .split(';')
            .map((x) => x.trim())
            .filter(Boolean)
        : [s]
      const found = given.map((g) => options.find((o) => o.toLowerCase() === g.toLowerCase()))
      if (found.some((o) => o === undefined)) return { error: 'notOption' }
      return { value: multiple ? found : found[0] }
    }
    case 'country':
      return /^[a-z]{2}$/i.test(s) ? { value: s.toLowerCase() } : { error: 'notCountry' }
    default:
      return { value: s }
  }
}

/** The activities the rows make, or the errors of every row that cannot be one. */
export function rowsToActivities(parsed: Parsed, mapping: Record<string, Target>, workflow: Workflow): { activities: NewActivity[]; errors: RowError[] } {
  const activities: NewActivity[] = []
  const errors: RowError[] = []
  const phaseByName = new Map(Object.entries(workflow.phases ?? {}).map(([id, p]) => [String((p as { name?: string }).name ?? '').toLowerCase(), id]))
  parsed.rows.forEach((row, i) => {
    const line = i + 2
    const activity: NewActivity = { name: '' }
    const fields: Record<string, unknown> = {}
    for (const [column, target] of Object.entries(mapping)) {
      const text = (row[column] ?? '').trim()
      if (!target) continue
      if (target === 'name') activity.name = text
      else if (target === 'phase') {
        if (!text) continue
        const id = phaseByName.get(text.toLowerCase())
        if (id) activity.phaseId = id
        else errors.push({ line, column, code: 'noPhase', value: text })
      } else if (text) {
        const field = workflow.fields[target.slice(6)]
        const converted = convertCell(field, text)
        if ('error' in converted) errors.push({ line, column, code: converted.error, value: text })
        else fields[field._id] = converted.value
      }
    }
    if (!activity.name) errors.push({ line, column: Object.keys(mapping).find((c) => mapping[c] === 'name') ?? '', code: 'noName', value: '' })
    if (Object.keys(fields).length) activity.fields = fields
    activities.push(activity)
  })
  return { activities, errors }
}

/** The line of the file a createMany refusal's path (`/…/<index>/…` of the activities argument) names. */
export function lineOfPath(path: string | undefined): number | undefined {
  const m = /(?:activities|^\/?1)\/(\d+)/.exec(path ?? '')
  return m ? Number(m[1]) + 2 : undefined
}

/** A cell of the export: the form the import reads back. */
export function cellOf(field: WorkflowField, value: unknown): string {
  if (value === null || value === undefined) return ''
  if (field.type === 'date' && typeof value === 'number') return new Date(value).toISOString().slice(0, 10)
  if (field.type === 'datetime' && typeof value === 'number') return new Date(value).toISOString()
  if (Array.isArray(value)) return value.join(';')
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

export interface ExportedActivity {
  name: string
  currentPhase: string
  fields: Array<{ _id: string; value: unknown }>
}

/** A CSV of the activities: Name, Phase, then a column per field in the workflow's order, labels as headers. */
export function activitiesToCsv(activities: ExportedActivity[], workflow: Workflow, headers = { name: 'Name', phase: 'Phase' }): string {
  const order = workflow.fieldsOrder?.length ? workflow.fieldsOrder : Object.keys(workflow.fields ?? {})
  const fields = order.map((id) => workflow.fields[id]).filter((f): f is WorkflowField => !!f && f.type !== 'subheader' && f.type !== 'linkedfrom')
  const rows = activities.map((a) => {
    const values = new Map(a.fields.map((f) => [f._id, f.value]))
    return [a.name, String((workflow.phases[a.currentPhase] as { name?: string } | undefined)?.name ?? ''), ...fields.map((f) => cellOf(f, values.get(f._id)))]
  })
  return Papa.unparse({ fields: [headers.name, headers.phase, ...fields.map((f) => f.label ?? f._id)], data: rows })
}
