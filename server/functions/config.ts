/**
 * The function configuration of a workspace as stored (field descriptors and workflows' name
 * functions), and the checks made whenever a part of it is saved (process.create_field,
 * update_field, set_info): the variables' shape (400), what they name (422), the license (422),
 * and no cycle within one activity (422 with `details.cyclePath`).
 */
import type { FieldRecord } from '../db/processes'
import type { DbHandle, ProcessFieldType } from '../db/schema'
import { refused } from '../errors'
import type { Context } from '../context'
import { requireFeature } from '../policies/quota'
import { buildGraph, findCycles, isFunctionField, nodeId, unknownReferences, variableShapeError, type Graph, type WorkflowDef } from './graph'

/** Every workflow of the workspace with its fields and enabled name function: two queries. */
export async function loadWorkflowDefs(db: DbHandle, cid: string): Promise<WorkflowDef[]> {
  const processes = await db.selectFrom('processes').select(['_id', 'name', 'info']).where('cid', '=', cid).orderBy('created').orderBy('_id').execute()
  const rows = await db.selectFrom('process_fields').selectAll().where('cid', '=', cid).orderBy('created').orderBy('_id').execute()
  return processes.map((p) => {
    const info = p.info as Record<string, unknown>
    const nameFn = info.nameFunctionEnabled === true && typeof info.nameFunction === 'string' && info.nameFunction.trim() !== ''
    return {
      _id: p._id,
      name: p.name,
      info,
      fields: rows
        .filter((r) => r.process_id === p._id)
        .map((r) => ({ ...(r.descriptor as object), _id: r._id, type: r.type as ProcessFieldType, uid: r.uid, created: r.created }) as FieldRecord),
      ...(nameFn ? { nameFunction: { body: info.nameFunction as string, variables: (info.nameFunctionVariables as Record<string, unknown>) ?? {} } } : {}),
    }
  })
}

export async function loadGraph(db: DbHandle, cid: string): Promise<{ workflows: WorkflowDef[]; graph: Graph }> {
  const workflows = await loadWorkflowDefs(db, cid)
  return { workflows, graph: buildGraph(workflows) }
}

/**
 * Before a save: 400 naming the variable whose shape is wrong; 422 when the license has no
 * function fields and the save turns a function on. `argument` is the position of the descriptor.
 */
export async function checkFunctionInput(
  ctx: Context,
  cid: string,
  argument: number,
  d: Record<string, unknown>,
  keys: { code: string; enabled: string; variables: string },
) {
  const variables = d[keys.variables]
  if (variables && typeof variables === 'object') {
    for (const [name, value] of Object.entries(variables)) {
      const reason = variableShapeError(value)
      if (reason) throw ctx.invalid(argument, `/${keys.variables}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, reason)
    }
  }
  const turnsOn = d[keys.enabled] === true || (typeof d[keys.code] === 'string' && (d[keys.code] as string).trim() !== '')
  if (turnsOn) await requireFeature(ctx.db, cid, 'functionFields')
}

/**
 * After a save, in its transaction: 422 when the saved function names what does not exist, or
 * when the configuration now holds a cycle within one activity (the transaction then rolls back).
 * Returns the cycles that cross links, which are allowed.
 */
export async function checkSavedConfiguration(db: DbHandle, cid: string, processId: string, fieldKey: string, variables: Record<string, unknown> | undefined) {
  const { workflows, graph } = await loadGraph(db, cid)
  const unknown = variables ? unknownReferences(workflows, processId, variables) : []
  if (unknown.length) throw refused(`functionVariables name what does not exist: ${unknown[0].variable}: ${unknown[0].reason}`, { fieldId: fieldKey, unknown })
  const [cycle] = findCycles(graph, true, nodeId(processId, fieldKey)).filter((c) => c.some((step) => step.processId === processId))
  if (cycle) {
    throw refused(`a cycle within one activity can never be computed: ${cycle.map((s) => s.label).join(' → ')}`, { cyclePath: cycle })
  }
  return findCycles(graph, false)
}

export { isFunctionField }
