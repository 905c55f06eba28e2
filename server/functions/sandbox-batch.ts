/**
 * The fast mode's one entry into the sandbox for a sub-batch of evaluations (`__runBatch` of
 * ./prelude.ts), and how big the next sub-batch is. Sandbox.evaluateMany (./sandbox.ts) drives it
 * and evaluates alone every item this path does not answer.
 */
import type { QuickJSHandle } from 'quickjs-emscripten'
import type { EvalInput, Evaluation } from '../context'
import { compiled, syntaxError, type SandboxLimits, type WorkspaceRuntime } from './sandbox-runtime'

/** The fast mode's batches start this big, double while a batch takes under an eighth of the deadline, and halve after one fails. */
export const FIRST_BATCH = 64
const MAX_BATCH = 1024

export const nextBatchSize = (size: number, answered: boolean, tookMs: number, deadlineMs: number) =>
  !answered ? Math.max(1, size >> 1) : tookMs < deadlineMs / 8 ? Math.min(MAX_BATCH, size * 2) : size

/** One entry for a sub-batch: each item's evaluation, or null for one to evaluate alone; null when the whole entry failed. */
export function enterBatch(ws: WorkspaceRuntime, items: EvalInput[], deadlineMs: number, limits: SandboxLimits): (Evaluation | null)[] | null {
  const started = process.hrtime.bigint()
  const answers: (Evaluation | null)[] = new Array(items.length).fill(null)
  const fns = new Map<string, { index: number; handle: QuickJSHandle }>()
  const payload: [number, unknown][] = []
  const sent: number[] = []
  items.forEach((item, k) => {
    let fn = fns.get(item.body)
    if (!fn) {
      const fnOrError = compiled(ws, item.body, limits)
      if ('error' in fnOrError) return (answers[k] = { ok: false, error: syntaxError(fnOrError.error), durationUs: 0, path: 'batch' })
      fns.set(item.body, (fn = { index: fns.size, handle: fnOrError }))
    }
    payload.push([fn.index, item.dep ?? {}])
    sent.push(k)
  })
  if (!sent.length) return answers
  let json: string
  try {
    json = JSON.stringify(payload)
  } catch {
    return null // an item whose inputs cannot be sent: each alone says which
  }
  const { context } = ws
  const array = context.newArray()
  for (const { index, handle } of fns.values()) context.setProp(array, index, handle)
  const text = context.newString(json)
  ws.deadline = Date.now() + deadlineMs
  const result = context.callFunction(ws.runBatch, context.undefined, array, text)
  text.dispose()
  array.dispose()
  if (result.error) {
    result.error.dispose()
    return null
  }
  const out = context.getString(result.value)
  result.value.dispose()
  if (ws.runtime.hasPendingJob() || Date.now() > ws.deadline) return null
  const entries = JSON.parse(out) as (0 | [] | [unknown])[]
  const durationUs = Number((process.hrtime.bigint() - started) / 1000n) / sent.length
  sent.forEach((k, j) => {
    const entry = entries[j]
    if (entry !== 0) answers[k] = { ok: true, value: entry.length ? entry[0] : undefined, durationUs, path: 'batch' }
  })
  return answers
}
