/**
 * What both paths of the sandbox (./sandbox.ts) share: its limits, a workspace's
 * QuickJS runtime (its setup and teardown), and the compiling of bodies.
 *
 * A body is compiled once per workspace runtime into `function (dep) { body }` and kept by the
 * code itself (a small LRU per runtime), so an edited body gets a fresh entry (a SHA-256 of the code
 * at every evaluation cost about 1 µs, a tenth of a simple evaluation).
 */
import { parse } from 'acorn'
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten'
import type { CompileError } from '../context'
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

export interface WorkspaceRuntime {
  runtime: QuickJSRuntime
  context: QuickJSContext
  run: QuickJSHandle
  runBatch: QuickJSHandle
  seal: QuickJSHandle
  compiled: Map<string, QuickJSHandle | { error: CompileError }>
  deadline: number
}

/** A fresh runtime with its limits, the Intl bridge and the prelude's entry points; its globals are frozen. */
export function openRuntime(quickjs: QuickJSWASMModule, limits: SandboxLimits): WorkspaceRuntime {
  const runtime = quickjs.newRuntime()
  runtime.setMemoryLimit(limits.memoryBytes)
  runtime.setMaxStackSize(limits.stackBytes)
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
  const setup = context.evalCode(prelude(limits.resultBytes), 'prelude.js')
  context.unwrapResult(setup).dispose()
  ws.run = context.getProp(context.global, '__run')
  ws.runBatch = context.getProp(context.global, '__runBatch')
  ws.seal = context.getProp(context.global, '__seal')
  return ws
}

/** Frees a runtime with its compiled bodies. */
export function closeRuntime(ws: WorkspaceRuntime): void {
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

export const syntaxError = (e: CompileError) => `SyntaxError: ${e.message} (line ${e.line}, column ${e.column})`

/** The wrapper's first line holds the opening brace alone, so body line N is wrapper line N + 1. */
const wrap = (body: string) => `(function (dep) {\n${body}\n})`

/** A body's compiled and sealed function from the runtime's LRU (compiled now on a miss), or its syntax error. */
export function compiled(ws: WorkspaceRuntime, body: string, limits: SandboxLimits): QuickJSHandle | { error: CompileError } {
  const key = body
  const hit = ws.compiled.get(key)
  if (hit) {
    ws.compiled.delete(key) // re-insert: the Map's order is the LRU order
    ws.compiled.set(key, hit)
    return hit
  }
  ws.deadline = Date.now() + Math.max(1000, limits.deadlineMs)
  const { fn, error } = tryCompile(ws.context, body)
  if (fn) ws.context.callFunction(ws.seal, ws.context.undefined, fn).dispose()
  const entry = fn ?? { error: error! }
  ws.compiled.set(key, entry)
  if (ws.compiled.size > limits.cacheSize) {
    const [oldest, value] = ws.compiled.entries().next().value!
    ws.compiled.delete(oldest)
    if (!('error' in value)) value.dispose()
  }
  return entry
}

export function tryCompile(context: QuickJSContext, body: string): { fn: QuickJSHandle | null; error: CompileError | null } {
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
