/**
 * Round trips per second of authenticated database reads over one socket (v2.network.get,
 * v2.process.get, v3.activity.get and a page of 50 of v3.activity.list), one call at a time and with
 * BENCH_IN_FLIGHT (64) in flight, with the statements each call issues (counted through
 * DB_STATEMENT_LOG), each against three baselines measured in this run:
 *  - the one-statement floor (issue 27: goal >= 0.5): a bare ws server (select-server.ts) answering
 *    each frame with one trivial SELECT as long as the operation's reply (for the page: 50 rows that
 *    long in all), through the server's driver path (node-postgres, named prepared statements, the
 *    server's pool size), same calls in flight;
 *  - the database floor: the very statements the server issued for one call of the operation,
 *    replayed directly through the same driver to the same database with the same number of calls
 *    in flight;
 *  - a bare ws server that parses each frame and echoes a reply (for v2.network.get, and for a call
 *    that touches no database: an unknown operation, parse, look-up, 501 reply).
 *   npm run bench:rpc            (PGlite in a temporary folder)
 *   DATABASE_URL=... npm run bench:rpc
 * BENCH_SHOW_STATEMENTS=1 prints each operation's statements (text, values, time) before measuring.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { POOL_SIZE } from '../../server/db/connect'
import { preparedPool } from '../../server/db/prepared-pool'
import { startServer, tempDataDir } from '../../spec/helpers/server'
import { measure, open, type Caller } from './calls'
import { workflowWithPhase } from '../../spec/helpers/workflows'

const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 500)
const PIPELINED = Number(process.env.BENCH_PIPELINED ?? 3000)
/** Each rate is the best of this many runs: the machine is shared, and a slow run measures the neighbours. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 64)
const OPERATIONS = ['v2.network.get', 'v2.process.get', 'v3.activity.get', 'v3.activity.list'] as const
/** The activities of the bench's workflow; v3.activity.list reads a page of PAGE of them. */
const ACTIVITIES = 60
const PAGE = 50

async function best(call: Caller, op: string, args: unknown[], total: number, window: number, mayFail = false): Promise<number> {
  let rate = 0
  for (let i = 0; i < ROUNDS; i++) rate = Math.max(rate, await measure(call, op, args, total, window, mayFail))
  return rate
}

