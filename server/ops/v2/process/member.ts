/**
 * Members of a workflow: v2.process.member.add, list, remove. Adding and removing: administrators of
 * the workflow; listing: whoever sees it. Who sees what follows from the members
 * (server/policies/processes.ts).
 *
 * Signal on workspace:<cid>: `process.updated {_id, changed: ['members']}`.
 */
import { loadMemberEntries } from '../../../db/processes'
import { memberInfo, resolveMemberId } from '../../../domain/process-members'
import { loadProcessAccess, requireAdminister, processViewers } from '../../../policies/processes'
import { operation } from '../../../rpc/operation'
import { tellViewers } from '../../../domain/process-signals'
import { audit } from '../../../domain/audit'

const KINDS = ['network', 'team', 'user', 'group']

/** Lists a member (no permissions yet); true, also when it was listed already. */
export const add = operation({
  name: 'v2.process.member.add',
  access: 'signedIn',
  async run(ctx, processId, memberId) {
    const { process, access } = await loadProcessAccess(ctx.db, ctx.session, processId, { lock: true })
    requireAdminister(access, 'change the members')
    const viewersBefore = await processViewers(ctx.db, process)
    const id = await resolveMemberId(ctx, process.cid, memberId, { argument: 1, kinds: KINDS })
    const added = await ctx.db
      .insertInto('process_members')
      .values({ cid: process.cid, process_id: process._id, member_id: id, permissions: '[]', created: Date.now() })
      .onConflict((oc) => oc.doNothing())
      .returning('member_id')
      .executeTakeFirst()
    if (added) {
      await audit(ctx, { cid: process.cid, kind: 'workflow.member.add', targetId: process._id, after: { member: id, permissions: [] } })
      await tellViewers(ctx, process, { sig: 'process.updated', meta: { _id: process._id, changed: ['members'] } }, viewersBefore)
    }
    return true
  },
})

/** `[{id, info: {type, name?}, permissions}]`, oldest first. */
export const list = operation({
  name: 'v2.process.member.list',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, processId) {
    const { process } = await loadProcessAccess(ctx.db, ctx.session, processId)
    const entries = await loadMemberEntries(ctx.db, process.cid, process._id)
    return Promise.all(entries.map(async (e) => ({ id: e.id, info: await memberInfo(ctx.db, process.cid, e.id), permissions: e.permissions })))
  },
})

/** Removes a member with its permissions (any id form; removing network_<cid> restricts the workflow). 404 when not listed. */
export const remove = operation({
  name: 'v2.process.member.remove',
  access: 'signedIn',
  async run(ctx, processId, memberId) {
    const { process, access } = await loadProcessAccess(ctx.db, ctx.session, processId, { lock: true })
    requireAdminister(access, 'change the members')
    const viewersBefore = await processViewers(ctx.db, process)
    const removed = await ctx.db
      .deleteFrom('process_members')
      .where('cid', '=', process.cid)
      .where('process_id', '=', process._id)
      .where('member_id', '=', memberId)
      .returning(['member_id', 'permissions'])
      .executeTakeFirst()
    if (!removed) {
      await resolveMemberId(ctx, process.cid, memberId, { argument: 1, kinds: KINDS })
      return false
    }
    await audit(ctx, {
      cid: process.cid,
      kind: 'workflow.member.remove',
      targetId: process._id,
      before: { member: memberId, permissions: removed.permissions },
    })
    await tellViewers(ctx, process, { sig: 'process.updated', meta: { _id: process._id, changed: ['members'] } }, viewersBefore)
    return true
  },
})
