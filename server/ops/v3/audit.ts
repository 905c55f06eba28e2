/**
 * Added operation (docs/guides/audit.md): the workspace's audit trail, for owners and admins
 * (capability audit.read). Entries are written by the acts themselves (server/domain/audit.ts);
 * nothing here or anywhere changes them. The CSV export of the same is GET /audit.csv
 * (server/http/audit.ts).
 */
import { auditPage, isAuditKind } from '../../db/audit'
import { auditEntry } from '../../presenters/audit'
import { operation } from '../../rpc/operation'

export const list = operation({
  name: 'v3.audit.list',
  access: 'member',
  capability: 'audit.read',
  workspace: (_caller, workspaceId) => workspaceId,
  readOnly: true,
  async run(ctx, _workspaceId, query = {}) {
    const { kind } = query
    if (kind !== undefined && !isAuditKind(kind)) throw ctx.invalid(1, '/kind', 'is not a kind the audit trail records (docs/guides/audit.md)')
    const rows = await auditPage(ctx.db, ctx.cid, { ...query, kind, limit: query.limit ?? 100 })
    return rows.map(auditEntry)
  },
})
