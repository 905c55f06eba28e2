/** client/ against the real test server: typed calls, errors, signals, reconnects, HTTP, files. */
import WebSocket from 'ws'
import { connect, download, HlrError, upload, type HlrClient, type ReloadReason } from '../../client'
import { serverUrl } from '../helpers/client'
import { MISSING } from '../helpers/ids'
import { startProxy, type Proxy } from '../helpers/proxy'
import { registerUser, type TestUser } from '../helpers/users'

const open = (user: TestUser, url = serverUrl(), extra: object = {}) =>
  connect({ url, email: user.email, password: user.password, WebSocket: WebSocket as any, backoff: { initialMs: 20, maxMs: 200 }, ...extra })

/** Resolves when `check` holds, polling; rejects after a while with `what`. */
async function until(check: () => boolean, what: string, ms = 5000) {
  for (const end = Date.now() + ms; !check();) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

let ada: TestUser
let clients: HlrClient[] = []
let proxy: Proxy | undefined
beforeAll(async () => {
  ada = await registerUser('client')
})
afterEach(async () => {
  for (const c of clients) c.close()
  clients = []
  await proxy?.close()
  proxy = undefined
})
const keep = (c: HlrClient) => (clients.push(c), c)

test('connect with e-mail and password; typed calls; a failure is one HlrError with the wire code', async () => {
  const client = keep(await open(ada))
  expect(client.live).toBe(true)
  expect(client.key).toHaveLength(32)
  const session = await client.call('v3.session.get')
  expect(session).toMatchObject({ uid: ada.uid, cid: ada.cid })
  const error = await client.call('v2.network.get', 'nope').catch((e) => e)
  expect(error).toBeInstanceOf(HlrError)
  expect(error).toMatchObject({ code: 400, op: 'v2.network.get', details: { argument: 0 } })
  await expect(connect({ url: serverUrl(), key: 'x'.repeat(32), WebSocket: WebSocket as any })).rejects.toMatchObject({ code: 401 })
})

test('on(signal) hears what another client changes; the handler can be removed', async () => {
  const watcher = keep(await open(ada))
  const editor = keep(await open(ada))
  const heard: any[] = []
  const stop = watcher.on('network.updated', (meta) => heard.push(meta))
  await editor.call('v2.network.update', null, { name: 'Signals' })
  await until(() => heard.length === 1, 'network.updated')
  expect(heard[0]).toMatchObject({ _id: ada.cid, changed: ['name'] })
  stop()
  await editor.call('v2.network.update', null, { name: 'Signals 2' })
  // The editor hears its own changes too: once it has heard one, the watcher would have heard the
  // second change as well. (The second change's signal may come after its reply, so the editor may
  // hear both at once: at least one, not exactly one.)
  const echo: any[] = []
  editor.on('network.updated', (meta) => echo.push(meta))
  await editor.call('v2.network.update', null, { name: 'Signals 3' })
  await until(() => echo.length >= 1, 'the editor hearing its change')
  expect(heard).toHaveLength(1)
})

test('after a lost connection: reconnects, signs in again, and resumes or asks for a reload', async () => {
  proxy = await startProxy(serverUrl())
  const client = keep(await open(ada, proxy.url))
  const editor = keep(await open(ada))
  const reloads: ReloadReason[] = []
  const names: string[] = []
  client.onReload((reason) => reloads.push(reason))
  client.on('network.updated', (meta) => names.push(meta.changed[0]))
  proxy.drop()
  await until(() => !client.live, 'the client to notice')
  await editor.call('v2.network.update', null, { name: 'While away' })
  await until(() => client.live, 'the reconnect')
  if (client.resumeAvailable) {
    await until(() => names.length === 1, 'the replayed signal')
    expect(reloads).toEqual([])
  } else {
    // The server has no resume (501): the application is told to reload.
    expect(reloads).toEqual(['no-resume'])
  }
  const authFrames = proxy.frames.filter((f) => f.op === 'auth')
  expect(authFrames).toHaveLength(1)
  expect(authFrames[0].args).toEqual([client.key])
  expect(await client.call('v3.session.get')).toMatchObject({ uid: ada.uid })
})

test('a call cut off before its reply goes again over HTTP with the same idempotency key', async () => {
  proxy = await startProxy(serverUrl())
  const client = keep(await open(ada, proxy.url))
  proxy.hold('v2.network.update')
  const result = client.call('v2.network.update', null, { name: 'Retried' })
  await until(() => proxy!.frames.some((f) => f.op === 'v2.network.update'), 'the frame')
  const frame = proxy.frames.find((f) => f.op === 'v2.network.update')
  expect(frame.idempotencyKey).toMatch(/^[0-9a-f]{32}$/)
  proxy.drop()
  expect(await result).toBe(true)
  const retry = proxy.requests.find((r) => r.path === '/api/v2.network.update')
  expect(retry?.headers['idempotency-key']).toBe(frame.idempotencyKey)
  expect(retry?.headers.hlrkey).toBe(client.key)
  // Reads carry no key (they are repeated as they are).
  await client.call('v3.session.get')
  expect(proxy.frames.find((f) => f.op === 'v3.session.get')?.idempotencyKey ?? null).toBeNull()
  expect((await client.call('v2.network.get', ada.cid)).name).toBe('Retried')
})

test('no socket to be had: calls go over the HTTP mirror until the socket opens again', async () => {
  proxy = await startProxy(serverUrl())
  proxy.refuseSockets(true)
  const client = keep(await open(ada, proxy.url, { openTimeoutMs: 300 }))
  expect(client.live).toBe(false)
  expect(await client.call('v3.session.get')).toMatchObject({ uid: ada.uid })
  expect(proxy.requests.map((r) => r.path)).toEqual(expect.arrayContaining(['/api/login', '/api/v3.session.get']))
  proxy.refuseSockets(false)
  await until(() => client.live, 'the socket', 10_000)
  expect(proxy.frames.find((f) => f.op === 'auth')?.args).toEqual([client.key])
  const heard: any[] = []
  client.on('network.updated', (meta) => heard.push(meta))
  await client.call('v2.network.update', null, { name: 'Back on the socket' })
  await until(() => heard.length === 1, 'the signal')
  expect(proxy.frames.some((f) => f.op === 'v2.network.update')).toBe(true)
})

test('transport http: the same calls and errors over the HTTP mirror', async () => {
  const client = keep(await open(ada, serverUrl(), { transport: 'http' }))
  expect(client.live).toBe(false)
  expect(await client.call('v3.session.get')).toMatchObject({ uid: ada.uid })
  await expect(client.call('v2.network.get', 'nope')).rejects.toMatchObject({ code: 400, details: { argument: 0 } })
})

test('upload and download with progress and the server’s download.status', async () => {
  const client = keep(await open(ada))
  const bytes = new Uint8Array(300_000).map((_, i) => i % 251)
  const sent: number[] = []
  const { _id } = await upload(client, new Blob([bytes]), { name: 'numbers.bin', onProgress: (p) => sent.push(p.loaded) })
  expect(sent.at(-1)).toBe(bytes.length)
  const seen: Array<{ loaded: number; state?: string }> = []
  const file = await download(client, _id, { onProgress: (p) => seen.push(p) })
  expect(file.name).toBe('numbers.bin')
  expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(bytes)
  expect(file.state).toBe('finished')
  expect(seen.some((p) => p.state === 'started')).toBe(true)
  expect(seen.at(-1)).toMatchObject({ loaded: bytes.length, total: bytes.length, state: 'finished' })
  await expect(download(client, MISSING)).rejects.toMatchObject({ code: 404 })
})
