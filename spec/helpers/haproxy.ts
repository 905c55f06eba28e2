/**
 * Debian's HAProxy in front of server processes, run with the repository's deploy/haproxy.cfg (the
 * file docs/deploy.md describes), on a free loopback port. It has one line per process: three.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import WebSocket from 'ws'

export const HAPROXY = '/usr/sbin/haproxy'
export const HAPROXY_CONFIG = path.join(__dirname, '..', '..', 'deploy', 'haproxy.cfg')
/** The header deploy/haproxy.cfg adds to every reply and upgrade: the name of the process that answered (s1, s2, s3). */
export const SERVED_BY = 'x-served-by'

/** On a developer's machine without haproxy such a spec is skipped; .ci/run installs it, and there a missing haproxy fails. */
export const haproxyInstalled = () => fs.existsSync(HAPROXY) || process.env.CI === 'true'

export interface Balancer {
  url: string
  wsUrl: string
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** Starts HAProxy in front of the three servers (their http://host:port URLs); resolves when each of them answers through it. */
export async function startHaproxy(servers: string[], timeoutMs = 30_000): Promise<Balancer> {
  if (servers.length !== 3) throw new Error('deploy/haproxy.cfg names three processes')
  const listen = `127.0.0.1:${await freePort()}`
  const env: Record<string, string> = { ...(process.env as Record<string, string>), HLR_LISTEN: listen }
  servers.forEach((url, i) => (env[`HLR_SERVER_${i + 1}`] = new URL(url).host))
  // -db: stay in the foreground, so the process ends with its parent's kill.
  const child = spawn(HAPROXY, ['-db', '-f', HAPROXY_CONFIG], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  if (process.env.HAPROXY_DEBUG) child.stderr.pipe(process.stderr)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://${listen}`
  const seen = new Set<string>()
  const until = Date.now() + timeoutMs
  while (seen.size < servers.length) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}:\n${output}`)
    if (Date.now() > until) throw new Error(`haproxy did not reach every server (reached ${[...seen]}):\n${output}`)
    const res = await fetch(`${url}/readyz`).catch(() => null)
    const servedBy = res?.status === 200 ? res.headers.get(SERVED_BY) : null
    if (servedBy) seen.add(servedBy)
    else await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    wsUrl: `ws://${listen}/ws`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

/**
 * A client as a browser tab holds one: a socket through HAProxy that keeps what it heard and, when
 * the socket drops, opens another through HAProxy and resumes from the last seq it heard.
 */
export class Tab {
  readonly seqs: number[] = []
  /** The ids of the teams whose creation it heard (`company.team.created`), and when (performance.now()). */
  readonly teams: string[] = []
  readonly heardAt = new Map<string, number>()
  /** The process holding the current socket (s1, s2, s3: deploy/haproxy.cfg's names). */
  servedBy = ''
  reconnected = false
  /** When its current socket's resume was answered (performance.now()). */
  resumedAt = 0
  private ws!: WebSocket
  private pending = new Map<number, (frame: any) => void>()
  private next = 0
  private closing = false

  constructor(
    private url: string,
    private key: string,
  ) {}

  async open(): Promise<void> {
    const ws = new WebSocket(this.url, { headers: { hlrkey: this.key } })
    await new Promise<void>((resolve, reject) => {
      ws.once('upgrade', (res) => (this.servedBy = String(res.headers[SERVED_BY])))
      ws.once('open', () => resolve())
      ws.once('error', reject)
    })
    this.ws = ws
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString())
      if ('sig' in frame) {
        if (typeof frame.seq === 'number') this.seqs.push(frame.seq)
        if (frame.sig === 'company.team.created') {
          this.teams.push(frame.meta._id)
          this.heardAt.set(frame.meta._id, performance.now())
        }
      } else {
        this.pending.get(frame.id)?.(frame)
        this.pending.delete(frame.id)
      }
    })
    ws.once('close', () => void this.reopen())
    // The server holds a socket's signals until its first frame: nothing is heard before the resume.
    const reply = await this.call('resume', this.seqs.length ? [this.seqs.at(-1)] : [])
    if (reply.error) throw new Error(`resume failed: ${JSON.stringify(reply.error)}`)
    this.resumedAt = performance.now()
  }

  private async reopen() {
    if (this.closing) return
    this.reconnected = true
    while (!this.closing) {
      try {
        return await this.open()
      } catch {
        await new Promise((r) => setTimeout(r, 100)) // HAProxy may not have marked the dead process down yet
      }
    }
  }

  call(op: string, args: unknown[]): Promise<any> {
    const id = this.next++
    return new Promise((resolve) => {
      this.pending.set(id, resolve)
      this.ws.send(JSON.stringify({ id, op, args }))
    })
  }

  close() {
    this.closing = true
    this.ws?.close()
  }
}
