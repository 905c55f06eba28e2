/**
 * v2.process.get, v2.process.star, v2.process.meta: for whoever may see the workflow
 * (server/policies/processes.ts). Star changes are signalled to the caller only:
 * `process.starred {_id, isStarred}` on user:<uid>.
 */
import { isStarred, loadFields } from '../../db/processes'
import { processObject } from '../../presenters/process'
import { loadProcessAccess } from '../../policies/processes'
import { operation } from '../../rpc/operation'
import { dict } from '../../safe-keys'

/** The whole process object, with isStarred for the caller. The process id is required (400 without). */
export const get = operation({
  name: 'v2.process.get',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, processId) {
    if (processId === undefined) throw ctx.invalid(0, '', 'is required')
    // One statement: the workflow, the caller's access and what its process object adds.
    const { process, members, parts } = await loadProcessAccess(ctx.db, ctx.session, processId, { partsFor: ctx.session.uid })
    return processObject(ctx.db, process, ctx.session.uid, members, parts)
  },
})

/** Toggles the caller's star on the workflow. */
export const star = operation({
  name: 'v2.process.star',
  access: 'signedIn',
  async run(ctx, processId) {
    const { process } = await loadProcessAccess(ctx.db, ctx.session, processId)
    const uid = ctx.session.uid
    // Delete first, insert when nothing was deleted: two toggles at once never fail on the key.
    const unstarred = await ctx.db
      .deleteFrom('process_stars')
      .where('cid', '=', process.cid)
      .where('process_id', '=', process._id)
      .where('uid', '=', uid)
      .returning('uid')
      .executeTakeFirst()
    const starred = !unstarred
    if (starred) {
      await ctx.db
        .insertInto('process_stars')
        .values({ cid: process.cid, process_id: process._id, uid, created: Date.now() })
        .onConflict((oc) => oc.doNothing())
        .execute()
    }
    ctx.publish(`user:${uid}`, 'process.starred', { _id: process._id, isStarred: starred })
    return { isStarred: starred }
  },
})

/**
 * What an activity list needs to know of the workflow's fields: a map from field id to
 * `{_id, label, type, key?, required, unit?, data?}`, in fieldsOrder; `search` keeps the fields whose
 * label or key contains it (case-insensitive).
 */
export const meta = operation({
  name: 'v2.process.meta',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, query) {
    const { process } = await loadProcessAccess(ctx.db, ctx.session, query.process)
    const fields = await loadFields(ctx.db, process.cid, process._id)
    const order = (process.info.fieldsOrder as string[] | undefined) ?? []
    fields.sort((a, b) => rank(order, a._id) - rank(order, b._id))
    const needle = query.search?.trim().toLowerCase()
    const out = dict<object>()
    for (const f of fields) {
      if (
        needle &&
        !f.label.toLowerCase().includes(needle) &&
        !String(f.key ?? '')
          .toLowerCase()
          .includes(needle)
      )
        continue
      const entry: Record<string, unknown> = { _id: f._id, label: f.label, type: f.type, required: f.required === true }
      for (const k of ['key', 'unit', 'data'] as const) if (f[k] !== undefined) entry[k] = f[k]
      out[f._id] = entry
    }
    return out
  },
})

const rank = (order: string[], id: string) => {
  const i = order.indexOf(id)
  return i < 0 ? Number.MAX_SAFE_INTEGER : i
}
