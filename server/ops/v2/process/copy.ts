/**
 * v2.process.copy: copies of workflows in their own workspace, through server/domain/copy-processes.ts
 * (new ids for every process, field and phase; references between the copied workflows follow).
 */
import { copyProcesses, describeProcesses } from '../../../domain/copy-processes'
import { loadProcessAccess, requireAdminister } from '../../../policies/processes'
import { operation } from '../../../rpc/operation'
import type { ProcessRow } from '../../../db/processes'

/**
 * [processId | processId[]]: the caller must administer every one (404 for one they do not see,
 * 403 for one they see but do not administer; nothing is copied then). Copies of workflows of one
 * workspace are made together, so a link from one to another points to the other's copy. Each copy
 * is named "<name> (copy)". Returns the new process ids in the order given.
 */
export const copy = operation({
  name: 'v2.process.copy',
  access: 'signedIn',
  async run(ctx, processIds) {
    const given = [...new Set(Array.isArray(processIds) ? processIds : [processIds])]
    if (!given.length) throw ctx.invalid(0, '', 'must name at least one process')
    const byWorkspace = new Map<string, ProcessRow[]>()
    for (const id of given) {
      const { process, access } = await loadProcessAccess(ctx.db, ctx.session, id)
      requireAdminister(access, 'copy')
      byWorkspace.set(process.cid, [...(byWorkspace.get(process.cid) ?? []), process])
    }
    const copies = new Map<string, string>()
    for (const [cid, processes] of byWorkspace) {
      const schemas = await describeProcesses(
        ctx.db,
        cid,
        processes.map((p) => p._id),
      )
      const { ids } = await copyProcesses(ctx, { cid, uid: ctx.session.uid, sourceCid: cid, rename: (name) => `${name} (copy)` }, schemas)
      for (const p of processes) copies.set(p._id, ids.get(p._id)!)
    }
    return given.map((id) => copies.get(id)!)
  },
})
