/**
 * The function-field engine, as the rest of the server uses it: every import from outside this
 * folder names this file (spec/architecture.spec.ts). What tells the viewers of a changed value
 * and the 404s of the function-field operations are the domain's (server/domain/function-values.ts,
 * server/domain/function-access.ts).
 *
 * Inside: the QuickJS sandbox in a worker thread (evaluator.ts, sandbox*.ts, worker.ts, prelude.ts,
 * intl-bridge.ts); the configured graph of a workspace's functions (graph.ts, config.ts); recompute
 * after a write (recompute.ts, inputs.ts, coerce.ts) and in the background (drain.ts, runs.ts,
 * volatile.ts); the read-only looks and tools of the function-field operations (check.ts,
 * inspect.ts, explain.ts, repair.ts, convert.ts, assist.ts).
 */

// Running code, and the background work started with the server.
export { Evaluator } from './evaluator'
export type { FunctionEngine } from '../context'
export { Drain } from './drain'
export { startVolatileSweep } from './volatile'

// The configuration: the graph of what each function reads, and the checks of a save.
export { DATA, NAME, findCycles, nodeId, unknownReferences } from './graph'
export { checkFunctionInput, checkSavedConfiguration, isFunctionField, loadGraph } from './config'
export { checkFunctions } from './check'

// Values marked stale by a write in its transaction, evaluated after it commits; workflow-wide runs.
export {
  lockBeforeWrite,
  markAffected,
  propagate,
  type Change,
  type PropagateOptions,
  type Propagation,
  type PropagationContext,
  type PropagationResult,
  type Signal,
  type WriteResult,
} from './recompute'
export { createRun } from './runs'

// What the function-field operations read and repair.
export { dryRunNode, evaluateDraft, verifyWorkflow, type Draft, type Trial } from './inspect'
export { explain, type ExplainArgs } from './explain'
export { activeIdsOf, repair, type RepairOptions, type RepairResult } from './repair'
export { planConversions } from './convert'
export { ASSIST_SYSTEM, askModel, assistPrompt, codeOf, explanationOf, requireAi, tryOnActivity, type AssistRequest } from './assist'
