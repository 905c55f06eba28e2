/**
 * Insights: a named table over one workflow's activities (not removed), with chosen field columns
 * and filters, run for whoever may see the workflow (server/policies/processes.ts: who sees a
 * workflow reads all its activities). A public key (32 characters, kept as its sha256) exports it
 * without a session through GET /public/insight/:key/:type?, as its creator would see it.
 *
 * Filters: `{phases?: phaseId[], where?: [{field, op, value?}]}`; `field` is a field id of the
 * workflow or "name"; `op` is eq, ne, contains (case-insensitive, text), empty, notEmpty, gt, gte,
 * lt, lte (numbers, or ISO strings compared as text). Every condition must hold.
 */
import { type Principal } from '../policies/principal'
import type { DbHandle } from '../db/schema'
import type { Condition, Filters, InsightRow } from '../db/insights'
import { notFound } from '../errors'
import type { Invalid } from '../context'
import { newId } from '../ids'
import { loadProcessAccess } from '../policies/processes'
import { phasesOf } from './activities/checks'
import type { ProcessRow } from '../db/processes'
import { dictFromEntries, own } from '../safe-keys'

/** At most this many rows are returned (`truncated` says when more matched). */
export const MAX_ROWS = 10_000

export interface InsightInput {
  processId?: string
  name?: string
  fields?: string[]
  filters?: Filters | null
}

export interface Column {
  key: string
  label: string
  type: string
}

async function processFields(db: DbHandle, process: ProcessRow) {
  const rows = await db
    .selectFrom('process_fields')
    .select(['_id', 'type', 'descriptor'])
    .where('cid', '=', process.cid)
    .where('process_id', '=', process._id)
    .execute()
  return new Map(rows.map((r) => [r._id, { type: r.type as string, label: typeof r.descriptor.label === 'string' ? r.descriptor.label : r._id }]))
}

/** Checks fields and filters against the workflow: `invalid` (the argument holding them) otherwise. */
export async function checkDefinition(db: DbHandle, process: ProcessRow, input: { fields: string[]; filters: Filters }, invalid: Invalid) {
  const known = await processFields(db, process)
  input.fields.forEach((f, i) => {
    if (!known.has(f)) throw invalid(`/fields/${i}`, 'is not a field of the workflow')
  })
  const { phases } = phasesOf(process.info)
  input.filters.phases?.forEach((p, i) => {
    if (!Object.hasOwn(phases, p)) throw invalid(`/filters/phases/${i}`, 'is not a phase of the workflow')
  })
  input.filters.where?.forEach((c, i) => {
    if (c.field !== 'name' && !known.has(c.field)) throw invalid(`/filters/where/${i}/field`, 'is not a field of the workflow nor "name"')
    if (!['empty', 'notEmpty'].includes(c.op) && c.value === undefined) throw invalid(`/filters/where/${i}/value`, `is required for ${c.op}`)
  })
}

export async function insertInsight(db: DbHandle, cid: string, uid: string, v: { processId: string; name: string; fields: string[]; filters: Filters }) {
  const _id = newId()
  await db
    .insertInto('insights')
    .values({
      cid,
      _id,
      process_id: v.processId,
      name: v.name,
      fields: JSON.stringify(v.fields),
      filters: JSON.stringify(v.filters),
      uid,
      public_hash: null,
      created: Date.now(),
      updated: null,
    })
    .execute()
  return _id
}

/**
 * The insight with the caller's access to its workflow; 404 unless the caller sees the workflow.
 * `lock`: the caller is about to change the insight from what is read here (its row stays locked).
 */
export async function insightFor(db: DbHandle, caller: Principal, insightId: string, options: { lock?: boolean } = {}) {
  let query = db
    .selectFrom('insights as i')
    .innerJoin('workspace_members as m', (j) => j.onRef('m.cid', '=', 'i.cid').on('m.uid', '=', caller.uid))
    .selectAll('i')
    .where('i._id', '=', insightId)
  if (options.lock) query = query.forUpdate('i')
  const row = await query.executeTakeFirst()
  if (!row) throw notFound('insight')
  const { process, access } = await loadProcessAccess(db, caller, row.process_id).catch(() => {
    throw notFound('insight')
  })
  return { insight: row, process, access }
}

export async function insightByPublicHash(db: DbHandle, hash: string): Promise<InsightRow | undefined> {
  return db.selectFrom('insights').selectAll().where('public_hash', '=', hash).executeTakeFirst()
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)
const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v))

