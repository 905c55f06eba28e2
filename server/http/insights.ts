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
import { sendError } from './errors'
import type { RouteDeps } from './routes'

const DELIMITERS: Record<string, string> = { ',': ',', ';': ';', '|': '|', '\t': '\t', tab: '\t' }

export function insightsRouter({ db }: RouteDeps) {
  const router = express.Router()
  router.get('/public/insight/:key{/:type}', async (req, res, next) => {
    try {
      const { key } = req.params as { key: string; type?: string }
      const type = (req.params as { type?: string }).type ?? 'csv'
      if (type !== 'csv' && type !== 'json') return sendError(res, { code: 400, msg: 'type must be csv or json' })
      const one = (name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string) : undefined)
      const delimiter = DELIMITERS[one('delimiter') ?? ',']
      if (!delimiter) return sendError(res, { code: 400, msg: 'delimiter must be one of , ; | or a tab' })
      const separator = one('separator') ?? '.'
      if (separator !== '.' && separator !== ',') return sendError(res, { code: 400, msg: 'separator must be . or ,' })
      if (separator === delimiter) return sendError(res, { code: 400, msg: 'separator and delimiter must differ' })
      const bomParam = one('bom')
      if (bomParam !== undefined && !['1', 'true', '0', 'false', ''].includes(bomParam)) return sendError(res, { code: 400, msg: 'bom must be 1, true, 0 or false' })
      const bom = bomParam === '1' || bomParam === 'true'

      const insight = key.length === 32 ? await insightByPublicHash(db.kysely, hashSecret(key)) : undefined
      const found = insight && (await loadProcessAccess(db.kysely, userPrincipal(insight.uid), insight.process_id).catch(() => null))
      if (!insight || !found) return sendError(res, { code: 404, msg: 'insight not found' })
      const result = await runInsight(db.kysely, insight, found.process)
      res.set({ 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' })
      if (type === 'json') return void res.status(200).type('application/json; charset=utf-8').send(JSON.stringify(result))
      res.attachment(`${insight.name.replace(/[\\/\x00-\x1f\x7f]/g, '_')}.csv`)
      res.status(200).type('text/csv; charset=utf-8').send(toCsv(result, { delimiter, separator, bom }))
    } catch (err) {
      next(err)
    }
  })
  return router
}
