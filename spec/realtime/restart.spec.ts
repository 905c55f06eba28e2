/**
 * A restart in the middle of a stream: SIGTERM closes sockets with 1001 and the reason `restart`;
 * a client that reconnects to the new process and resumes misses nothing, and a writer retrying
 * its calls with idempotency keys across the restart creates nothing twice.
 */
import { Client } from '../helpers/client'
import { startServer, tempDataDir, type RunningServer } from '../helpers/server'
import { lastSeqOf, newTeam, pause, teamsHeard } from '../helpers/stream'
import { registerUser } from '../helpers/users'

/** SIGTERM to the server process (the spawned process runs the server itself, no launcher in between). */
function terminate(server: RunningServer): Promise<number | null> {
  return server.stop()
}

test('a client that reconnects after a restart and resumes has every signal once, in order', async () => {
  const dataDir = tempDataDir()
  let server = await startServer({ DATA_DIR: dataDir })
  let url = server.url
  try {
    const user = await registerUser('restart', server.wsUrl)
    const before = await Client.connect({ url: server.wsUrl })
    const key = await before.call('login', user.email, user.password)
    await before.call('resume')

    // 40 teams, one after another; each call is retried with its key until it succeeds, wherever the server is.
    const created: string[] = []
    const writer = (async () => {
      for (let i = 0; i < 40; i++) {
        for (;;) {
          try {
            created.push(await newTeam(key, `team ${i}`, url, `team-${i}`))
            break
          } catch {
            await pause(50)
          }
        }
      }
    })()
    while (created.length < 10) await pause(10)
    const restart = (async () => {
      expect(await terminate(server)).toBe(0)
      server = await startServer({ DATA_DIR: dataDir })
      url = server.url
    })()
    const [closed] = await Promise.all([before.closed, restart])
    expect(closed).toEqual({ code: 1001, reason: 'restart' })

    const after = await Client.connect({ url: server.wsUrl, key })
    await after.call('resume', lastSeqOf(before))
    await writer
    await after.waitForSignal('company.team.created', (m) => m._id === created[39], 10_000)
    await pause(200)
    expect(new Set(created).size).toBe(40)
    expect([...teamsHeard(before), ...teamsHeard(after)]).toEqual(created)
    const teams = await after.call('company.form_get_teams')
    expect(teams.filter((t: { name: string }) => t.name.startsWith('team '))).toHaveLength(40)
    await after.close()
  } finally {
    await server.stop()
  }
}, 240_000) // two server starts, which take long on a loaded machine
