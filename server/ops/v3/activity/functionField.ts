/**
 * v3.activity.functionField.assist: a function body suggested (generate, improve) or explained by
 * the operator's AI model (server/functions/assist.ts). Suggested code comes back with the
 * result of validateFunction and of one run on the activity. Saves nothing. 503
 * {reason: 'aiNotConfigured'} on a server without a model.
 */
import { seenActivity } from '../../../domain/function-access'
import {
  ASSIST_SYSTEM,
  askModel,
  checkFunctions,
  codeOf,
  explanationOf,
  requireAi,
  tryOnActivity,
  assistPrompt,
  type AssistRequest,
  loadGraph,
} from '../../../functions'
import { operation } from '../../../rpc/operation'

/**
 * [{mode, activityId, workflow, field, instruction?, code?, dependencies?, functionVariables?,
 * currentEvaluation?}] -> {mode, explanation, code?, validation?, dryRun?}: `validation` as
 * v2.process.validateFunction; `dryRun` {ok, value | error} on the activity (null when the code
 * does not compile).
 */
export const assist = operation({
  name: 'v3.activity.functionField.assist',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, request: AssistRequest) {
    requireAi(ctx.config)
    const { activity, cid } = await seenActivity(ctx, request.activityId!)
    const { workflows } = await loadGraph(ctx.db, cid)
    const variables = request.functionVariables ?? (request.field.functionVariables as Record<string, unknown>) ?? {}
    const field = workflows.flatMap((w) => w.fields).find((f) => f._id === request.field._id)
    const before = await tryOnActivity(ctx.db, ctx.functions, cid, workflows, activity, field, 'return null', variables)
    const reply = await askModel(ctx.config, ASSIST_SYSTEM, assistPrompt(request, before.dep))
    if (request.mode === 'explain') return { mode: request.mode, explanation: reply.trim() }
    const code = codeOf(reply)
    const [validation] = await checkFunctions(ctx.functions, [{ body: code, variableNames: Object.keys(variables) }])
    const trial = validation.valid ? await tryOnActivity(ctx.db, ctx.functions, cid, workflows, activity, field, code, variables) : null
    return {
      mode: request.mode,
      code,
      explanation: explanationOf(reply),
      validation,
      dryRun: trial && (trial.ok ? { ok: true, value: trial.value ?? null } : { ok: false, error: trial.error }),
    }
  },
})
