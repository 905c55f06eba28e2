/**
 * The grid's filters, sort and search as they are kept in the address, and as `v3.activity.list`
 * takes them. Address: `?view=grid&q=<name contains>&phase=<phaseId>&sort=name|created|updated&order=asc|desc&f.<fieldId>=<value>`.
 * A field filter's value is text in the address; number fields are compared as numbers.
 */
import type { Workflow } from '../workflow/workflows'

export type Sort = 'created' | 'updated' | 'name'
export interface GridQuery {
  search: string
  phase: string
  sort: Sort
  order: 'asc' | 'desc'
  /** field id → the value typed in the filter (text) */
  fields: Record<string, string>
}

const SORTS: Sort[] = ['created', 'updated', 'name']
const NUMBER_TYPES = ['numeric', 'numericunit']

export function readQuery(params: URLSearchParams): GridQuery {
  const sort = params.get('sort') as Sort
  const fields: Record<string, string> = {}
  for (const [key, value] of params) if (key.startsWith('f.') && value) fields[key.slice(2)] = value
  return {
    search: params.get('q') ?? '',
    phase: params.get('phase') ?? '',
    sort: SORTS.includes(sort) ? sort : 'created',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    fields,
  }
}

/** The address's query with `query` written over the grid's own parameters (others, like `view`, stay). */
export function writeQuery(params: URLSearchParams, query: GridQuery): URLSearchParams {
  const next = new URLSearchParams()
  for (const [key, value] of params) if (!['q', 'phase', 'sort', 'order'].includes(key) && !key.startsWith('f.')) next.append(key, value)
  if (query.search) next.set('q', query.search)
  if (query.phase) next.set('phase', query.phase)
  if (query.sort !== 'created') next.set('sort', query.sort)
  if (query.order !== 'asc') next.set('order', query.order)
  for (const [id, value] of Object.entries(query.fields)) if (value) next.set(`f.${id}`, value)
  return next
}

/** The `v3.activity.list` arguments for the query (without the paging). */
export function listFilter(workflow: Pick<Workflow, '_id' | 'fields'>, query: GridQuery) {
  const fields: Record<string, string | number> = {}
  for (const [id, text] of Object.entries(query.fields)) {
    const field = workflow.fields[id]
    if (!field) continue
    fields[id] = NUMBER_TYPES.includes(field.type) && text.trim() !== '' && !Number.isNaN(Number(text)) ? Number(text) : text
  }
  return {
    processId: workflow._id,
    ...(query.phase ? { phaseId: query.phase } : {}),
    ...(query.search.trim() ? { search: query.search.trim() } : {}),
    ...(Object.keys(fields).length ? { fields } : {}),
    sort: query.sort,
    order: query.order,
  }
}
