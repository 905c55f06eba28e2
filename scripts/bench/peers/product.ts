/**
 * What bench:peers asks of each product (the server, Directus, NocoDB), and what the three share:
 * the data, spawning a process and timing it to ready, its resident memory, JSON over HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import pg from 'pg'
import { code, COLOURS } from '../list-data'

/**
 * Record i of the workflow, the same in every product: a name (with a colour 1 in 10 and a code of
 * one record), a number, a date that grows with i (so sorting by it is sorting by creation), a
 * single-select of 7 options, a phase (1 in 3 'Done') and a link to one of 100 customers.
 */
export interface Row {
  name: string
  amount: number
  due: string
  status: string
  phase: 'Open' | 'Done'
  customer: number
}
export const CUSTOMERS = 100
export const STATUSES = Array.from({ length: 7 }, (_, i) => `s${i}`)
const DAY = 86_400_000
export const row = (i: number): Row => ({
  name: `Order ${i} ${COLOURS[i % 10]} ${code(i)}`,
  amount: (i * 37) % 1000,
  due: new Date(Date.UTC(2000, 0, 1) + Math.floor(i / 10) * DAY).toISOString().slice(0, 10),
  status: STATUSES[i % 7],
  phase: i % 3 ? 'Open' : 'Done',
  customer: i % CUSTOMERS,
})

/**
 * W3's pages of 50, newest first: status s3 (1 in 7) in phase Open; status s3 in any phase; names
 * containing "red" (1 in 10) in any phase.
 */
export const PAGES = ['phase + select', 'select, no phase', 'name search'] as const
export type Page = (typeof PAGES)[number]

export type Id = string | number

/** W5: `n` sockets that each hear changes of record `id`; `change()` changes it, `heard(k)` waits until all heard k changes and returns when the last came. */
export interface Listeners {
  change(): Promise<unknown>
  heard(count: number): Promise<bigint>
  close(): void
}

export interface Product {
  name: string
  /** Starts the product on its empty database, then makes the account and the schema (the workflow or table, its fields, the customers it links to). */
  prepare(): Promise<void>
  /** Starts the process on an existing database; resolves with the milliseconds to ready. */
  start(): Promise<number>
  stop(): Promise<void>
  pid(): number
  create(rows: Row[]): Promise<Id[]>
  /**
   * Writes `rows` (records `from`, `from + 1`, ...) straight into the product's tables, as its
   * `create` would store them, for loading more records than W1 measures (PEERS_API_RECORDS). Each
   * call first checks that what it writes for record 0 equals what `create` stored for it.
   */
  bulk(from: number, rows: Row[]): Promise<Id[]>
  readHttp(id: Id): Promise<unknown>
  /** `n` sockets, each reading one record at a time; or why the product has none. */
  socketReaders(n: number): Promise<{ read: (client: number, id: Id) => Promise<unknown>; close(): void } | string>
  page(which: Page): Promise<number>
  /** Sets `amount` on every record of `ids` in one call. */
  update(ids: Id[], amount: number): Promise<void>
  /** W5, or why the product has no equivalent. */
  listeners(n: number, id: Id): Promise<Listeners | string>
  /** What the process printed (its inspector's address among it, see `afterForcedGc`). */
  output(): string
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Added to every product's NODE_OPTIONS (main.ts): SIGUSR1 then opens the process's inspector on a
 * port of its own, so `afterForcedGc` can reach each of the three at once.
 */
export const INSPECT_ON_SIGNAL = '--inspect-port=0'

const inspectors = new Map<number, string>()

/**
 * The memory of a running Node process right after a full garbage collection it was made to run, in
 * bytes: its JavaScript heap in use, its resident memory, and the resident memory outside the heap's
 * reserved pages (`process.memoryUsage()`'s rss - heapTotal: sockets' native state, buffers, code).
 * Resident memory alone also counts heap pages the process had to add, which a process whose heap
 * had room left does not: a per-socket figure of it says as much about the heap before as about the
 * sockets. The first call opens the process's inspector (SIGUSR1; the address is read from what it
 * prints) and keeps its address for the next.
 */
export async function afterForcedGc(pid: number, output: () => string): Promise<{ heap: number; rss: number; native: number }> {
  let url = inspectors.get(pid)
  if (!url) {
    const listening = /Debugger listening on (ws:\/\/\S+)/g
    const before = [...output().matchAll(listening)].length
    process.kill(pid, 'SIGUSR1')
    const t = performance.now()
    while (!(url = [...output().matchAll(listening)][before]?.[1])) {
      if (performance.now() - t > 10_000) throw new Error(`process ${pid} opened no inspector:\n${output().slice(-2000)}`)
      await sleep(20)
    }
    inspectors.set(pid, url)
  }
  const { WebSocket } = await import('ws')
  const socket = new WebSocket(url)
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  const replies = new Map<number, (result: any) => void>()
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown }
    if (message.id !== undefined) replies.get(message.id)?.(message.result)
  })
  let next = 0
  const call = (method: string, params: object = {}) =>
    new Promise<any>((resolve) => {
      replies.set(++next, resolve)
      socket.send(JSON.stringify({ id: next, method, params }))
    })
  try {
    await call('HeapProfiler.collectGarbage')
    const usage = (await call('Runtime.getHeapUsage')) as { usedSize: number }
    const memory = (await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true })) as {
      result: { value: string }
    }
    const { rss: resident, heapTotal } = JSON.parse(memory.result.value) as { rss: number; heapTotal: number }
    return { heap: usage.usedSize, rss: rss(pid), native: resident - heapTotal }
  } finally {
    socket.close()
  }
}

