/**
 * The evaluator the server uses: the sandbox of ./sandbox.ts run in one worker thread, so a
 * function never blocks the thread that serves calls. Batches queue per workspace, and the
 * workspaces with batches waiting take turns of one slice of time each (SLICE_MS), so one
 * workspace's slow or spinning functions delay another's by a slice, not by their batch. A
 * watchdog ends the thread when one item runs past its deadline plus a grace period (something the
 * interrupt handler did not catch), answers that item with a deadline error, and runs the rest of
 * the batch again on a fresh thread; the items before it are evaluated again too (bodies are pure
 * functions of their `dep`).
 *
 * Two modes per workspace (v2.network.fastFunctions.set; docs/guides/function-fields.md): the default
 * enters the sandbox once per evaluation; the fast mode enters it once per sub-batch of many
 * evaluations (Sandbox.evaluateMany). Each evaluation's `path` says which one made it, and
 * `counts` adds them up since the start.
 */
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { buildSync } from 'esbuild'
import type { CompileError, EvalInput, Evaluation, FunctionEngine } from '../context'
import type { SandboxLimits } from './sandbox'
import { DEFAULT_LIMITS } from './sandbox'

export type EvalItem = EvalInput

export type BatchRequest =
  | { kind: 'evaluate'; id: number; workspaceId: string; deadlineMs: number; fast: boolean; sliceMs: number; items: EvalItem[] }
  | { kind: 'check'; id: number; bodies: string[] }

/**
 * `retryFrom`: the thread broke inside a fast sub-batch starting there; those items and the rest are
 * to be evaluated again. `continueFrom`: the slice of time ran out there; the rest waits for the
 * workspace's next turn.
 */
export type BatchReply = { id: number; results?: Evaluation[]; retryFrom?: number; continueFrom?: number; compileErrors?: (CompileError | null)[] }

export interface EvaluatorOptions {
  /** Benchmark baseline only: no sandbox at all (see worker.ts). */
  unsandboxed?: boolean
  /** switch (default): each workspace's switch (setFast) decides; fast / default: every workspace in that mode. */
  mode?: 'switch' | 'fast' | 'default'
}

/** The shared progress array: the item under way, when it started (0: none), and 1 when it is a fast sub-batch starting there. */
export const PROGRESS_SLOTS = 3

/** Past the deadline, how long the watchdog waits for the interrupt handler before ending the thread. */
const GRACE_MS = 100

/**
 * How long the thread works on one workspace's batch before the next workspace with work waiting
 * gets its turn (an evaluation under way finishes first: at most its deadline). Items sent at once
 * are bounded too, so a long batch is not copied to the thread again and again (the fast mode's
 * largest sub-batch).
 */
export const SLICE_MS = 20
const SLICE_ITEMS = 1024

let source: string | null = null

/**
 * The thread's code, bundled once from ./worker.ts with esbuild: a worker thread cannot load
 * TypeScript by itself, whether the server runs under tsx or under the tests' transform. Packages
 * stay outside the bundle and are required from here.
 */
