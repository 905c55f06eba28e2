/**
 * The sandbox that runs the code of function fields: QuickJS compiled to WebAssembly
 * (quickjs-emscripten), never node:vm. One QuickJS runtime per workspace, each with a memory
 * limit, a stack limit and a deadline per evaluation (an interrupt handler); inside, one context
 * whose globals are frozen before any user code runs, and no host object: values cross as JSON
 * text, and the only host function is the Intl bridge (./intl-bridge.ts).
 *
 * A body is compiled once per workspace runtime into `function (dep) { body }` and kept by the
 * code itself (a small LRU per runtime), so an edited body gets a fresh entry (a SHA-256 of the code
 * at every evaluation cost about 1 µs, a tenth of a simple evaluation).
 *
 * When an evaluation is interrupted, runs out of memory or leaves promise jobs behind, its runtime
 * is thrown away and the next evaluation of that workspace starts a fresh one: nothing a body does
 * can outlive its evaluation. Calls are synchronous, so a runaway body holds the event loop for at
 * most its deadline.
 */
import { parse } from 'acorn'
import { getQuickJS, type QuickJSContext, type QuickJSHandle, type QuickJSRuntime, type QuickJSWASMModule } from 'quickjs-emscripten'
import { installIntlBridge } from './intl-bridge'
import { prelude } from './prelude'

export interface SandboxLimits {
  /** Per evaluation (default 50 ms). */
  deadlineMs: number
  /** Per workspace runtime (default 32 MiB). */
  memoryBytes: number
  /** Per workspace runtime (default 64 KiB: QuickJS's frames also use the host's own stack, which a larger limit could exhaust first). */
  stackBytes: number
  /** Longest JSON text a result may have (default 1 MiB). */
  resultBytes: number
  /** Compiled bodies kept per runtime (default 500). */
  cacheSize: number
}

export const DEFAULT_LIMITS: SandboxLimits = { deadlineMs: 50, memoryBytes: 32 << 20, stackBytes: 64 << 10, resultBytes: 1 << 20, cacheSize: 500 }

/**
 * `path` says how the value was made: `single` (one entry into the sandbox for this one evaluation,
 * the default mode) or `batch` (inside one entry for a whole batch, the fast mode).
 */
export type Evaluation = ({ ok: true; value: unknown } | { ok: false; error: string }) & { durationUs: number; path?: 'single' | 'batch' }

/** The fast mode's batches start this big, double while a batch takes under an eighth of the deadline, and halve after one fails. */
const FIRST_BATCH = 64
const MAX_BATCH = 1024

export interface CompileError {
  message: string
  /** 1-based, in the body as written. */
  line: number | null
  column: number | null
}

/**
 * A body that compiles only inside the wrapper (`}) ; (function () {`) would close it and run as
 * something else: the body must also parse on its own, as a function body (acorn).
 */
function wrapperEscape(body: string): CompileError | null {
  try {
    parse(body, { ecmaVersion: 'latest', sourceType: 'script', allowReturnOutsideFunction: true })
    return null
  } catch (err) {
    const e = err as { message?: string; loc?: { line: number; column: number } }
    return { message: String(e.message).replace(/ \(\d+:\d+\)$/, ''), line: e.loc?.line ?? null, column: e.loc ? e.loc.column + 1 : null }
  }
}

const syntaxError = (e: CompileError) => `SyntaxError: ${e.message} (line ${e.line}, column ${e.column})`

export interface EvalInput {
  body: string
  dep: unknown
}

/** The wrapper's first line holds the opening brace alone, so body line N is wrapper line N + 1. */
const wrap = (body: string) => `(function (dep) {\n${body}\n})`