/** Resident memory of a process in bytes. */
export function rss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024
}

export interface Spawned {
  child: ChildProcess
  output: () => string
  stop(): Promise<void>
}

/** Spawns a product and waits until `ready()` holds; `ms` from spawn to ready. */
export async function spawnUntilReady(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string> },
  ready: (output: string) => Promise<boolean>,
  timeoutMs = 300_000,
): Promise<Spawned & { ms: number }> {
  const t = performance.now()
  const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout!.on('data', (d) => (out = (out + d).slice(-200_000)))
  child.stderr!.on('data', (d) => (out = (out + d).slice(-200_000)))
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  let gone = false
  void exited.then(() => (gone = true))
  while (!(await ready(out).catch(() => false))) {
    if (gone) throw new Error(`${command} ${args.join(' ')} exited before it was ready:\n${out.slice(-5000)}`)
    if (performance.now() - t > timeoutMs) throw new Error(`${command} not ready after ${timeoutMs} ms:\n${out.slice(-5000)}`)
    await sleep(10)
  }
  const ms = performance.now() - t
  return {
    child,
    ms,
    output: () => out,
    async stop() {
      if (child.exitCode === null && !gone) child.kill('SIGTERM')
      await exited
    },
  }
}

/** A short-lived connection to a product's database, for `bulk`. */
export async function withDatabase<T>(url: string, f: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: url })
  await db.connect()
  try {
    return await f(db)
  } finally {
    await db.end()
  }
}

/** JSON with each object's keys sorted, so that two values compare by content. */
const canonical = (v: unknown): string =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? `{${Object.keys(v)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
        .join(',')}}`
    : Array.isArray(v)
      ? `[${v.map(canonical).join(',')}]`
      : JSON.stringify(v)

/** Throws unless what `bulk` would write for a record equals what `create` stored for it. */
export function sameAsCreated(product: string, written: unknown, stored: unknown) {
  const a = canonical(written)
  const b = canonical(stored)
  if (a !== b) throw new Error(`${product}: bulk would write ${a} where create stored ${b}`)
}

/** True once `url` answers 2xx. */
export const answers = async (url: string) => (await fetch(url).catch(() => null))?.ok ?? false

/** JSON over HTTP; throws with the body on a status other than 2xx. */
export async function json(method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<any> {
  const res = await fetch(url, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 2000)}`)
  return text ? JSON.parse(text) : null
}

/** A free loopback port. */
export async function freePort(): Promise<number> {
  const net = await import('node:net')
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
    s.on('error', reject)
  })
}