/** A baseline server of this folder (echo-server.ts, select-server.ts) in its own process, as the server runs in its own. */
async function startBaseline(file: string, ...args: string[]): Promise<{ url: string; stop(): Promise<void> }> {
  const tsx = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx')
  const child = spawn(tsx, [path.join(__dirname, file), ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const url = await new Promise<string>((resolve) => child.stdout.once('data', (d) => resolve(JSON.parse(d.toString()).url)))
  return {
    url,
    async stop() {
      child.kill('SIGTERM')
      await exited
    },
  }
}

interface Statement {
  sql: string
  parameters: unknown[]
  started: number
  ended: number
}

/**
 * The logged statements of one call in waves: statements the server issued together (each started
 * before any of them ended: a Promise.all) form one wave, run at once; the waves run one after another.
 */
function waves(logged: Statement[]): Statement[][] {
  const out: { statements: Statement[]; firstEnd: number }[] = []
  for (const s of [...logged].sort((a, b) => a.started - b.started)) {
    const last = out.at(-1)
    if (last && s.started < last.firstEnd) {
      last.statements.push(s)
      last.firstEnd = Math.min(last.firstEnd, s.ended)
    } else out.push({ statements: [s], firstEnd: s.ended })
  }
  return out.map((w) => w.statements)
}

/** A signed-in user with a workspace, a workflow and an activity; the statements one call of each operation issues. */
async function prepare(env: Record<string, string>, logFile: string) {
  const server = await startServer({ ...env, DB_STATEMENT_LOG: logFile })
  try {
    const anon = await open(server.wsUrl)
    const email = `bench.${Date.now()}@example.test`
    const { result: user } = await anon.call('v2.user.register', [{ email, firstname: 'B', lastname: 'B', password: 'bench password' }])
    const { result: key } = await anon.call('login', [email, 'bench password'])
    anon.ws.close()
    const c = await open(server.wsUrl, key)
    const plain = { call: async (op: string, ...args: unknown[]) => ((await c.call(op, args)) as any).result }
    const { p, phase, teamId } = await workflowWithPhase(plain as any, 'Bench')
    const rows = Array.from({ length: ACTIVITIES }, (_, i) => ({ name: `Activity ${i}`, phaseId: phase }))
    const [activity] = await plain.call('v3.activity.createMany', p._id, rows, { teamId })
    const args: Record<(typeof OPERATIONS)[number], unknown[]> = {
      'v2.network.get': [user.cid],
      'v2.process.get': [p._id],
      'v3.activity.get': [activity._id],
      'v3.activity.list': [{ processId: p._id, phaseId: phase, limit: PAGE }],
    }
    const statements = {} as Record<(typeof OPERATIONS)[number], Statement[][]>
    /** The length of each operation's reply, which the one-statement floor's row matches. */
    const replyBytes = {} as Record<(typeof OPERATIONS)[number], number>
    for (const op of OPERATIONS) {
      // The server's background workers write to the same log now and then: of five calls (after a
      // first that may fill what later calls find cached), the one with the fewest statements is the call's own.
      await c.call(op, args[op])
      for (let i = 0; i < 5; i++) {
        const from = fs.statSync(logFile).size
        const reply = await c.call(op, args[op])
        if (reply.error) throw new Error(`${op}: ${JSON.stringify(reply.error)}`)
        replyBytes[op] = JSON.stringify(reply.result).length
        const lines = fs.readFileSync(logFile, 'utf8').slice(from).trim().split('\n').filter(Boolean)
        if (!statements[op] || lines.length < statements[op].flat().length) statements[op] = waves(lines.map((line) => JSON.parse(line)))
      }
    }
    c.ws.close()
    return { key, args, statements, replyBytes }
  } finally {
    await server.stop()
  }
}

/** The same database as the server's, through the same driver and the same statement names. */
async function openFloor(dataDir: string) {
  let pool: pg.Pool
  let close = async () => {}
  if (process.env.DATABASE_URL) {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE })
  } else {
    const { PGlite } = await import('@electric-sql/pglite')
    const { createPgConfig } = await import('@electric-sql/pglite/node-postgres')
    const lite = await PGlite.create(path.join(dataDir, 'pgdata'))
    pool = new pg.Pool(createPgConfig(lite) as pg.PoolConfig)
    close = () => lite.close()
  }
  const prepared = preparedPool(pool)
  const run = async ({ sql, parameters }: Statement) => {
    const client = await prepared.connect()
    try {
      await client.query(sql, parameters)
    } finally {
      client.release()
    }
  }
  /** One call's statements as the server issued them: wave after wave, each statement on a connection taken from the pool as kysely takes it. */
  const replay = async (statements: Statement[][]) => {
    for (const wave of statements) await Promise.all(wave.map(run))
  }
  return {
    call: (async (_op: string, args: unknown[]) => {
      await replay(args as Statement[][])
      return {}
    }) as Caller,
    async close() {
      await prepared.end()
      await close()
    },
  }
}

