/**
 * The evaluation thread: a Sandbox (./sandbox.ts) behind a message port. Each message is a batch;
 * before each item the thread writes the item's index and start time into the shared `progress`
 * array, so the main thread's watchdog (./evaluator.ts) can tell which item runs too long and end
 * the whole thread: a deadline QuickJS itself cannot enforce (a loop of costly built-in calls
 * checks the interrupt handler too rarely) still holds. In the fast mode the index is that of the
 * sub-batch's first item, flagged as a sub-batch (PROGRESS_SLOTS). A batch is worked on for one
 * slice of time (`sliceMs`), then answered with `continueFrom`: the evaluator sends the rest in the
 * workspace's next turn, so one workspace's slow functions never make another's wait long.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { Sandbox, type EvalInput, type Evaluation, type SandboxLimits } from './sandbox'
import type { BatchRequest, BatchReply } from './evaluator'

const { limits, progress: shared, plain } = workerData as { limits: Partial<SandboxLimits>; progress: SharedArrayBuffer; plain?: boolean }
const progress = new Float64Array(shared)
let broken = false

/**
 * The benchmark's baseline only (FUNCTION_EVALUATOR=unsandboxed-benchmark): the same pipeline with
 * bodies run as plain host functions, no isolation at all. Never for real data.
 */
class Unsandboxed {
  private cache = new Map<string, (dep: unknown) => unknown>()
  evaluate(_ws: string, body: string, dep: unknown): Evaluation {
    const started = process.hrtime.bigint()
    try {
      let fn = this.cache.get(body)
      if (!fn) this.cache.set(body, (fn = new Function('dep', body) as (dep: unknown) => unknown))
      const value = fn(JSON.parse(JSON.stringify(dep)))
      return {
        ok: true,
        value: value === undefined ? undefined : JSON.parse(JSON.stringify(value)),
        durationUs: Number((process.hrtime.bigint() - started) / 1000n),
      }
    } catch (err) {
      return { ok: false, error: String(err), durationUs: 0 }
    }
  }
  evaluateMany(ws: string, items: EvalInput[], _deadlineMs: number, results: Evaluation[]) {
    items.forEach((item, i) => (results[i] = this.evaluate(ws, item.body, item.dep)))
    return items.length
  }
  compileError() {
    return null
  }
  prepare() {}
  discard() {}
}

const ready: Promise<Pick<Sandbox, 'evaluate' | 'evaluateMany' | 'compileError' | 'prepare' | 'discard'>> = plain
  ? Promise.resolve(new Unsandboxed())
  : new Sandbox(limits).ready()
void ready.then((sandbox) => {
  // Warm the WebAssembly code up once, so the first real evaluation is not the slow one.
  sandbox.evaluate('warm-up', 'return 1', {})
  // The host's first use of a locale loads its data (tens of ms): not inside someone's deadline.
  for (const locale of ['fi-FI', 'sv-SE', 'en-US', 'en-GB', 'de-DE']) {
    new Date(0).toLocaleString(locale, { timeZone: 'UTC' })
    ;(1234.5).toLocaleString(locale)
  }
  sandbox.discard('warm-up')
  parentPort!.on('message', (req: BatchRequest) => {
    if (broken) return
    let reply: BatchReply
    if (req.kind === 'check') {
      reply = { id: req.id, compileErrors: req.bodies.map((b) => sandbox.compileError(b)) }
    } else if (req.fast) {
      const results: Evaluation[] = []
      sandbox.prepare(req.workspaceId)
      try {
        const answered = sandbox.evaluateMany(
          req.workspaceId,
          req.items,
          req.deadlineMs,
          results,
          (index, batch) => {
            progress[0] = index
            progress[1] = Date.now()
            progress[2] = batch ? 1 : 0
          },
          Date.now() + req.sliceMs,
        )
        reply = { id: req.id, results: results.slice(0, answered), ...(answered < req.items.length ? { continueFrom: answered } : {}) }
      } catch {
        // As below: this thread ends after answering; the items from the one under way (or its
        // sub-batch) on are evaluated again on a fresh thread, one by one.
        broken = true
        reply = { id: req.id, results: results.slice(0, progress[0]), retryFrom: progress[0] }
      }
    } else {
      const results: Evaluation[] = []
      progress[2] = 0
      const stopAt = Date.now() + req.sliceMs
      let continueFrom: number | undefined
      for (const [i, item] of req.items.entries()) {
        // The slice is over: the rest waits for this workspace's next turn (./evaluator.ts).
        if (i > 0 && Date.now() >= stopAt) {
          continueFrom = i
          break
        }
        sandbox.prepare(req.workspaceId) // a new runtime's setup is not the function's time
        progress[0] = i
        progress[1] = Date.now()
        try {
          results.push(sandbox.evaluate(req.workspaceId, item.body, item.dep, req.deadlineMs))
        } catch (err) {
          // The host's own stack ran out inside QuickJS (a deep recursion of a built-in such as
          // JSON.stringify): the WebAssembly memory may be inconsistent, so this thread ends after
          // answering and the evaluator starts a fresh one.
          results.push({
            ok: false,
            error: `InternalError: ${(err as Error).message === 'Maximum call stack size exceeded' ? 'stack overflow' : 'the evaluator failed'}`,
            durationUs: 0,
          })
          broken = true
          break
        }
      }
      while (continueFrom === undefined && results.length < req.items.length)
        results.push({ ok: false, error: 'InternalError: not evaluated (an earlier function of the same batch broke the evaluator)', durationUs: 0 })
      reply = { id: req.id, results, ...(continueFrom !== undefined ? { continueFrom } : {}) }
    }
    progress[1] = 0
    parentPort!.postMessage(reply)
    if (broken) setTimeout(() => process.exit(0), 20)
  })
  parentPort!.postMessage({ ready: true })
})
