/**
 * Round trips per second of an authenticated database read (v2.network.get) over one socket,
 * sequentially and with 256 calls in flight, against a bare ws server that parses each frame and
 * echoes a reply, both measured in this run. Prints the two ratios (goal: >= 0.5 each), and the
 * same for a call that touches no database (an unknown operation: parse, look-up, 501 reply), which
 * shows the socket and dispatch layers' own share.
 *   npm run bench:rpc            (PGlite in a temporary folder)
 *   DATABASE_URL=... npm run bench:rpc
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import WebSocket from 'ws'
import { startServer } from '../../spec/helpers/server'

const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 3000)
const PIPELINED = Number(process.env.BENCH_PIPELINED ?? 30000)
const IN_FLIGHT = 256

async function open(url: string, key?: string) {
  const ws = new WebSocket(url, { headers: key ? { hlrkey: key } : {} })
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  const pending = new Map<number, (frame: any) => void>()
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString())
    pending.get(frame.id)?.(frame)
    pending.delete(frame.id)
  })
  let next = 0
  const call = (op: string, args: unknown[]) =>
    new Promise<any>((resolve) => {
      const id = next++
      pending.set(id, resolve)
      ws.send(JSON.stringify({ id, op, args }))
    })
  return { ws, call }
}

type Caller = Awaited<ReturnType<typeof open>>['call']

/** Calls per second with `window` calls kept in flight. */
async function measure(call: Caller, args: unknown[], total: number, window: number, op = 'v2.network.get'): Promise<number> {
  let sent = 0
  let failed = 0
  const start = process.hrtime.bigint()
  const worker = async () => {
    while (sent < total) {
      sent++
      const reply = await call(op, args)
      if (reply.error && op === 'v2.network.get') failed++
    }
  }
  await Promise.all(Array.from({ length: window }, worker))
  const seconds = Number(process.hrtime.bigint() - start) / 1e9
  if (failed) throw new Error(`${failed} calls failed`)
  return total / seconds
}

async function startEcho(): Promise<{ url: string; stop(): void }> {
  const tsx = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx')
  const child = spawn(tsx, [path.join(__dirname, 'echo-server.ts')], { stdio: ['ignore', 'pipe', 'inherit'] })
  const url = await new Promise<string>((resolve) => child.stdout.once('data', (d) => resolve(JSON.parse(d.toString()).url)))
  return { url, stop: () => child.kill('SIGTERM') }
}

async function main() {
  const server = await startServer({ WS_MESSAGES_PER_SECOND: '1000000' })
  const echo = await startEcho()
  try {
    const anon = await open(server.wsUrl)
    const email = `bench.${Date.now()}@example.test`
    const { result } = await anon.call('v2.user.register', [{ email, firstname: 'B', lastname: 'B', password: 'bench password' }])
    const { result: key } = await anon.call('login', [email, 'bench password'])
    anon.ws.close()
    const ours = await open(server.wsUrl, key)
    const bare = await open(echo.url)
    const args = [result.cid]

    await measure(ours.call, args, 500, 16) // warm up both
    await measure(bare.call, args, 500, 16)
    const oursSeq = await measure(ours.call, args, SEQUENTIAL, 1)
    const bareSeq = await measure(bare.call, args, SEQUENTIAL, 1)
    const oursPar = await measure(ours.call, args, PIPELINED, IN_FLIGHT)
    const barePar = await measure(bare.call, args, PIPELINED, IN_FLIGHT)
    const floorSeq = await measure(ours.call, [], SEQUENTIAL, 1, 'no.such.operation')
    const floorPar = await measure(ours.call, [], PIPELINED, IN_FLIGHT, 'no.such.operation')
    const storage = process.env.DATABASE_URL ? 'postgresql' : 'pglite'
    const line = (label: string, server: number, bare: number) =>
      console.log(
        `${label.padEnd(34)} server ${server.toFixed(0).padStart(6)}/s, bare ws ${bare.toFixed(0).padStart(6)}/s, ratio ${(server / bare).toFixed(2)}`,
      )
    console.log(`storage: ${storage}`)
    line('v2.network.get, sequential', oursSeq, bareSeq)
    line(`v2.network.get, ${IN_FLIGHT} in flight`, oursPar, barePar)
    line('no database (501), sequential', floorSeq, bareSeq)
    line(`no database (501), ${IN_FLIGHT} in flight`, floorPar, barePar)
    ours.ws.close()
    bare.ws.close()
  } finally {
    echo.stop()
    await server.stop()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
