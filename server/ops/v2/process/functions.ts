/**
 * v2.process.validateFunction and validateFunctions: the code of function fields compiled in the
 * sandbox without running it (server/functions/check.ts), and the workspace's configured
 * cycles that cross links (allowed, reported). Both only read.
 */
import { checkFunctions, loadGraph, findCycles, NAME, unknownReferences } from '../../../functions'
import { visibleProcessesOf } from '../../../policies/processes'
import { loadMember } from '../../../policies/roles'
import { operation } from '../../../rpc/operation'
import { dict } from '../../../safe-keys'

/** `{valid, errors: [{message, line, column}], warnings}` for one body and its variable names. Anyone signed in. */
export const validateFunction = operation({
  name: 'v2.process.validateFunction',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, functionBody: string, variableNames?: string[]) {
    const [check] = await checkFunctions(ctx.functions, [{ body: functionBody, variableNames }])
    return check
  },
})

/**
 * Every function field and name function with code, of every workflow of the workspace the caller
 * sees: a map from field id (`<processId>:name` for a name function) to `{processId, valid, errors,
 * warnings, unknown?, configuredCycle?}`. `unknown` lists variables naming what no longer exists;
 * `configuredCycle` is the path of a cycle through links the function is part of. 404 when the
 * caller is not a member of the workspace.
 */
export const validateFunctions = operation({
  name: 'v2.process.validateFunctions',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, workspaceId) {
    const member = await loadMember(ctx.db, workspaceId, ctx.session)
    const visible = new Set((await visibleProcessesOf(ctx.db, workspaceId, member)).map((v) => v.process._id))
    const { workflows, graph } = await loadGraph(ctx.db, workspaceId)
    const cycles = findCycles(graph, false)
    const entries: { key: string; processId: string; body: string; variables: Record<string, unknown>; fieldKey: string }[] = []
    for (const w of workflows) {
      if (!visible.has(w._id)) continue
      for (const f of w.fields) {
        if (typeof f.function !== 'string' || !f.function.trim()) continue
        entries.push({ key: f._id, processId: w._id, body: f.function, variables: (f.functionVariables as Record<string, unknown>) ?? {}, fieldKey: f._id })
      }
      if (w.nameFunction)
        entries.push({ key: `${w._id}:${NAME}`, processId: w._id, body: w.nameFunction.body, variables: w.nameFunction.variables, fieldKey: NAME })
    }
    const checks = await checkFunctions(
      ctx.functions,
      entries.map((e) => ({ body: e.body, variableNames: Object.keys(e.variables) })),
    )
    const out = dict<object>()
    entries.forEach((e, i) => {
      const unknown = unknownReferences(workflows, e.processId, e.variables)
      const cycle = cycles.find((c) => c.some((s) => s.processId === e.processId && s.fieldId === e.fieldKey))
      out[e.key] = { processId: e.processId, ...checks[i], ...(unknown.length ? { unknown } : {}), ...(cycle ? { configuredCycle: cycle } : {}) }
    })
    return out
  },
})
