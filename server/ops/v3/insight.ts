/**
 * Insights (added operations): v3.insight.create, update, remove, list, run. Whoever sees a workflow
 * creates insights over it and runs any insight over it; the insight's creator and the workflow's
 * administrators change and remove it (server/domain/insights.ts).
 *
 * Signals: `v3.insight.created|updated|removed` `{cid, processId, _id}` on user:<uid> of the creator
 * (and of the caller, when another): insights are not announced to the whole workspace, whose
 * members may not all see the workflow.
 */
import { insightRecord } from '../../presenters/insight'
import type { Filters, InsightRow } from '../../db/insights'
import { checkDefinition, insertInsight, insightFor, runInsight } from '../../domain/insights'
import { forbidden, notFoundAt, RpcError } from '../../errors'
import { accessToAll, loadProcessAccess, type ProcessAccess } from '../../policies/processes'
import { loadMember, workspaceOf } from '../../policies/roles'
import { invalidOf, type SignedInContext } from '../../context'
import { operation } from '../../rpc/operation'

function announce(
  ctx: SignedInContext,
  sig: 'v3.insight.created' | 'v3.insight.updated' | 'v3.insight.removed',
  insight: { cid: string; process_id: string; _id: string; uid: string },
) {
  const users = [...new Set([insight.uid, ctx.session.uid])]
  ctx.publish(
    users.map((u) => `user:${u}` as const),
    sig,
    { cid: insight.cid, processId: insight.process_id, _id: insight._id },
  )
}

function requireManager(ctx: SignedInContext, insight: InsightRow, access: ProcessAccess) {
  if (insight.uid !== ctx.session.uid && !access.administer) throw forbidden('only the creator of the insight and administrators of the workflow may change it')
}

/** `{processId, name, fields: fieldId[], filters?}`. Returns the Insight record. */
export const create = operation({
  name: 'v3.insight.create',
  access: 'signedIn',
  async run(ctx, insight) {
    const { process } = await loadProcessAccess(ctx.db, ctx.session, insight.processId).catch((err) => {
      throw err instanceof RpcError && err.code === 404 ? notFoundAt('process', 0, '/processId') : err
    })
    const name = insight.name.trim()
    if (!name) throw ctx.invalid(0, '/name', 'must not be blank')
    const filters = insight.filters ?? {}
    await checkDefinition(ctx.db, process, { fields: insight.fields, filters }, invalidOf(ctx, 0))
    const _id = await insertInsight(ctx.db, process.cid, ctx.session.uid, { processId: process._id, name, fields: insight.fields, filters })
    const { insight: created } = await insightFor(ctx.db, ctx.session, _id)
    announce(ctx, 'v3.insight.created', created)
    return insightRecord(created)
  },
})

/** `[insightId, {name?, fields?, filters?}]`. Returns the Insight record. */
export const update = operation({
  name: 'v3.insight.update',
  access: 'signedIn',
  async run(ctx, insightId, changes) {
    const { insight, process, access } = await insightFor(ctx.db, ctx.session, insightId, { lock: true })
    requireManager(ctx, insight, access)
    const name = changes.name === undefined ? insight.name : changes.name.trim()
    if (!name) throw ctx.invalid(1, '/name', 'must not be blank')
    const fields = changes.fields ?? (insight.fields as string[])
    const filters = changes.filters === undefined ? (insight.filters as Filters) : (changes.filters ?? {})
    await checkDefinition(ctx.db, process, { fields, filters }, invalidOf(ctx, 1))
    await ctx.db
      .updateTable('insights')
      .set({ name, fields: JSON.stringify(fields), filters: JSON.stringify(filters), updated: Date.now() })
      .where('cid', '=', insight.cid)
      .where('_id', '=', insightId)
      .execute()
    announce(ctx, 'v3.insight.updated', insight)
    return insightRecord((await insightFor(ctx.db, ctx.session, insightId)).insight)
  },
})

/** `[insightId]`: the insight and its public key go. Returns true. */
export const remove = operation({
  name: 'v3.insight.remove',
  access: 'signedIn',
  async run(ctx, insightId) {
    const { insight, access } = await insightFor(ctx.db, ctx.session, insightId)
    requireManager(ctx, insight, access)
    await ctx.db.deleteFrom('insights').where('cid', '=', insight.cid).where('_id', '=', insightId).execute()
    announce(ctx, 'v3.insight.removed', insight)
    return true
  },
})

/** `[processId?]`: the insights of the current workspace over workflows the caller sees (of one workflow when given), oldest first. */
export const list = operation({
  name: 'v3.insight.list',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, processId) {
    if (processId !== undefined) {
      const { process } = await loadProcessAccess(ctx.db, ctx.session, processId)
      const rows = await ctx.db
        .selectFrom('insights')
        .selectAll()
        .where('cid', '=', process.cid)
        .where('process_id', '=', processId)
        .orderBy('created')
        .orderBy('_id')
        .execute()
      return rows.map(insightRecord)
    }
    const cid = await workspaceOf(ctx.db, ctx.session)
    const member = await loadMember(ctx.db, cid, ctx.session)
    const rows = await ctx.db.selectFrom('insights').selectAll().where('cid', '=', cid).orderBy('created').orderBy('_id').execute()
    const ids = [...new Set(rows.map((r) => r.process_id))]
    const processes = ids.length ? await ctx.db.selectFrom('processes').selectAll().where('cid', '=', cid).where('_id', 'in', ids).execute() : []
    const access = await accessToAll(ctx.db, cid, { uid: ctx.session.uid, role: member.role }, processes)
    return rows.filter((r) => access.get(r.process_id)?.see).map(insightRecord)
  },
})

/** `[insightId]`: `{name, columns: [{key, label, type}], rows: [{_id, name, phase, phaseId, values: {fieldId: value}}], truncated}`. */
export const run = operation({
  name: 'v3.insight.run',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, insightId) {
    const { insight, process } = await insightFor(ctx.db, ctx.session, insightId)
    return runInsight(ctx.db, insight, process)
  },
})
