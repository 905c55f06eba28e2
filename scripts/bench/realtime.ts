/**
 * Real time at scale, all measured in one run:
 *  1. one activity update heard by 10,000 signed-in sockets: time from the call to the last
 *     delivery, against a bare ws server broadcasting the same frame to 10,000 sockets (ratio,
 *     goal >= 0.5);
 *  2. memory per idle signed-in socket (the server's resident memory before and after opening
 *     them; goal under 50 KiB);
 *  3. resume of 10,000 missed signals: from the call to its reply, which follows the last replayed
 *     signal (goal under 1 s).
 *   npm run bench:realtime            (PGlite in a temporary folder)
 *   DATABASE_URL=... npm run bench:realtime
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import WebSocket from 'ws'
import { startServer } from '../../spec/helpers/server'
import { newPhaseId } from '../../spec/helpers/workflows'
import { allHeard, listen, openMany } from './listeners'

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000)
const MISSED = Number(process.env.BENCH_MISSED ?? 10_000)
const ROUNDS = 3

async function caller(url: string, key?: string) {
  const ws = new WebSocket(url, { headers: key ? { hlrkey: key } : {} })
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  const pending = new Map<number, (frame: any) => void>()
  const signals: any[] = []
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString())
    if ('sig' in frame) signals.push(frame)
    else pending.get(frame.id)?.(frame)
  })
  let next = 0
  const call = (op: string, ...args: unknown[]) =>
    new Promise<any>((resolve, reject) => {
      const id = next++
      pending.set(id, (frame) => (frame.error ? reject(new Error(`${op}: ${JSON.stringify(frame.error)}`)) : resolve(frame.result)))
      ws.send(JSON.stringify({ id, op, args }))
    })
  return { ws, call, signals }
}

/** Resident memory of the server's node process (the spawned process itself: it runs the bundle). */
function serverRss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024
}

const ms = (ns: bigint) => Number(ns) / 1e6
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function startBare(): Promise<{ url: string; stop(): void }> {
  const tsx = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx')
  const child = spawn(tsx, [path.join(__dirname, 'broadcast-server.ts')], { stdio: ['ignore', 'pipe', 'inherit'] })
  const url = await new Promise<string>((resolve) => child.stdout.once('data', (d) => resolve(JSON.parse(d.toString()).url)))
  return { url, stop: () => child.kill('SIGTERM') }
}

async function main() {
  const server = await startServer({ WS_MAX_CONNECTIONS: String(SOCKETS * 2), WS_MESSAGES_PER_SECOND: '1000000' }, 180_000)
  try {
    const anon = await caller(server.wsUrl)
    const email = `bench.${Date.now()}@example.test`
    await anon.call('v2.user.register', { email, firstname: 'B', lastname: 'B', password: 'bench password' })
    const key: string = await anon.call('login', email, 'bench password')
    anon.ws.close()
    const owner = await caller(server.wsUrl, key)
    const teamId = (await owner.call('company.new_team', { name: 'Crew' }))._id
    const wf = await owner.call('process.create', { name: 'Bench' })
    const phase = newPhaseId() // unique across workflows
    await owner.call('process.set_info', wf._id, { phases: { [phase]: { name: 'Open' } }, phasesOrder: [phase] })
    const idOf = (a: string | { _id: string }) => (typeof a === 'string' ? a : a._id)
    const activityId = idOf((await owner.call('v3.activity.createMany', wf._id, [{ name: 'watched' }], { teamId }))[0])

    // 1 and 2: 10,000 signed-in sockets, idle, then one update they all hear.
    await new Promise((r) => setTimeout(r, 1000))
    const rssBefore = serverRss(server.child.pid!)
    const ours = await openMany(server.wsUrl, SOCKETS, { key })
    await new Promise((r) => setTimeout(r, 2000))
    const rssAfter = serverRss(server.child.pid!)
    const oursMs: number[] = []
    let sample = ''
    for (let round = 1; round <= ROUNDS; round++) {
      const start = process.hrtime.bigint()
      await owner.call('v3.activity.updateMany', [{ _id: activityId, name: `round ${round}` }])
      oursMs.push(ms((await allHeard(ours, round)) - start))
      if (!sample)
        sample = JSON.stringify(owner.signals.at(-1) ?? { sig: 'v3.activity.updated', meta: { _id: activityId, processId: wf._id, fields: [] }, seq: 1 })
    }
    for (const l of ours) l.ws.close()

    const bare = await startBare()
    const bareListeners = await openMany(bare.url, SOCKETS)
    const trigger = await listen(bare.url)
    const bareMs: number[] = []
    for (let round = 1; round <= ROUNDS; round++) {
      const start = process.hrtime.bigint()
      trigger.ws.send(JSON.stringify({ go: sample }))
      bareMs.push(ms((await allHeard(bareListeners, round)) - start))
    }
    for (const l of [...bareListeners, trigger]) l.ws.close()
    bare.stop()

    // 3: a socket away while MISSED signals are written (activity updates, 1,000 per call), then resume.
    const ids: string[] = (
      await owner.call(
        'v3.activity.createMany',
        wf._id,
        Array.from({ length: 1000 }, (_, i) => ({ name: `a${i}` })),
        { teamId },
      )
    ).map(idOf)
    const away = await caller(server.wsUrl, key)
    const { seq } = await away.call('resume')
    away.ws.close()
    for (let written = 0, round = 0; written < MISSED; round++) {
      const batch = ids.slice(0, Math.min(1000, MISSED - written)).map((_id) => ({ _id, name: `r${round} ${_id}` }))
      await owner.call('v3.activity.updateMany', batch)
      written += batch.length
    }
    const back = await caller(server.wsUrl, key)
    const start = process.hrtime.bigint()
    const resumed = await back.call('resume', seq)
    const resumeMs = ms(process.hrtime.bigint() - start)
    if (resumed.replayed !== MISSED || back.signals.length !== MISSED)
      throw new Error(`replayed ${resumed.replayed}, heard ${back.signals.length}, expected ${MISSED}`)
    back.ws.close()
    owner.ws.close()

    const storage = process.env.DATABASE_URL ? 'postgresql' : 'pglite'
    const perSocket = (rssAfter - rssBefore) / SOCKETS / 1024
    console.log(`storage: ${storage}, ${SOCKETS} sockets`)
    console.log(
      `one activity update to ${SOCKETS} sockets: server ${median(oursMs).toFixed(0)} ms (rounds ${oursMs.map((x) => x.toFixed(0)).join(', ')}), bare ws broadcast ${median(bareMs).toFixed(0)} ms (rounds ${bareMs.map((x) => x.toFixed(0)).join(', ')}), ratio ${(median(bareMs) / median(oursMs)).toFixed(2)} (goal >= 0.5)`,
    )
    console.log(
      `memory per idle signed-in socket: ${perSocket.toFixed(1)} KiB (server RSS ${(rssBefore / 2 ** 20).toFixed(0)} -> ${(rssAfter / 2 ** 20).toFixed(0)} MiB; goal < 50 KiB)`,
    )
    console.log(`resume of ${MISSED} missed signals: ${resumeMs.toFixed(0)} ms (goal < 1000 ms)`)
  } finally {
    await server.stop()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
