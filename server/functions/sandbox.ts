/**
 * The sandbox that runs the code of function fields: QuickJS compiled to WebAssembly
 * (quickjs-emscripten), never node:vm. One QuickJS runtime per workspace, each with a memory
 * limit, a stack limit and a deadline per evaluation (an interrupt handler); inside, one context
 * whose globals are frozen before any user code runs, and no host object: values cross as JSON
 * text, and the only host function is the Intl bridge (./intl-bridge.ts). The runtime's setup, the
 * limits and the compiling of bodies are in ./sandbox-runtime.ts; the fast mode's batch entry is in
 * ./sandbox-batch.ts.
 *
 * When an evaluation is interrupted, runs out of memory or leaves promise jobs behind, its runtime
 * is thrown away and the next evaluation of that workspace starts a fresh one: nothing a body does
 * can outlive its evaluation. Calls are synchronous, so a runaway body holds the event loop for at
 * most its deadline.
 */
import { getQuickJS, type QuickJSHandle, type QuickJSWASMModule } from 'quickjs-emscripten'
import type { CompileError, EvalInput, Evaluation } from '../context'
import { enterBatch, FIRST_BATCH, nextBatchSize } from './sandbox-batch'
import { closeRuntime, compiled, DEFAULT_LIMITS, openRuntime, syntaxError, tryCompile, type SandboxLimits, type WorkspaceRuntime } from './sandbox-runtime'

export { DEFAULT_LIMITS, type SandboxLimits } from './sandbox-runtime'
export type { CompileError, EvalInput, Evaluation } from '../context'

export class Sandbox {
  private readonly limits: SandboxLimits
  private quickjs: QuickJSWASMModule | null = null
  private readonly runtimes = new Map<string, WorkspaceRuntime>()
  /** The fast mode's batch size per workspace (kept when a runtime is thrown away). */
  private readonly batchSizes = new Map<string, number>()

