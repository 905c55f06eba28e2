/**
 * v3.activity.list [{processId, phaseId?, search?, fields?, sort?, order?, limit?, after?}]: a page of
 * a workflow's active activities, `{activities: Activity[], next: cursor | null}`. Whoever sees the
 * workflow reads all its activities (server/policies/processes.ts); anyone else gets 404. The query,
 * its keyset paging and its filters: server/domain/activities/list.ts.
 */
import { recordOfRow } from '../../../domain/activities/read'
import { fieldConditions, listPage, readCursor, writeCursor, type ListSort } from '../../../domain/activities/list'
import { loadFieldsById } from '../../../db/processes'
import { loadProcessAccess } from '../../../policies/processes'
import { operation } from '../../../rpc/operation'

export const list = operation({
  name: 'v3.activity.list',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, query) {
    const { process } = await loadProcessAccess(ctx.db, ctx.session, query.processId)
    const sort: ListSort = query.sort ?? 'created'
    const after = query.after === undefined ? undefined : readCursor(query.after, sort)
    if (after === null) throw ctx.invalid(0, '/after', 'is not a cursor of this list')
    const conditions =
      query.fields && Object.keys(query.fields).length
        ? fieldConditions(await loadFieldsById(ctx.db, process.cid, process._id), query.fields, (fieldId, reason) =>
            ctx.invalid(0, `/fields/${fieldId}`, reason),
          )
        : []
    const limit = query.limit ?? 50
    const rows = await listPage(ctx.db, {
      cid: process.cid,
      processId: process._id,
      phaseId: query.phaseId,
      search: query.search?.trim() || undefined,
      conditions,
      sort,
      desc: query.order === 'desc',
      limit,
      after,
    })
    const page = rows.slice(0, limit)
    const last = page[page.length - 1]
    const fieldsOrder = (process.info.fieldsOrder as string[] | undefined) ?? []
    const activities = page.map(({ sort_key, ...row }) => recordOfRow(row, fieldsOrder))
    return { activities, next: rows.length > limit && last ? writeCursor(sort, last.sort_key, last._id) : null }
  },
})
