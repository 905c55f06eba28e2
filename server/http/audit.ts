/**
 * GET /audit.csv?workspaceId=…[&afterTs=…&afterId=…&actor=…&kind=…]: the workspace's audit trail as a
 * CSV attachment (docs/guides/audit.md), oldest first, every entry the same filters of v3.audit.list
 * select, without its page limit. Owners and admins (capability audit.read), signed in by the
 * `hlrkey` header or cookie; a non-member is told 404, a member without the capability 403. The
 * rows are streamed page by page, so a long trail never sits in memory.
 */
import express, { type Request, type Response } from 'express'
import { once } from 'node:events'
import { auditPage, isAuditKind, type AuditQuery } from '../db/audit'
import { badRequest, notFound } from '../errors'
import { isObjectId } from '../ids'
import { loadMember, requireCapability } from '../policies/roles'
import { AUDIT_CSV_HEADER, auditCsvLine, csvLine } from '../presenters/audit'
import { queryParam } from './params'
import type { RouteDeps } from './routes'
import { signedIn, signIn } from './sign-in'

const PAGE = 1000

export function auditRouter(deps: RouteDeps) {
  const router = express.Router()
  router.get('/audit.csv', signIn(deps, 'required'), async (req, res) => {
    const { cid, query } = auditRequest(req)
    const member = await loadMember(deps.db.kysely, cid, signedIn(res))
    requireCapability(member, 'audit.read', 'reading the audit trail')
    res.set('Cache-Control', 'no-store')
    res.attachment(`audit-${cid}.csv`)
    res.status(200).type('text/csv; charset=utf-8')
    await write(res, csvLine(AUDIT_CSV_HEADER))
    for (let page = query; !res.destroyed;) {
      const rows = await auditPage(deps.db.kysely, cid, page)
      for (const row of rows) await write(res, auditCsvLine(row))
      if (rows.length < PAGE) break
      const last = rows[rows.length - 1]
      page = { ...page, afterTs: Number(last.ts), afterId: last._id }
    }
    res.end()
  })
  return router
}

/** Waits when the client reads slower than the trail is written (or until it went away). */
async function write(res: Response, text: string) {
  if (res.destroyed || res.write(text)) return
  await Promise.race([once(res, 'drain'), once(res, 'close')])
}

function auditRequest(req: Request): { cid: string; query: AuditQuery } {
  const cid = queryParam(req, 'workspaceId')
  if (!cid || !isObjectId(cid)) throw notFound('workspace')
  const id = (name: string) => {
    const value = queryParam(req, name)
    if (value !== undefined && !isObjectId(value)) throw badRequest(`${name} must be an id`, { query: name })
    return value
  }
  const after = queryParam(req, 'afterTs')
  const afterTs = after === undefined ? undefined : Number(after)
  if (afterTs !== undefined && !(Number.isSafeInteger(afterTs) && afterTs >= 0))
    throw badRequest('afterTs must be milliseconds since 1970', { query: 'afterTs' })
  const afterId = id('afterId')
  if (afterId !== undefined && afterTs === undefined) throw badRequest('afterId goes with afterTs', { query: 'afterId' })
  const kind = queryParam(req, 'kind')
  if (kind !== undefined && !isAuditKind(kind)) throw badRequest('kind is not a kind the audit trail records (docs/guides/audit.md)', { query: 'kind' })
  return { cid, query: { afterTs, afterId, actor: id('actor'), kind, limit: PAGE } }
}
