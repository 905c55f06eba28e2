/** Start, configuration errors, durability across a restart, and the SIGTERM drain. */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { Client } from '../helpers/client'
import { START_COMMAND, startServer, tempDataDir } from '../helpers/server'
import { registerUser } from '../helpers/users'

const ROOT = path.join(__dirname, '..', '..')

test('a bad configuration value stops the start with a message naming it', async () => {
  const child = spawn(...START_COMMAND, {
    cwd: ROOT,
    env: { ...process.env, PORT: 'eighty', WS_MAX_PAYLOAD_BYTES: '-1', DATA_DIR: tempDataDir() },
  })
  let stderr = ''
  child.stderr.on('data', (d) => (stderr += d))
  const code = await new Promise((resolve) => child.once('exit', resolve))
  expect(code).toBe(2)
  expect(stderr).toContain('PORT="eighty"')
  expect(stderr).toContain('WS_MAX_PAYLOAD_BYTES="-1"')
})

test('data survives a restart', async () => {
  const dataDir = tempDataDir()
  const first = await startServer({ DATA_DIR: dataDir })
  const user = await registerUser('durable', first.wsUrl)
  const c1 = await Client.connect({ url: first.wsUrl })
  const key = await c1.call('login', user.email, user.password)
  await c1.call('v2.network.update', user.cid, { name: 'Kept' })
  await c1.close()
  expect(await first.stop()).toBe(0)

  const second = await startServer({ DATA_DIR: dataDir })
  try {
    const c2 = await Client.connect({ url: second.wsUrl, key })
    expect((await c2.call('v2.network.get', user.cid)).name).toBe('Kept')
    await c2.close()
  } finally {
    await second.stop()
  }
})

test('PGLITE_SHARED_BUFFERS_MB sizes the embedded database’s buffer cache (as PGlite reports it)', async () => {
  const small = await startServer({ DATABASE_URL: '', PGLITE_SHARED_BUFFERS_MB: '16' })
  try {
    expect(small.output()).toMatch(/"storage":"pglite in [^"]*, shared_buffers 16MB"/)
  } finally {
    await small.stop()
  }
})

test('SIGTERM lets calls under way finish, closes sockets with 1001 and exits 0', async () => {
  const server = await startServer()
  const user = await registerUser('drain', server.wsUrl)
  const c = await Client.connect({ url: server.wsUrl })
  // login verifies with argon2id on a pool of 4 threads: 16 of them take several rounds of tens of
  // milliseconds each, so most are still running when the signal arrives.
  const calls = Array.from({ length: 16 }, () => c.send('login', [user.email, user.password]))
  await new Promise((r) => setTimeout(r, 60))
  const exit = server.stop()
  const replies = await Promise.all(calls)
  for (const reply of replies) expect(typeof reply.result).toBe('string')
  expect((await c.closed).code).toBe(1001)
  expect(await exit).toBe(0)
  expect(server.output()).toContain('draining')
})
