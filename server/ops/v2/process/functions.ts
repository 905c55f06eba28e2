/**
 * v2.process.validateFunction and validateFunctions: the code of function fields checked without
 * running it (server/domain/functions.ts). Both only read.
 */
import { loadFields } from '../../../db/processes'
import { checkFunction } from '../../../domain/functions'
import { visibleProcessesOf } from '../../../policies/processes'
import { loadMember } from '../../../policies/roles'
import { operation } from '../../../rpc/operation'

/** `{valid, errors: [{message, line, column}]}` for one function body and its variable names. Anyone signed in. */
export const validateFunction = operation({
  name: 'v2.process.validateFunction',
  access: 'signedIn',
  readOnly: true,
  async run(_ctx, functionBody, variableNames) {
    return checkFunction(functionBody, variableNames ?? [])
  },
})

/**
 * Every function field (a field with `function` code) of every workflow of the workspace the caller
 * sees: a map from field id to `{processId, valid, errors}`; the variable names are the keys of the
 * field's functionVariables. 404 when the caller is not a member of the workspace.
 */
export const validateFunctions = operation({
  name: 'v2.process.validateFunctions',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, workspaceId) {
    const member = await loadMember(ctx.db, workspaceId, ctx.session)
    const out: Record<string, { processId: string; valid: boolean; errors: object[] }> = {}
    for (const { process: p } of await visibleProcessesOf(ctx.db, workspaceId, member)) {
      for (const f of await loadFields(ctx.db, workspaceId, p._id)) {
        if (typeof f.function !== 'string' || !f.function.trim()) continue
        const variables = f.functionVariables && typeof f.functionVariables === 'object' ? Object.keys(f.functionVariables) : []
        out[f._id] = { processId: p._id, ...checkFunction(f.function, variables) }
      }
    }
    return out
  },
})
