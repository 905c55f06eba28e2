/**
 * repairPath, repairPathDryRun, repairWorkflowPath, repairWorkflowPathDryRun, forceRepairPath,
 * forceRepairWorkflowPath (server/functions/repair.ts). The path variants act on one
 * activity and need permission to edit it; the workflow variants act on every active activity of
 * a workflow (at most `limit`) and are for workspace admins and owners. Dry runs write nothing.
 * Defaults: repairPath and repairWorkflowPath write (writeValues true); the force variants do not
 * unless asked (writeValues false), as the interface says.
 */
import { requireEdit } from '../../../domain/activities/history-read'
import { tellViewers } from '../../../domain/process-signals'
import { seenActivity, visibleProcess, workspaceOfProcess } from '../../../domain/function-access'
import { activeIdsOf, repair, type RepairOptions, type PropagationContext } from '../../../functions'
import type { MemberContext, SignedInContext } from '../../../context'
import { operation } from '../../../rpc/operation'

type PathArgs = RepairOptions & { activityId: string }
type WorkflowArgs = RepairOptions & { workflowId: string; limit?: number }

const propagation = (ctx: SignedInContext): PropagationContext => ({
  db: ctx.db,
  functions: ctx.functions,
  signal: (cid, processId, _id, fields) => tellViewers(ctx, { cid: cid, _id: processId }, { sig: 'v3.activity.updated', meta: { _id, processId, fields } }),
})

async function onePath(ctx: SignedInContext, args: PathArgs, force: boolean, dryRun: boolean) {
  const v = await seenActivity(ctx, args.activityId)
  if (!dryRun) requireEdit(v, 'repair')
  const writeValues = dryRun ? false : (args.writeValues ?? !force)
  return repair(propagation(ctx), v.cid, v.activity.process_id, [v.activity._id], { ...args, writeValues, force })
}

async function wholeWorkflow(ctx: MemberContext, args: WorkflowArgs, force: boolean, dryRun: boolean) {
  const process = await visibleProcess(ctx, args.workflowId)
  const ids = await activeIdsOf(ctx.db, ctx.cid, process._id, args.limit)
  const writeValues = dryRun ? false : (args.writeValues ?? !force)
  const result = await repair(propagation(ctx), ctx.cid, process._id, ids, { ...args, writeValues, force })
  // A configured cycle blocks every activity of the workflow alike.
  return result.blocked ? { ...result, activities: ids.length, blockedActivities: ids.length } : { ...result, activities: ids.length }
}

const path = (name: 'v3.activity.repairPath' | 'v3.activity.repairPathDryRun' | 'v3.activity.forceRepairPath', force: boolean, dryRun: boolean) =>
  operation({
    name,
    access: 'signedIn',
    readOnly: dryRun,
    async run(ctx, args: PathArgs) {
      if (!args?.activityId) throw ctx.invalid(0, '/activityId', 'is required')
      if (!args.fieldId) throw ctx.invalid(0, '/fieldId', 'is required')
      return onePath(ctx, args, force, dryRun)
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
    workspace: (caller, args: WorkflowArgs) => workspaceOfProcess(caller, args?.workflowId),
    readOnly: dryRun,
    async run(ctx, args: WorkflowArgs) {
      if (!args?.workflowId) throw ctx.invalid(0, '/workflowId', 'is required')
      if (!args.fieldId) throw ctx.invalid(0, '/fieldId', 'is required')
      return wholeWorkflow(ctx, args, force, dryRun)
    },
  })

export const repairPath = path('v3.activity.repairPath', false, false)
export const repairPathDryRun = path('v3.activity.repairPathDryRun', false, true)
export const forceRepairPath = path('v3.activity.forceRepairPath', true, false)
export const repairWorkflowPath = workflow('v3.activity.repairWorkflowPath', false, false)
export const repairWorkflowPathDryRun = workflow('v3.activity.repairWorkflowPathDryRun', false, true)
export const forceRepairWorkflowPath = workflow('v3.activity.forceRepairWorkflowPath', true, false)
