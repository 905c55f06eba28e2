/**
 * repairPath, repairPathDryRun, repairWorkflowPath, repairWorkflowPathDryRun, forceRepairPath,
 * forceRepairWorkflowPath (server/functions/repair.ts). The path variants act on one
 * activity and need permission to edit it; the workflow variants act on every active activity of
 * a workflow (at most `limit`) and are for workspace admins and owners. Dry runs write nothing.
 * Defaults: repairPath and repairWorkflowPath write (writeValues true); the force variants do not
 * unless asked (writeValues false), as the interface says.
 */
import { requireEdit } from '../../../domain/activities/access'
import { writePropagation } from '../../../domain/function-values'
import { seenActivity, visibleProcess, workspaceOfProcess } from '../../../domain/function-access'
import { activeIdsOf, repair, type RepairOptions, type RepairResult } from '../../../functions'
import { LateReply, type MemberContext, type SignedInContext } from '../../../context'
import { operation } from '../../../rpc/operation'

type PathArgs = RepairOptions & { activityId: string }
type WorkflowArgs = RepairOptions & { workflowId: string; limit?: number }

/**
 * Runs the repair where no transaction is open while functions run: at once for a dry run (a
 * read-only call has none), after the call's transaction commits otherwise (its reply is late),
 * the values written in a short transaction of their own.
 */
function repairFree(ctx: SignedInContext, dryRun: boolean, cid: string, processId: string, ids: string[], options: RepairOptions & { force: boolean }) {
  const { functions } = ctx
  if (dryRun) return repair({ db: ctx.db, functions }, cid, processId, ids, options)
  return new LateReply((late) => repair({ db: late.db, functions }, cid, processId, ids, options, (propagation) => writePropagation(late, propagation)))
}

async function onePath(ctx: SignedInContext, options: PathArgs, force: boolean, dryRun: boolean) {
  const v = await seenActivity(ctx, options.activityId)
  if (!dryRun) requireEdit(v, 'repair')
  const writeValues = dryRun ? false : (options.writeValues ?? !force)
  return repairFree(ctx, dryRun, v.cid, v.activity.process_id, [v.activity._id], { ...options, writeValues, force })
}

async function wholeWorkflow(ctx: MemberContext, options: WorkflowArgs, force: boolean, dryRun: boolean) {
  const process = await visibleProcess(ctx, options.workflowId)
  const ids = await activeIdsOf(ctx.db, ctx.cid, process._id, options.limit)
  const writeValues = dryRun ? false : (options.writeValues ?? !force)
  // A configured cycle blocks every activity of the workflow alike.
  const answer = (result: RepairResult) =>
    result.blocked ? { ...result, activities: ids.length, blockedActivities: ids.length } : { ...result, activities: ids.length }
  const result = repairFree(ctx, dryRun, ctx.cid, process._id, ids, { ...options, writeValues, force })
  return result instanceof LateReply ? result.map(answer) : answer(await result)
}

const path = (name: 'v3.activity.repairPath' | 'v3.activity.repairPathDryRun' | 'v3.activity.forceRepairPath', force: boolean, dryRun: boolean) =>
  operation({
    name,
    access: 'signedIn',
    readOnly: dryRun,
    async run(ctx, options: PathArgs) {
      if (!options?.activityId) throw ctx.invalid(0, '/activityId', 'is required')
      if (!options.fieldId) throw ctx.invalid(0, '/fieldId', 'is required')
      return onePath(ctx, options, force, dryRun)
    },
  })

const workflow = (
  name: 'v3.activity.repairWorkflowPath' | 'v3.activity.repairWorkflowPathDryRun' | 'v3.activity.forceRepairWorkflowPath',
  force: boolean,
  dryRun: boolean,
) =>
  operation({
    name,
    access: 'member',
    capability: 'workspace.admin',
    workspace: (caller, options: WorkflowArgs) => workspaceOfProcess(caller, options?.workflowId),
    readOnly: dryRun,
    async run(ctx, options: WorkflowArgs) {
      if (!options?.workflowId) throw ctx.invalid(0, '/workflowId', 'is required')
      if (!options.fieldId) throw ctx.invalid(0, '/fieldId', 'is required')
      return wholeWorkflow(ctx, options, force, dryRun)
    },
  })

export const repairPath = path('v3.activity.repairPath', false, false)
export const repairPathDryRun = path('v3.activity.repairPathDryRun', false, true)
export const forceRepairPath = path('v3.activity.forceRepairPath', true, false)
export const repairWorkflowPath = workflow('v3.activity.repairWorkflowPath', false, false)
export const repairWorkflowPathDryRun = workflow('v3.activity.repairWorkflowPathDryRun', false, true)
export const forceRepairWorkflowPath = workflow('v3.activity.forceRepairWorkflowPath', true, false)