async function main() {
  const storage = process.env.DATABASE_URL ? 'postgresql' : 'pglite'
  const dataDir = tempDataDir()
  const env = { WS_MESSAGES_PER_SECOND: '1000000', DATA_DIR: dataDir }
  const logFile = path.join(dataDir, 'statements.jsonl')
  const { key, args, statements, replyBytes } = await prepare(env, logFile)
  if (process.env.BENCH_SHOW_STATEMENTS) for (const op of OPERATIONS) console.log(op, JSON.stringify(statements[op], null, 1))

  type Rates = { seq: number; par: number }
  const ours = {} as Record<string, Rates>
  const floor = {} as Record<string, Rates>
  const oneStatement = {} as Record<string, Rates>
  const bare = {} as Rates
  let unknownOp = {} as Rates

  const server = await startServer(env)
  const echo = await startBaseline('echo-server.ts')
  try {
    const c = await open(server.wsUrl, key)
    const e = await open(echo.url)
    for (const op of OPERATIONS) {
      await measure(c.call, op, args[op], 500, 16) // warm up
      ours[op] = { seq: await best(c.call, op, args[op], SEQUENTIAL, 1), par: await best(c.call, op, args[op], PIPELINED, IN_FLIGHT) }
    }
    await measure(e.call, 'echo', args['v2.network.get'], 500, 16)
    bare.seq = await best(e.call, 'echo', args['v2.network.get'], SEQUENTIAL, 1)
    bare.par = await best(e.call, 'echo', args['v2.network.get'], PIPELINED, IN_FLIGHT)
    unknownOp = {
      seq: await best(c.call, 'no.such.operation', [], SEQUENTIAL, 1, true),
      par: await best(c.call, 'no.such.operation', [], PIPELINED, IN_FLIGHT, true),
    }
    c.ws.close()
    e.ws.close()
  } finally {
    await echo.stop()
    await server.stop()
  }

  // The floor runs after the server has stopped: PGlite's folder has one owner at a time.
  const direct = await openFloor(dataDir)
  try {
    for (const op of OPERATIONS) {
      await measure(direct.call, op, statements[op], 500, 16)
      floor[op] = {
        seq: await best(direct.call, op, statements[op], SEQUENTIAL, 1),
        par: await best(direct.call, op, statements[op], PIPELINED, IN_FLIGHT),
      }
    }
  } finally {
    await direct.close()
  }
  const select = await startBaseline('select-server.ts', dataDir)
  try {
    const s = await open(select.url)
    for (const op of OPERATIONS) {
      const bytes = [replyBytes[op], op === 'v3.activity.list' ? PAGE : 1]
      await measure(s.call, 'select', bytes, 500, 16)
      oneStatement[op] = { seq: await best(s.call, 'select', bytes, SEQUENTIAL, 1), par: await best(s.call, 'select', bytes, PIPELINED, IN_FLIGHT) }
    }
    s.ws.close()
  } finally {
    await select.stop()
  }

  const rate = (n: number) => `${n.toFixed(0).padStart(6)}/s`
  console.log(`storage: ${storage}; best of ${ROUNDS} runs of ${SEQUENTIAL} calls one at a time and of ${PIPELINED} with ${IN_FLIGHT} in flight`)
  for (const op of OPERATIONS) {
    console.log(`${op}: ${statements[op].flat().length} statements per call, in ${statements[op].length} waves; reply ${replyBytes[op]} bytes`)
    for (const [label, key] of [
      ['one at a time', 'seq'],
      [`${IN_FLIGHT} in flight`, 'par'],
    ] as const) {
      const ratio = ours[op][key] / oneStatement[op][key]
      console.log(
        `  ${label.padEnd(14)} server ${rate(ours[op][key])}; one-statement floor ${rate(oneStatement[op][key])}, ratio ${ratio.toFixed(2)} (goal >= 0.5)${ratio < 0.5 ? ' MISSED' : ''}; replayed statements ${rate(floor[op][key])}, ratio ${(ours[op][key] / floor[op][key]).toFixed(2)}`,
      )
    }
  }
  const echoLine = (label: string, server: number, echoed: number) =>
    console.log(`${label.padEnd(40)} server ${rate(server)}, bare ws ${rate(echoed)}, ratio ${(server / echoed).toFixed(2)}`)
  echoLine('v2.network.get, one at a time', ours['v2.network.get'].seq, bare.seq)
  echoLine(`v2.network.get, ${IN_FLIGHT} in flight`, ours['v2.network.get'].par, bare.par)
  echoLine('no database (501), one at a time', unknownOp.seq, bare.seq)
  echoLine(`no database (501), ${IN_FLIGHT} in flight`, unknownOp.par, bare.par)
  if (process.env.BENCH_SHOW_STATEMENTS)
    for (const op of OPERATIONS) console.log(op, statements[op].map((w) => w.map((s) => s.sql).join('\n  | ')).join('\n  '))
  fs.rmSync(dataDir, { recursive: true, force: true })
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
