/**
 * The sandbox that runs the code of function fields: QuickJS compiled to WebAssembly
 * (quickjs-emscripten), never node:vm. One QuickJS runtime per workspace, each with a memory
 * limit, a stack limit and a deadline per evaluation (an interrupt handler); inside, one context
 * whose globals are frozen before any user code runs, and no host object: values cross as JSON
 * text, and the only host function is the Intl bridge (./intl-bridge.ts).
 *
 * A body is compiled once per workspace runtime into `function (dep) { body }` and kept by the
 * SHA-256 of its code (a small LRU per runtime), so an edited body gets a fresh entry.
 *
 * When an evaluation is interrupted, runs out of memory or leaves promise jobs behind, its runtime
 * is thrown away and the next evaluation of that workspace starts a fresh one: nothing a body does
 * can outlive its evaluation. Calls are synchronous, so a runaway body holds the event loop for at
 * most its deadline.
 */
import { createHash } from 'node:crypto'
import { parse } from 'acorn'
import { getQuickJS, type QuickJSContext, type QuickJSHandle, type QuickJSRuntime, type QuickJSWASMModule } from 'quickjs-emscripten'
import { installIntlBridge } from './intl-bridge'

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

export type Evaluation = { ok: true; value: unknown; durationUs: number } | { ok: false; error: string; durationUs: number }

export interface CompileError {
  message: string
  /** 1-based, in the body as written. */
  line: number | null
  column: number | null
}

/**
 * Runs inside the context before it is frozen. `__run(fn, depJson)` calls a compiled body with its
 * `dep` and returns the result as JSON text (undefined stays undefined); a promise is refused,
 * since a field's value must be known when the body returns.
 */
const PRELUDE = `
'use strict';
globalThis.__run = function (fn, depJson) {
  var result = fn(JSON.parse(depJson));
  if (result instanceof Promise) throw new TypeError('a function field must return a value, not a promise');
  if (result === undefined) return undefined;
  if (typeof result === 'number' && !isFinite(result)) return JSON.stringify(String(result));
  return JSON.stringify(result);
};
(function freeze() {
  var seen = new Set();
  var stack = [globalThis];
  while (stack.length) {
    var o = stack.pop();
    if ((typeof o !== 'object' && typeof o !== 'function') || o === null || seen.has(o)) continue;
    seen.add(o);
    Object.freeze(o);
    stack.push(Object.getPrototypeOf(o));
    var keys = Reflect.ownKeys(o);
    for (var i = 0; i < keys.length; i++) {
      var d = Object.getOwnPropertyDescriptor(o, keys[i]);
      if (!d) continue;
      if ('value' in d) stack.push(d.value); else { stack.push(d.get); stack.push(d.set); }
    }
  }
  // Intrinsics not reachable by name from the global object.
  [function () {}, function* () {}, async function () {}, async function* () {}].forEach(function (f) {
    stack.push(Object.getPrototypeOf(f), Object.getPrototypeOf(f).prototype);
  });
  while (stack.length) { var p = stack.pop(); if (p && !seen.has(p)) { seen.add(p); Object.freeze(p); } }
})();
`

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

/** The wrapper's first line holds the opening brace alone, so body line N is wrapper line N + 1. */
const wrap = (body: string) => `(function (dep) {\n${body}\n})`

interface WorkspaceRuntime {
  runtime: QuickJSRuntime
  context: QuickJSContext
  run: QuickJSHandle
  compiled: Map<string, QuickJSHandle | { error: CompileError }>
  deadline: number
}

export class Sandbox {
  private readonly limits: SandboxLimits
  private quickjs: QuickJSWASMModule | null = null
  private readonly runtimes = new Map<string, WorkspaceRuntime>()

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
      return { ok: false, error: 'the inputs of this function cannot be sent to it', durationUs: durationUs() }
    }
    const ws = this.runtimeOf(workspaceId)
    const fn = this.compiled(ws, body)
    if ('error' in fn)
      return { ok: false, error: `SyntaxError: ${fn.error.message} (line ${fn.error.line}, column ${fn.error.column})`, durationUs: durationUs() }
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
    return { ...outcome, durationUs: durationUs() }
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
    const ws: WorkspaceRuntime = { runtime, context, run: context.undefined, compiled: new Map(), deadline: Infinity }
    runtime.setInterruptHandler(() => Date.now() > ws.deadline)
    installIntlBridge(context)
    const setup = context.evalCode(PRELUDE, 'prelude.js')
    context.unwrapResult(setup).dispose()
    ws.run = context.getProp(context.global, '__run')
    this.runtimes.set(workspaceId, ws)
    return ws
  }

  private compiled(ws: WorkspaceRuntime, body: string): QuickJSHandle | { error: CompileError } {
    const key = createHash('sha256').update(body).digest('base64url')
    const hit = ws.compiled.get(key)
    if (hit) {
      ws.compiled.delete(key) // re-insert: the Map's order is the LRU order
      ws.compiled.set(key, hit)
      return hit
    }
    ws.deadline = Date.now() + Math.max(1000, this.limits.deadlineMs)
    const { fn, error } = this.tryCompile(ws.context, body)
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
