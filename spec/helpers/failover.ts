/**
 * A PostgreSQL formation that fails over (pg_auto_failover: monitor, primary, synchronous standby;
 * scripts/ci/pg-failover.sh) and writers that keep calling through it, for the failover spec and
 * `npm run bench:failover`.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { postgresHostUrls } from '../../server/config-readers'
import { Client, type WireError } from './client'

const SCRIPT = path.join(__dirname, '..', '..', 'scripts', 'ci', 'pg-failover.sh')
const run = promisify(execFile)

export interface Formation {
  /** The multi-host DATABASE_URL of the formation. */
  url: string
  /** A planned failover (`pg_autoctl perform failover`); resolves once both nodes are settled again. */
  failover(): Promise<void>
  /** kill -9 of the primary's postmaster; resolves once both nodes are settled again. */
  crash(): Promise<void>
  /** The name of the node that is the primary now (node1, node2). */
  primary(): Promise<string>
  stop(): Promise<void>
}

/** Monitor on a free-looking port and the two nodes on the next two; about 15 to 40 s. */
export async function startFormation(): Promise<Formation> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hlr-failover-'))
  const port = 21000 + Math.floor(Math.random() * 9000) * 3
  const script = (...args: string[]) => run(SCRIPT, args, { timeout: 300_000 }).then(({ stdout }) => stdout.trim())
  let url: string
  try {
    url = (await script('start', dir, String(port))).split('\n').pop()!
  } catch (err) {
    await script('stop', dir).catch(() => {})
    throw err
  }
  return {
    url,
    failover: async () => void (await script('failover', dir)),
    crash: async () => void (await script('kill', dir)),
    primary: async () => path.basename(await script('primary', dir)),
    stop: async () => void (await script('stop', dir)),
  }
}

export interface Ack {
  /** The team the write created. */
  id: string
  /** When its reply came (ms, this process's clock). */
  at: number
}

/**
 * Sockets that create teams one after another, as fast as the server answers: with idempotency keys
 * (a call that fails is sent again with its key until it succeeds), or without (a call answered 503
 * is not sent again, and counted).
 */
export class Writers {
  readonly acks: Ack[] = []
  /** Errors answered to writes without a key. */
  readonly refused: WireError[] = []
  /** Errors answered to writes with a key (each sent again until it succeeded). */
  readonly keyedErrors: WireError[] = []
  private stopped = false
  private loops: Promise<void>[] = []
  private sockets: Client[] = []

  constructor(
    private wsUrl: string,
    private key: string,
  ) {}

  async start(withKeys: number, withoutKeys: number) {
    for (let w = 0; w < withKeys + withoutKeys; w++) {
      const socket = await Client.connect({ url: this.wsUrl, key: this.key })
      this.sockets.push(socket)
      this.loops.push(this.write(socket, w, w < withKeys))
    }
  }

  private async write(socket: Client, w: number, keyed: boolean) {
    for (let n = 0; !this.stopped; n++) {
      const frame = { id: n, op: 'company.new_team', args: [{ name: `failover ${w}.${n}` }], ...(keyed ? { idempotencyKey: `w${w}.${n}` } : {}) }
      for (;;) {
        const reply = await socket.sendFrame(frame)
        if (reply.result) {
          this.acks.push({ id: reply.result._id, at: performance.now() })
          break
        }
        await new Promise((resolve) => setTimeout(resolve, 50))
        if (!keyed) {
          this.refused.push(reply.error)
          break
        }
        this.keyedErrors.push(reply.error)
      }
    }
  }

  /** Resolves once `n` more writes were acknowledged. */
  async more(n: number) {
    const target = this.acks.length + n
    while (this.acks.length < target) await new Promise((resolve) => setTimeout(resolve, 20))
  }

  /** Lets the writes under way finish; the sockets stay open. */
  async stop() {
    this.stopped = true
    await Promise.all(this.loops)
  }

  close() {
    return Promise.all(this.sockets.map((s) => s.close()))
  }

  /** Whether every writer's socket is still open. */
  get allOpen() {
    return this.sockets.every((s) => s.ws.readyState === s.ws.OPEN)
  }

  /** The longest time without an acknowledged write between `from` and `to` (performance.now() ms). */
  gap(from: number, to: number): number {
    const times = [from, ...this.acks.map((a) => a.at).filter((t) => t > from && t < to), to]
    return Math.max(...times.slice(1).map((t, i) => t - times[i]!))
  }
}

/** Runs `statement` on whichever host of the multi-host URL is the primary. */
export async function onPrimary(url: string, statement: string): Promise<pg.QueryResult> {
  for (const host of postgresHostUrls(url)) {
    const client = new pg.Client({ connectionString: host })
    await client.connect()
    try {
      if (!(await client.query('select pg_is_in_recovery() as standby')).rows[0].standby) return await client.query(statement)
    } finally {
      await client.end()
    }
  }
  throw new Error('no primary')
}

/** The ids of the teams the writers created, as stored, in the order created. */
export async function storedTeams(url: string): Promise<string[]> {
  const { rows } = await onPrimary(url, `select _id from teams where name like 'failover %' order by created, _id`)
  return rows.map((r: { _id: string }) => r._id)
}
