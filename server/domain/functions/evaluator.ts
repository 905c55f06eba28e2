/**
 * The evaluator the server uses: the sandbox of ./sandbox.ts run in one worker thread, so a
 * function never blocks the thread that serves calls. Batches queue and run one at a time. A
 * watchdog ends the thread when one item runs past its deadline plus a grace period (something the
 * interrupt handler did not catch), answers that item with a deadline error, and runs the rest of
 * the batch again on a fresh thread; the items before it are evaluated again too (bodies are pure
 * functions of their `dep`).
 */
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { buildSync } from 'esbuild'
import type { CompileError, Evaluation, SandboxLimits } from './sandbox'
import { DEFAULT_LIMITS } from './sandbox'

export interface EvalItem {
  body: string
  dep: unknown
}

export type BatchRequest =
  { kind: 'evaluate'; id: number; workspaceId: string; deadlineMs: number; items: EvalItem[] } | { kind: 'check'; id: number; bodies: string[] }

export type BatchReply = { id: number; results?: Evaluation[]; compileErrors?: (CompileError | null)[] }

/** Past the deadline, how long the watchdog waits for the interrupt handler before ending the thread. */
const GRACE_MS = 100

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

export class Evaluator {
  readonly limits: SandboxLimits
  private worker: Worker | null = null
  private ready: Promise<void> | null = null
  private progress = new Float64Array(new SharedArrayBuffer(16))
  private queue: Pending[] = []
  private running: Pending | null = null
  private watchdog: NodeJS.Timeout | null = null
  private nextId = 1
  private closed = false

  constructor(
    limits: Partial<SandboxLimits> = {},
    /** Benchmark baseline only: no sandbox at all (see worker.ts). */
    private readonly unsandboxed = false,
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits }
  }

  /** Evaluates bodies of one workspace in order; never rejects for the code's own faults. */
  async evaluate(workspaceId: string, items: EvalItem[], deadlineMs = this.limits.deadlineMs): Promise<Evaluation[]> {
    if (!items.length) return []
    const reply = await this.submit({ kind: 'evaluate', id: this.nextId++, workspaceId, deadlineMs, items })
    return reply.results!
  }

  /** Compiles bodies without running them: null or the syntax error of each. */
  async check(bodies: string[]): Promise<(CompileError | null)[]> {
    if (!bodies.length) return []
    return (await this.submit({ kind: 'check', id: this.nextId++, bodies })).compileErrors!
  }

  async close(): Promise<void> {
    this.closed = true
    for (const p of this.queue.splice(0)) p.reject(new Error('the evaluator is closed'))
    this.running?.reject(new Error('the evaluator is closed'))
    this.running = null
    if (this.watchdog) clearInterval(this.watchdog)
    await this.worker?.terminate()
    this.worker = null
  }

  private submit(request: BatchRequest): Promise<BatchReply> {
    if (this.closed) return Promise.reject(new Error('the evaluator is closed'))
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject })
      void this.pump()
    })
  }

  private start(): Promise<void> {
    // A fresh progress array per thread: a thread being ended cannot write into its successor's.
    this.progress = new Float64Array(new SharedArrayBuffer(16))
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
      if (!this.queue.length) worker.unref()
      void this.pump()
    })
    worker.on('error', (err) => this.restart(worker, err))
    worker.on('exit', () => this.restart(worker, new Error('the evaluation thread ended')))
    return this.ready
  }

  private async pump(): Promise<void> {
    if (this.running || !this.queue.length || this.closed) return
    const next = this.queue.shift()!
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

  /** Ends the thread; the item that hung gets a deadline error, the rest of its batch runs again. */
  private killRunning(): void {
    const pending = this.running!
    const request = pending.request as Extract<BatchRequest, { kind: 'evaluate' }>
    const hung = this.progress[0]
    this.progress[1] = 0
    this.running = null
    void this.worker?.terminate()
    this.worker = null
    const error: Evaluation = {
      ok: false,
      error: `InternalError: the function ran longer than ${request.deadlineMs} ms`,
      durationUs: request.deadlineMs * 1000,
    }
    const rest = request.items.slice(hung + 1)
    const head = request.items.slice(0, hung)
    void Promise.all([this.evaluate(request.workspaceId, head, request.deadlineMs), this.evaluate(request.workspaceId, rest, request.deadlineMs)])
      .then(([before, after]) => pending.resolve({ id: request.id, results: [...before, error, ...after] }))
      .catch((err) => pending.reject(err))
    void this.pump()
  }

  private restart(worker: Worker, err: Error): void {
    if (this.worker !== worker) return
    this.worker = null
    const pending = this.running
    this.running = null
    // The batch under way is tried once more on a fresh thread.
    if (pending && !pending.retried) this.queue.unshift({ ...pending, retried: true })
    else if (pending) pending.reject(err)
    void this.pump()
  }
}
