/**
 * The acts the audit trail records, from AUDIT_KINDS of server/db/audit.ts: docs/guides/audit.md
 * carries the table (`npm run readme`).
 */
import { AUDIT_KINDS, type AuditKind } from '../server/db/audit'

export function auditKindsMarkdown(): string {
  const lines = ['| kind | target | the act |', '|---|---|---|']
  for (const kind of Object.keys(AUDIT_KINDS) as AuditKind[]) {
    const { target, doc } = AUDIT_KINDS[kind]
    lines.push(`| \`${kind}\` | ${target} | ${doc.replace(/\|/g, '\\|')} |`)
  }
  return lines.join('\n')
}