function workerSource(): string {
  if (source) return source
  const bundle = buildSync({
    entryPoints: [path.join(__dirname, 'worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    packages: 'external',
    write: false,
    target: 'node20',
  })
  source = `(function (require) {\n${bundle.outputFiles[0].text}\n})(require('node:module').createRequire(${JSON.stringify(__filename)}))`
  return source
}

interface Pending {
  request: BatchRequest
  resolve(reply: BatchReply): void
  reject(err: Error): void
  retried?: boolean
}

export class Evaluator implements FunctionEngine {
  readonly limits: SandboxLimits
  private worker: Worker | null = null
  private ready: Promise<void> | null = null
  private progress = new Float64Array(new SharedArrayBuffer(8 * PROGRESS_SLOTS))
  private readonly fastWorkspaces = new Set<string>()
  /** When this process last switched a workspace (setFast). */
  private readonly switched = new Map<string, number>()
  /** Evaluations answered since the start, by path (see Evaluation). */
  readonly counts = { single: 0, batch: 0 }
  /**
   * Batches waiting, per workspace (compile checks under ''), served in turn: a workspace whose
   * turn came goes to the back of the Map's order while it has more waiting.
   */
  private waiting = new Map<string, Pending[]>()
  /** The workspace whose batch was sent last. */
  private served: string | null = null
  private running: Pending | null = null
  private watchdog: NodeJS.Timeout | null = null
  private nextId = 1
  private closed = false

  private readonly unsandboxed: boolean
  private readonly mode: EvaluatorOptions['mode']

  constructor(limits: Partial<SandboxLimits> = {}, options: EvaluatorOptions = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits }
    this.unsandboxed = options.unsandboxed ?? false
    this.mode = options.mode ?? 'switch'
  }

  /** Whether a workspace evaluates in the fast mode now. */
  isFast(workspaceId: string): boolean {
    return this.mode === 'switch' ? this.fastWorkspaces.has(workspaceId) : this.mode === 'fast'
  }

  /** Evaluates bodies of one workspace in order, in the workspace's mode; never rejects for the code's own faults. */
  async evaluate(workspaceId: string, items: EvalItem[], deadlineMs = this.limits.deadlineMs): Promise<Evaluation[]> {
    const results = await this.evaluateIn(workspaceId, items, deadlineMs, this.isFast(workspaceId))
    for (const r of results) this.counts[r.path ?? 'single']++
    return results
  }

  /** Switches a workspace's mode (the fast mode when `on`). */
  setFast(workspaceId: string, on: boolean): void {
    if (on) this.fastWorkspaces.add(workspaceId)
    else this.fastWorkspaces.delete(workspaceId)
    this.switched.set(workspaceId, Date.now())
  }

  /**
   * Replaces the set of workspaces in the fast mode with the one read from the database at
   * `readAt`; a workspace switched here since then keeps its switch (the reading may predate it).
   */
  setFastWorkspaces(ids: Iterable<string>, readAt: number): void {
    const kept = [...this.switched].filter(([, at]) => at >= readAt).map(([id]) => [id, this.fastWorkspaces.has(id)] as const)
    this.switched.clear()
    this.fastWorkspaces.clear()
    for (const id of ids) this.fastWorkspaces.add(id)
    for (const [id, on] of kept) {
      this.switched.set(id, readAt)
      if (on) this.fastWorkspaces.add(id)
      else this.fastWorkspaces.delete(id)
    }
  }

  /** Evaluates `items` a slice at a time, each slice in the workspace's turn. */
  private async evaluateIn(workspaceId: string, items: EvalItem[], deadlineMs: number, fast: boolean): Promise<Evaluation[]> {
    const results: Evaluation[] = []
    let rest = items
    while (rest.length) {
      const sent = rest.slice(0, SLICE_ITEMS)
      const reply = await this.submit({ kind: 'evaluate', id: this.nextId++, workspaceId, deadlineMs, fast, sliceMs: SLICE_MS, items: sent })
      results.push(...reply.results!)
      // The thread broke inside a fast sub-batch: that sub-batch and the rest, again, one by one.
      if (reply.retryFrom !== undefined) return [...results, ...(await this.evaluateIn(workspaceId, rest.slice(reply.retryFrom), deadlineMs, false))]
      rest = rest.slice(reply.continueFrom ?? sent.length)
    }
    return results
  }

  /** Compiles bodies without running them: null or the syntax error of each. */
  async check(bodies: string[]): Promise<(CompileError | null)[]> {
    if (!bodies.length) return []
    return (await this.submit({ kind: 'check', id: this.nextId++, bodies })).compileErrors!
  }

  async close(): Promise<void> {
    this.closed = true
    for (const p of [...this.waiting.values()].flat()) p.reject(new Error('the evaluator is closed'))
    this.waiting.clear()
    this.running?.reject(new Error('the evaluator is closed'))
    this.running = null
    if (this.watchdog) clearInterval(this.watchdog)
    await this.worker?.terminate()
    this.worker = null
  }

  private submit(request: BatchRequest): Promise<BatchReply> {
    if (this.closed) return Promise.reject(new Error('the evaluator is closed'))
    return new Promise((resolve, reject) => {
      this.enqueue({ request, resolve, reject })
      void this.pump()
    })
  }

  /** `first`: ahead of the workspace's other batches (one the thread broke on, tried again). */
  private enqueue(pending: Pending, first = false): void {
    const key = pending.request.kind === 'evaluate' ? pending.request.workspaceId : ''
    const list = this.waiting.get(key) ?? []
    if (first) list.unshift(pending)
    else list.push(pending)
    this.waiting.set(key, list)
  }

  /**
   * The next batch: the oldest of the workspace whose turn it is, the first in the Map's order but
   * the one just served (which went to the back before another workspace's batch came in).
   */
  private dequeue(): Pending | undefined {
    const keys = [...this.waiting.keys()]
    const key = keys.find((k) => k !== this.served) ?? keys[0]
    if (key === undefined) return undefined
    const list = this.waiting.get(key)!
    const pending = list.shift()!
    this.waiting.delete(key)
    if (list.length) this.waiting.set(key, list) // to the back of the turns
    this.served = key
    return pending
  }

  private start(): Promise<void> {
    // A fresh progress array per thread: a thread being ended cannot write into its successor's.
    this.progress = new Float64Array(new SharedArrayBuffer(8 * PROGRESS_SLOTS))
    const worker = new Worker(workerSource(), { eval: true, workerData: { limits: this.limits, progress: this.progress.buffer, plain: this.unsandboxed } })
    worker.unref()
    this.worker = worker
    this.ready = new Promise((resolve, reject) => {
      worker.once('message', () => resolve())
      worker.once('error', reject)
    })
    worker.on('message', (reply: BatchReply) => {
      if (!('id' in reply) || this.running?.request.id !== reply.id) return
      const done = this.running
      this.running = null
      done.resolve(reply)
      if (!this.waiting.size) worker.unref()
      void this.pump()
    })
    worker.on('error', (err) => this.restart(worker, err))
    worker.on('exit', () => this.restart(worker, new Error('the evaluation thread ended')))
    return this.ready
  }

  private async pump(): Promise<void> {
    if (this.running || this.closed) return
    const next = this.dequeue()
    if (!next) return
    this.running = next
    try {
      if (!this.worker) await this.start()
      else await this.ready
    } catch (err) {
      this.running = null
      next.reject(err as Error)
      return
    }
    this.progress[1] = 0
    this.worker!.ref() // a batch under way keeps the process alive; an idle thread does not
    this.worker!.postMessage(next.request)
    this.watchdog ??= setInterval(() => this.watch(), Math.max(10, Math.floor(this.limits.deadlineMs / 2)))
    this.watchdog.unref()
  }

  private watch(): void {
    if (!this.running || this.running.request.kind !== 'evaluate') return
    const started = this.progress[1]
    if (started && Date.now() - started > this.running.request.deadlineMs + GRACE_MS) this.killRunning()
  }

  /**
   * Ends the thread; the item that hung gets a deadline error, the rest of its batch runs again. In a
   * fast sub-batch the item is not known: the sub-batch and the rest run again one by one.
   */
  private killRunning(): void {
    const pending = this.running!
    const request = pending.request as Extract<BatchRequest, { kind: 'evaluate' }>
    const hung = this.progress[0]
    const inBatch = this.progress[2] === 1
    this.progress[1] = 0
    this.running = null
    void this.worker?.terminate()
    this.worker = null
    const error: Evaluation = {
      ok: false,
      error: `InternalError: the function ran longer than ${request.deadlineMs} ms`,
      durationUs: request.deadlineMs * 1000,
    }
    const { workspaceId, deadlineMs, fast, items } = request
    const head = items.slice(0, hung)
    const rest = items.slice(inBatch ? hung : hung + 1)
    void Promise.all([this.evaluateIn(workspaceId, head, deadlineMs, fast), this.evaluateIn(workspaceId, rest, deadlineMs, false)])
      .then(([before, after]) => pending.resolve({ id: request.id, results: inBatch ? [...before, ...after] : [...before, error, ...after] }))
      .catch((err) => pending.reject(err))
    void this.pump()
  }

  private restart(worker: Worker, err: Error): void {
    if (this.worker !== worker) return
    this.worker = null
    const pending = this.running
    this.running = null
    // The batch under way is tried once more on a fresh thread.
    if (pending && !pending.retried) this.enqueue({ ...pending, retried: true }, true)
    else if (pending) pending.reject(err)
    void this.pump()
  }
}