interface WorkspaceRuntime {
  runtime: QuickJSRuntime
  context: QuickJSContext
  run: QuickJSHandle
  runBatch: QuickJSHandle
  seal: QuickJSHandle
  compiled: Map<string, QuickJSHandle | { error: CompileError }>
  deadline: number
}

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
      const { fn, error } = this.tryCompile(context, body)
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
    const fn = this.compiled(ws, body)
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
   * each entry, for the watchdog (./worker.ts). Results land in `results` as they are known.
   */
  evaluateMany(workspaceId: string, items: EvalInput[], deadlineMs: number, results: Evaluation[], mark: (index: number, batch: boolean) => void): void {
    let i = 0
    while (i < items.length) {
      const size = this.batchSizes.get(workspaceId) ?? FIRST_BATCH
      const slice = items.slice(i, i + size)
      mark(i, true)
      const started = process.hrtime.bigint()
      const answers = this.enterBatch(this.runtimeOf(workspaceId), slice, deadlineMs)
      const tookMs = Number(process.hrtime.bigint() - started) / 1e6
      if (!answers) this.discard(workspaceId)
      this.batchSizes.set(workspaceId, !answers ? Math.max(1, size >> 1) : tookMs < deadlineMs / 8 ? Math.min(MAX_BATCH, size * 2) : size)
      slice.forEach((item, k) => {
        const answer = answers?.[k]
        if (answer) results[i + k] = answer
        else {
          mark(i + k, false)
          results[i + k] = this.evaluate(workspaceId, item.body, item.dep, deadlineMs)
        }
      })
      i += slice.length
    }
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
    for (const fn of ws.compiled.values()) if (!('error' in fn)) fn.dispose()
    ws.run.dispose()
    ws.runBatch.dispose()
    ws.seal.dispose()
    try {
      ws.context.dispose()
      ws.runtime.dispose()
    } catch {
      // A runtime that hit its memory limit may fail its own leak check; it is gone either way.
    }
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
    const runtime = this.module().newRuntime()
    runtime.setMemoryLimit(this.limits.memoryBytes)
    runtime.setMaxStackSize(this.limits.stackBytes)
    const context = runtime.newContext()
    const ws: WorkspaceRuntime = {
      runtime,
      context,
      run: context.undefined,
      runBatch: context.undefined,
      seal: context.undefined,
      compiled: new Map(),
      deadline: Infinity,
    }
    runtime.setInterruptHandler(() => Date.now() > ws.deadline)
    installIntlBridge(context)
    const setup = context.evalCode(prelude(this.limits.resultBytes), 'prelude.js')
    context.unwrapResult(setup).dispose()
    ws.run = context.getProp(context.global, '__run')
    ws.runBatch = context.getProp(context.global, '__runBatch')
    ws.seal = context.getProp(context.global, '__seal')
    this.runtimes.set(workspaceId, ws)
    return ws
  }

  /** One entry for a sub-batch: each item's evaluation, or null for one to evaluate alone; null when the whole entry failed. */
  private enterBatch(ws: WorkspaceRuntime, items: EvalInput[], deadlineMs: number): (Evaluation | null)[] | null {
    const started = process.hrtime.bigint()
    const answers: (Evaluation | null)[] = new Array(items.length).fill(null)
    const fns = new Map<string, { index: number; handle: QuickJSHandle }>()
    const payload: [number, unknown][] = []
    const sent: number[] = []
    items.forEach((item, k) => {
      let fn = fns.get(item.body)
      if (!fn) {
        const compiled = this.compiled(ws, item.body)
        if ('error' in compiled) return (answers[k] = { ok: false, error: syntaxError(compiled.error), durationUs: 0, path: 'batch' })
        fns.set(item.body, (fn = { index: fns.size, handle: compiled }))
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

  private compiled(ws: WorkspaceRuntime, body: string): QuickJSHandle | { error: CompileError } {
    const key = body
    const hit = ws.compiled.get(key)
    if (hit) {
      ws.compiled.delete(key) // re-insert: the Map's order is the LRU order
      ws.compiled.set(key, hit)
      return hit
    }
    ws.deadline = Date.now() + Math.max(1000, this.limits.deadlineMs)
    const { fn, error } = this.tryCompile(ws.context, body)
    if (fn) ws.context.callFunction(ws.seal, ws.context.undefined, fn).dispose()
    const entry = fn ?? { error: error! }
    ws.compiled.set(key, entry)
    if (ws.compiled.size > this.limits.cacheSize) {
      const [oldest, value] = ws.compiled.entries().next().value!
      ws.compiled.delete(oldest)
      if (!('error' in value)) value.dispose()
    }
    return entry
  }

  private tryCompile(context: QuickJSContext, body: string): { fn: QuickJSHandle | null; error: CompileError | null } {
    const result = context.evalCode(wrap(body), 'function.js')
    if (!result.error) {
      const escape = wrapperEscape(body)
      if (!escape) return { fn: result.value, error: null }
      result.value.dispose()
      return { fn: null, error: escape }
    }
    const err = context.dump(result.error) as { name?: string; message?: string; stack?: string }
    result.error.dispose()
    const at = /function\.js:(\d+)(?::(\d+))?/.exec(String(err?.stack ?? ''))
    // An error found at the wrapper's closing line (the body ended too early) is on the body's last line.
    const line = at ? Math.min(Math.max(1, Number(at[1]) - 1), body.split('\n').length) : null
    return { fn: null, error: { message: String(err?.message ?? err), line, column: at?.[2] ? Number(at[2]) : null } }
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