function holds(c: Condition, v: unknown): boolean {
  switch (c.op) {
    case 'empty':
      return isEmpty(v)
    case 'notEmpty':
      return !isEmpty(v)
    case 'eq':
      return JSON.stringify(v ?? null) === JSON.stringify(c.value ?? null) || (Array.isArray(v) && v.some((x) => JSON.stringify(x) === JSON.stringify(c.value)))
    case 'ne':
      return !holds({ ...c, op: 'eq' }, v)
    case 'contains':
      return text(v).toLowerCase().includes(text(c.value).toLowerCase())
    default: {
      if (isEmpty(v)) return false
      const [a, b] = typeof v === 'number' && typeof c.value === 'number' ? [v, c.value] : [text(v), text(c.value)]
      return c.op === 'gt' ? a > b : c.op === 'gte' ? a >= b : c.op === 'lt' ? a < b : a <= b
    }
  }
}

export interface InsightResult {
  name: string
  columns: Column[]
  rows: Array<{ _id: string; name: string; phase: string; phaseId: string; values: Record<string, unknown> }>
  truncated: boolean
}

/** The insight's table: columns name, phase, then its fields; rows by creation, oldest first. */
export async function runInsight(db: DbHandle, insight: InsightRow, process: ProcessRow): Promise<InsightResult> {
  const known = await processFields(db, process)
  const fields = (insight.fields as string[]).filter((f) => known.has(f))
  const filters = (insight.filters ?? {}) as Filters
  const { phases } = phasesOf(process.info)
  const phaseName = (id: string) => {
    const p = own(phases, id) as { name?: unknown } | undefined
    return typeof p?.name === 'string' ? p.name : id
  }
  let q = db
    .selectFrom('activities')
    .select(['_id', 'name', 'current_phase', 'fields'])
    .where('cid', '=', insight.cid)
    .where('process_id', '=', insight.process_id)
    .where('removed', '=', false)
  if (filters.phases?.length) q = q.where('current_phase', 'in', filters.phases)
  const activities = await q.orderBy('created').orderBy('_id').execute()
  const rows: InsightResult['rows'] = []
  let truncated = false
  for (const a of activities) {
    const values = (a.fields ?? {}) as Record<string, unknown>
    if (!(filters.where ?? []).every((c) => holds(c, c.field === 'name' ? a.name : own(values, c.field)))) continue
    if (rows.length === MAX_ROWS) {
      truncated = true
      break
    }
    rows.push({
      _id: a._id,
      name: a.name,
      phase: phaseName(a.current_phase),
      phaseId: a.current_phase,
      values: dictFromEntries(fields.map((f) => [f, own(values, f) ?? null])),
    })
  }
  const columns: Column[] = [
    { key: 'name', label: 'Name', type: 'text' },
    { key: 'phase', label: 'Phase', type: 'text' },
    ...fields.map((f) => ({ key: f, label: known.get(f)!.label, type: known.get(f)!.type })),
  ]
  return { name: insight.name, columns, rows, truncated }
}

export interface CsvOptions {
  /** Between cells: one of , ; | or a tab. */
  delimiter: string
  /** Decimal separator of numbers: . or , */
  separator: string
  bom: boolean
}

/**
 * RFC 4180 CSV (CRLF line ends): a header row of column labels, then one row per activity. Cells
 * holding the delimiter, a quote, a line break or edge spaces are quoted, quotes doubled. Numbers use
 * the decimal separator; date and datetime fields (stored as milliseconds) are ISO 8601 (ranges joined
 * with " – "); other arrays are joined with ", "; objects are JSON. A text cell starting with
 * = + - @ or a tab gets a leading ' so that spreadsheets do not run it as a formula.
 */
export function toCsv(result: InsightResult, options: CsvOptions): string {
  const number = (n: number) => (options.separator === '.' ? String(n) : String(n).replace('.', options.separator))
  const plain = (v: unknown): string => {
    if (v === null || v === undefined) return ''
    if (typeof v === 'number') return number(v)
    if (typeof v === 'boolean') return String(v)
    if (typeof v === 'string') return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v
    if (Array.isArray(v)) return v.map(plain).join(', ')
    return JSON.stringify(v)
  }
  const cell = (v: unknown) => {
    const s = plain(v)
    return s.includes(options.delimiter) || /["\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
  }
  // Dates are stored as milliseconds: written as ISO dates (date) or instants (datetime).
  const iso = (type: string, v: unknown): unknown => {
    if (Array.isArray(v) && (type === 'daterange' || type === 'datetimerange')) return v.map((x) => iso(type.replace('range', ''), x)).join(' – ')
    if (typeof v !== 'number' || !Number.isFinite(v) || (type !== 'date' && type !== 'datetime')) return v
    const text = new Date(v).toISOString()
    return type === 'date' ? text.slice(0, 10) : text
  }
  const lines = [result.columns.map((c) => cell(c.label)).join(options.delimiter)]
  for (const r of result.rows)
    lines.push([r.name, r.phase, ...result.columns.slice(2).map((c) => iso(c.type, r.values[c.key]))].map(cell).join(options.delimiter))
  return (options.bom ? '\ufeff' : '') + lines.join('\r\n') + '\r\n'
}
