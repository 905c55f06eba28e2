/**
 * GET /public/insight/:key/:type?: an insight's export without a session; `key` is the insight's
 * 32-character public key (v3.insight.publicKey.create). The rows are those its creator sees now.
 * An unknown or revoked key, or a creator who no longer sees the workflow -> 404.
 *
 * type `csv` (default) -> text/csv attachment `<insight name>.csv`, query:
 *   delimiter: one of `,` (default) `;` `|` or a tab (`%09` or the word `tab`);
 *   separator: the decimal separator of numbers, `.` (default) or `,` (must differ from the delimiter);
 *   bom: `1` or `true` starts the file with a UTF-8 byte order mark (for spreadsheet apps).
 * type `json` -> {name, columns: [{key, label, type}], rows: [{_id, name, phase, phaseId, values}], truncated}.
 * Anything else, or a bad parameter -> 400.
 */
import { userPrincipal } from '../policies/principal'
import express from 'express'
import { insightByPublicHash, runInsight, toCsv } from '../domain/insights'
import { hashSecret } from '../ids'
import { loadProcessAccess } from '../policies/processes'
import { notFound } from '../errors'
import { insightExportRequest } from './params'
import type { RouteDeps } from './routes'
import { USER_CONTENT_CSP } from './user-content'

export function insightsRouter({ db }: RouteDeps) {
  const router = express.Router()
  router.get('/public/insight/:key{/:type}', async (req, res) => {
    const { type, delimiter, separator, bom } = insightExportRequest(req)
    const key = req.params.key as string
    const insight = key.length === 32 ? await insightByPublicHash(db.kysely, hashSecret(key)) : undefined
    const found = insight && (await loadProcessAccess(db.kysely, userPrincipal(insight.uid), insight.process_id).catch(() => null))
    if (!insight || !found) throw notFound('insight')
    const result = await runInsight(db.kysely, insight, found.process)
    res.set({ 'Cache-Control': 'no-store', 'Content-Security-Policy': USER_CONTENT_CSP })
    if (type === 'json') return void res.status(200).type('application/json; charset=utf-8').send(JSON.stringify(result))
    res.attachment(`${insight.name.replace(/[\\/\x00-\x1f\x7f]/g, '_')}.csv`)
    res.status(200).type('text/csv; charset=utf-8').send(toCsv(result, { delimiter, separator, bom }))
  })
  return router
}