  constructor(limits: Partial<SandboxLimits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits }
  }

  /** Loads the WebAssembly module (once per process; later calls return at once). */
  async ready(): Promise<this> {
    this.quickjs ??= await getQuickJS()
    return this
  }

  /**
   * Compiles a body without running it: null, or the first syntax error with its line and column
   * in the body. Uses a throwaway runtime so nothing is cached for code that is only checked.
   */
  compileError(body: string): CompileError | null {
    const runtime = this.module().newRuntime()
    runtime.setMemoryLimit(this.limits.memoryBytes)
    runtime.setMaxStackSize(this.limits.stackBytes)
    // Compiling only parses: a generous bound, so a busy machine does not turn valid code invalid.
    const deadline = Date.now() + Math.max(1000, this.limits.deadlineMs)
    runtime.setInterruptHandler(() => Date.now() > deadline)
    const context = runtime.newContext()
    try {
      const { fn, error } = tryCompile(context, body)
      fn?.dispose()
      return error
    } finally {
      context.dispose()
      runtime.dispose()
    }
  }

  /** Runs one body with its `dep`; errors (syntax, thrown, deadline, memory, stack) come back as text. */
  evaluate(workspaceId: string, body: string, dep: unknown, deadlineMs = this.limits.deadlineMs): Evaluation {
    const started = process.hrtime.bigint()
    const durationUs = () => Number((process.hrtime.bigint() - started) / 1000n)
    let depJson: string
    try {
      depJson = JSON.stringify(dep ?? {})
    } catch {
      return { ok: false, error: 'the inputs of this function cannot be sent to it', durationUs: durationUs(), path: 'single' }
    }
    const ws = this.runtimeOf(workspaceId)
    const fn = compiled(ws, body, this.limits)
    if ('error' in fn) return { ok: false, error: syntaxError(fn.error), durationUs: durationUs(), path: 'single' }
    ws.deadline = Date.now() + deadlineMs
    const depHandle = ws.context.newString(depJson)
    const result = ws.context.callFunction(ws.run, ws.context.undefined, fn, depHandle)
    depHandle.dispose()
    let outcome: { ok: true; value: unknown } | { ok: false; error: string }
    if (result.error) {
      outcome = { ok: false, error: this.describe(ws, result.error, deadlineMs) }
      result.error.dispose()
    } else {
      const json = ws.context.typeof(result.value) === 'string' ? ws.context.getString(result.value) : undefined
      result.value.dispose()
      outcome =
        json !== undefined && json.length > this.limits.resultBytes
          ? { ok: false, error: `RangeError: the result is longer than ${this.limits.resultBytes} characters` }
          : { ok: true, value: json === undefined ? undefined : JSON.parse(json) }
    }
    // Promise jobs a body queued may not run later, in someone else's evaluation: run them under
    // the same deadline, and start over with a fresh runtime if any remain or anything broke.
    const jobs = ws.runtime.hasPendingJob() ? ws.runtime.executePendingJobs(1000) : null
    if (jobs?.error) jobs.error.dispose()
    const leftJobs = ws.runtime.hasPendingJob()
    const timedOut = Date.now() > ws.deadline
    if (!outcome.ok || leftJobs || timedOut) this.discard(workspaceId)
    if (outcome.ok && timedOut) outcome = { ok: false, error: `InternalError: the function ran longer than ${deadlineMs} ms` }
    else if (outcome.ok && leftJobs) outcome = { ok: false, error: 'InternalError: the function kept queuing promise jobs' }
    return { ...outcome, durationUs: durationUs(), path: 'single' }
  }

  /**
   * The fast mode: many evaluations of one workspace, a sub-batch at a time, each sub-batch one
   * entry into the sandbox (`__runBatch`). The deadline still holds per evaluation: a sub-batch
   * must finish within one evaluation's deadline as a whole, and one that does not, runs out of
   * memory or the stack, or leaves promise jobs behind is thrown away with its runtime and every
   * item of it is evaluated again alone (`evaluate`), as is an item that threw or whose result is
   * too long, so every error reads as in the default mode. `mark(index, batch)` is called before
   * each entry, for the watchdog (./worker.ts). Results land in `results` as they are known. No
   * sub-batch starts after `stopAt` (a time): returns how many items were answered.
   */
  evaluateMany(
    workspaceId: string,
    items: EvalInput[],
    deadlineMs: number,
    results: Evaluation[],
    mark: (index: number, batch: boolean) => void,
    stopAt = Infinity,
  ): number {
    let i = 0
    while (i < items.length && (i === 0 || Date.now() < stopAt)) {
      const size = this.batchSizes.get(workspaceId) ?? FIRST_BATCH
      const slice = items.slice(i, i + size)
      mark(i, true)
      const started = process.hrtime.bigint()
      const answers = enterBatch(this.runtimeOf(workspaceId), slice, deadlineMs, this.limits)
      const tookMs = Number(process.hrtime.bigint() - started) / 1e6
      if (!answers) this.discard(workspaceId)
      this.batchSizes.set(workspaceId, nextBatchSize(size, !!answers, tookMs, deadlineMs))
      for (const [k, item] of slice.entries()) {
        const answer = answers?.[k]
        if (answer) results[i + k] = answer
        // Alone, each up to its deadline: only while the slice of time lasts (the first always).
        else if (i + k === 0 || Date.now() < stopAt) {
          mark(i + k, false)
          results[i + k] = this.evaluate(workspaceId, item.body, item.dep, deadlineMs)
        } else return i + k
      }
      i += slice.length
    }
    return i
  }

  /** Creates the workspace's runtime now if it has none. */
  prepare(workspaceId: string): void {
    this.runtimeOf(workspaceId)
  }

  /** Drops a workspace's runtime (its compiled bodies go with it). */
  discard(workspaceId: string): void {
    const ws = this.runtimes.get(workspaceId)
    if (!ws) return
    this.runtimes.delete(workspaceId)
    closeRuntime(ws)
  }

  dispose(): void {
    for (const id of [...this.runtimes.keys()]) this.discard(id)
  }

  private module(): QuickJSWASMModule {
    if (!this.quickjs) throw new Error('Sandbox.ready() was not awaited')
    return this.quickjs
  }

  private runtimeOf(workspaceId: string): WorkspaceRuntime {
    const existing = this.runtimes.get(workspaceId)
    if (existing) return existing
    const ws = openRuntime(this.module(), this.limits)
    this.runtimes.set(workspaceId, ws)
    return ws
  }

  private describe(ws: WorkspaceRuntime, handle: QuickJSHandle, deadlineMs: number): string {
    if (Date.now() > ws.deadline) return `InternalError: the function ran longer than ${deadlineMs} ms`
    let err: unknown
    try {
      err = ws.context.dump(handle)
    } catch {
      return 'InternalError: the function ran out of memory'
    }
    if (err && typeof err === 'object' && 'message' in err) {
      const { name, message } = err as { name?: string; message?: string }
      if (/out of memory/i.test(String(message)) || err === null) return 'InternalError: the function ran out of memory'
      return `${name ?? 'Error'}: ${String(message).slice(0, 500)}`
    }
    if (err === null) return 'InternalError: the function ran out of memory'
    return `Uncaught ${String(JSON.stringify(err) ?? err).slice(0, 500)}`
  }
}
