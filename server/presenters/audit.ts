/** Audit entries on the wire (schemas/records/audit-entry.json) and as CSV rows (GET /audit.csv). */
import type { AuditRow } from '../db/audit'

export function auditEntry(row: AuditRow) {
  return {
    _id: row._id,
    workspaceId: row.cid,
    ts: Number(row.ts),
    kind: row.kind,
    actor: row.actor_uid,
    apiKey: row.actor_key,
    address: row.address,
    target: { kind: row.target_kind, id: row.target_id },
    before: row.before ?? null,
    after: row.after ?? null,
  }
}

/** The CSV's columns, in order; `before` and `after` are JSON text. */
export const AUDIT_CSV_HEADER = ['id', 'time', 'ts', 'kind', 'actor', 'apiKey', 'address', 'targetKind', 'targetId', 'before', 'after']

/**
 * One RFC 4180 line (CRLF). A cell holding a comma, a quote or a line break is quoted, quotes
 * doubled; a cell starting with = + - @ or a tab gets a leading ' so that spreadsheets do not run it
 * as a formula (the same rule as the insight CSV).
 */
export function csvLine(cells: (string | number | null)[]): string {
  const cell = (v: string | number | null) => {
    if (v === null) return ''
    let s = String(v)
    if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
  }
  return cells.map(cell).join(',') + '\r\n'
}

export function auditCsvLine(row: AuditRow): string {
  const e = auditEntry(row)
  const json = (v: unknown) => (v === null ? null : JSON.stringify(v))
  return csvLine([e._id, new Date(e.ts).toISOString(), e.ts, e.kind, e.actor, e.apiKey, e.address, e.target.kind, e.target.id, json(e.before), json(e.after)])
}
