/**
 * Memory: the resident size of the server's process tree when idle right after start, on the
 * embedded PGlite and on PostgreSQL (when DATABASE_URL is set, both are measured), and after 10,000
 * activities were created through the server (BENCH_MEMORY_ACTIVITIES). The baseline in the same
 * run is a bare Node process that only loads the same packages' runtime (node -e with nothing).
 *   npm run bench:memory
 *   DATABASE_URL=postgres://... npm run bench:memory
 */
import { spawnSync } from 'node:child_process'
import { startServer } from '../../spec/helpers/server'
import { signedIn } from '../../spec/helpers/users'
import { treeRss } from './files'
import { newPhaseId } from '../../spec/helpers/workflows'

const ACTIVITIES = Number(process.env.BENCH_MEMORY_ACTIVITIES ?? 10_000)
const MiB = 1024 * 1024

/** RSS once the process has been quiet for a moment (after a forced settle). */
async function settled(pid: number): Promise<number> {
  await new Promise((r) => setTimeout(r, 2000))
  return treeRss(pid)
}

async function measure(engine: string, env: Record<string, string>) {
  const server = await startServer(env, 120_000)
  const me = await signedIn('bench', server.wsUrl)
  try {
    const idle = await settled(server.child.pid!)
    const workflow = await me.client.call('process.create', { name: 'Memory' })
    const phase = newPhaseId() // unique across workflows (and runs on one PostgreSQL)
    await me.client.call('process.set_info', workflow._id, { phases: { [phase]: { name: 'Open' } }, phasesOrder: [phase] })
    const team = await me.client.call('company.new_team', { name: 'Bench' })
    for (let i = 0; i < ACTIVITIES; i += 1000) {
      const batch = Array.from({ length: Math.min(1000, ACTIVITIES - i) }, (_, j) => ({ name: `Activity ${i + j}` }))
      await me.client.call('v3.activity.createMany', workflow._id, batch, { teamId: team._id })
    }
    const after = await settled(server.child.pid!)
    console.log(`${engine.padEnd(10)} idle ${(idle / MiB).toFixed(0)} MiB; after ${ACTIVITIES} activities ${(after / MiB).toFixed(0)} MiB`)
  } finally {
    await me.client.close()
    await server.stop()
  }
}

async function main() {
  const bare = spawnSync(process.execPath, ['-e', 'setTimeout(() => console.log(process.memoryUsage().rss), 500)'], { encoding: 'utf8' })
  console.log(`bare node  ${(Number(bare.stdout) / MiB).toFixed(0)} MiB`)
  await measure('pglite', { DATABASE_URL: '' })
  if (process.env.DATABASE_URL) await measure('postgresql', { DATABASE_URL: process.env.DATABASE_URL })
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
