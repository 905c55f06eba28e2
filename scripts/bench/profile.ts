/**
 * Profiles: for each namespace, the slowest of its usual calls (median of sequential calls, measured
 * first, in the same run), then that call under load (BENCH_PROFILE_IN_FLIGHT calls in flight over
 * one socket for BENCH_PROFILE_SECONDS) while the server's CPU profiler runs, and the top functions
 * by self time. The server runs with --inspect on loopback; the profiler is the one --cpu-prof uses
 * (V8's), started and stopped through the inspector around each load so each profile holds one call.
 *   npm run bench:profile    (add DATABASE_URL=… for PostgreSQL; BENCH_PROFILE_OPS=v3.activity.get for one call)
 */
import WebSocket from 'ws'
import { startServer } from '../../spec/helpers/server'
import { signedIn } from '../../spec/helpers/users'
import { hotspots, layers, type Profile } from './cpu-profile'
import { open } from './direct'
import { newPhaseId } from '../../spec/helpers/workflows'

const SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 3)
const IN_FLIGHT = Number(process.env.BENCH_PROFILE_IN_FLIGHT ?? 32)
const SEQUENTIAL = Number(process.env.BENCH_PROFILE_CALLS ?? 20)
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 10)
/** Only these operations (comma-separated), each profiled whatever its namespace's slowest: for looking at one call. */
const ONLY = process.env.BENCH_PROFILE_OPS?.split(',')

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/** A minimal client of the inspector protocol (the server's --inspect socket). */
async function inspector(url: string) {
  const ws = new WebSocket(url)
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  const pending = new Map<number, (m: { result?: unknown; error?: { message: string } }) => void>()
  ws.on('message', (data) => {
    const m = JSON.parse(String(data))
    pending.get(m.id)?.(m)
    pending.delete(m.id)
  })
  let next = 0
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve, reject) => {
      const id = ++next
      pending.set(id, (m) => (m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result as T)))
      ws.send(JSON.stringify({ id, method, params }))
    })
  return { send, close: () => ws.close() }
}

interface Candidate {
  op: string
  args: unknown[]
}

async function main() {
  const server = await startServer({ WS_MESSAGES_PER_SECOND: '1000000' }, 120_000, { nodeArgs: ['--inspect=127.0.0.1:0'] })
  const debuggerUrl = /Debugger listening on (ws:\/\/\S+)/.exec(server.output())![1]
  const profiler = await inspector(debuggerUrl)
  await profiler.send('Profiler.enable')
  await profiler.send('Profiler.setSamplingInterval', { interval: 200 })
  const me = await signedIn('profile', server.wsUrl)
  try {
    // A workspace with something in it: a team, a workflow of 200 activities, 50 wall posts, a calendar.
    const c = me.client
    const team = await c.call('company.new_team', { name: 'T' })
    const p = await c.call('process.create', { name: 'Orders' })
    const phase = newPhaseId()
    await c.call('process.set_info', p._id, { phases: { [phase]: { name: 'Open' } }, phasesOrder: [phase] })
    const made = await c.call(
      'v3.activity.createMany',
      p._id,
      Array.from({ length: 200 }, (_, i) => ({ name: `Order ${i}` })),
      { teamId: team._id },
    )
    for (let i = 0; i < 50; i++) await c.call('wall2.new_post', { subject: `Post ${i}`, text: 'Text' })
    const post = (await c.call('wall2.new_post', { subject: 'One', text: 'T' }))._id
    await c.call('v3.calendar.create', { name: 'Launches' })
    const activityId = made[0]._id

    const all: Candidate[] = [
      { op: 'company.form_get_teams', args: [] },
      { op: 'company.get_general_options', args: [] },
      { op: 'company.load_team', args: [team._id] },
      { op: 'process.list', args: [] },
      { op: 'process.get_next_prefix_id', args: [p._id] },
      { op: 'v2.network.get', args: [me.cid] },
      { op: 'v2.network.role.list', args: [] },
      { op: 'v2.network.invite.list', args: [me.cid] },
      { op: 'v2.process.get', args: [p._id] },
      { op: 'v2.process.meta', args: [{ process: p._id }] },
      { op: 'v2.process.member.list', args: [p._id] },
      { op: 'v2.user.profile', args: [me.uid] },
      { op: 'v3.activity.get', args: [activityId] },
      { op: 'v3.activity.list', args: [{ processId: p._id, sort: 'name' }] },
      { op: 'v3.activity.count', args: [] },
      { op: 'v3.activity.phaseCount', args: [] },
      { op: 'v3.activity.timeline2', args: [{ processId: p._id }] },
      { op: 'v3.activity.create', args: [p._id, { name: 'More' }, { teamId: team._id }] },
      { op: 'v3.calendar.list', args: [] },
      { op: 'v3.insight.list', args: [] },
      { op: 'v3.session.get', args: [] },
      { op: 'v3.session.workspaces', args: [] },
      { op: 'v3.user.permissions', args: [] },
      { op: 'v3.user.apikey.list', args: [] },
      { op: 'wall2.load_posts', args: [] },
      { op: 'wall2.load_posts', args: [post] },
      { op: 'wall2.unread', args: [] },
      { op: 'wall2.new_post', args: [{ subject: 'More', text: 'T' }] },
    ]
    const candidates = ONLY ? all.filter((c) => ONLY.includes(c.op)) : all
    const socket = await open(server.wsUrl, me.key)

    // The slowest candidate of each namespace, by median of sequential calls.
    const slowest = new Map<string, { candidate: Candidate; ms: number }>()
    console.log(`median of ${SEQUENTIAL} sequential calls:`)
    for (const candidate of candidates) {
      const times: number[] = []
      for (let i = 0; i < SEQUENTIAL; i++) {
        const t = performance.now()
        await socket.call(candidate.op, ...candidate.args)
        times.push(performance.now() - t)
      }
      const ms = median(times)
      console.log(`  ${candidate.op.padEnd(30)} ${ms.toFixed(2)} ms`)
      // Namespaces as the coverage table (docs/reference/operations.md) groups them: v2.network.role belongs to v2.network.
      const ns = candidate.op
        .split('.')
        .slice(0, candidate.op.startsWith('v') ? 2 : 1)
        .join('.')
      const key = ONLY ? candidate.op : ns
      if (ms > (slowest.get(key)?.ms ?? -1)) slowest.set(key, { candidate, ms })
    }

    for (const [ns, { candidate }] of slowest) {
      await profiler.send('Profiler.start')
      const until = performance.now() + SECONDS * 1000
      let calls = 0
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (performance.now() < until) {
            await socket.call(candidate.op, ...candidate.args)
            calls++
          }
        }),
      )
      const { profile } = await profiler.send<{ profile: Profile }>('Profiler.stop')
      const rows = hotspots(profile)
      const idle = rows.find((r) => r.name === '(idle)')?.share ?? 0
      console.log(`\n${ns}: ${candidate.op} — ${(calls / SECONDS).toFixed(0)} calls/s with ${IN_FLIGHT} in flight; server idle ${(idle * 100).toFixed(0)}%`)
      console.log(
        `  by layer: ${layers(rows)
          .filter((l) => l.layer !== 'idle')
          .map((l) => `${l.layer} ${(l.share * 100).toFixed(0)}%`)
          .join(', ')}`,
      )
      for (const r of rows.filter((r) => r.name !== '(idle)').slice(0, TOP)) {
        console.log(`  ${(r.share * 100).toFixed(1).padStart(5)}%  ${r.name}  ${r.where}`)
      }
    }
    socket.ws.close()
  } finally {
    profiler.close()
    await me.client.close()
    await server.stop()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
