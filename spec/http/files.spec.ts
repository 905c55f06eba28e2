/** POST /upload, GET /file/:id, GET /public/file/:id and the v3.file operations, over real HTTP. */
import { randomBytes } from 'node:crypto'
import { startServer, type RunningServer } from '../helpers/server'
import { type Cast, closeCast, type JoinedMember, joinWorkspace, meetCast } from '../helpers/members'
import { signedIn, type SignedIn } from '../helpers/users'
import { serverUrl } from '../helpers/client'
import { storedNames } from '../helpers/stored'
import { get, PNG_1x1, upload, uploadOk } from '../helpers/upload'
import { workflowWithPhase } from '../helpers/workflows'

let cast: Cast
let owner: SignedIn
let member: JoinedMember
let stranger: SignedIn
let wf: any
let teamId: string

beforeAll(async () => {
  cast = await meetCast()
  ;({ owner, member, stranger } = cast)
  ;({ p: wf, teamId } = await workflowWithPhase(owner.client, 'With files'))
})
afterAll(() => closeCast(cast))

describe('POST /upload', () => {
  test('bad or missing credentials are a 401', async () => {
    const bytes = Buffer.from('hello')
    expect((await upload(bytes, 'a.txt')).status).toBe(401)
    const bad = await upload(bytes, 'a.txt', { key: 'x'.repeat(32) })
    expect(bad.status).toBe(401)
    expect(bad.body.code).toBe(401)
    expect((await upload(bytes, 'a.txt', { bodyKey: 'y'.repeat(32) })).status).toBe(401)
  })

  test('the key as header, cookie or body field; the bytes come back unchanged', async () => {
    const bytes = randomBytes(5000)
    for (const options of [{ key: owner.key }, { cookie: `hlrkey=${owner.key}` }, { bodyKey: owner.key }]) {
      const id = await uploadOk(bytes, 'data.bin', options)
      expect(id).toMatch(/^[0-9a-f]{24}$/)
      const back = await get(`/file/${id}`, { key: owner.key })
      expect(back.status).toBe(200)
      expect(back.bytes.equals(bytes)).toBe(true)
    }
  })

  test('the content type is sniffed from the bytes, not taken from the client', async () => {
    const png = await uploadOk(PNG_1x1, 'evil.html', { key: owner.key, type: 'text/html' })
    const text = await uploadOk(Buffer.from('<script>alert(1)</script>'), 'pic.png', { key: owner.key, type: 'image/png' })
    const meta = await owner.client.call('v3.file.get', png)
    expect(meta).toMatchObject({ _id: png, name: 'evil.html', size: PNG_1x1.length, contentType: 'image/png', public: false, uid: owner.uid, cid: owner.cid })
    expect((await get(`/file/${png}`, { key: owner.key })).headers.get('content-type')).toBe('image/png')
    expect((await get(`/file/${text}`, { key: owner.key })).headers.get('content-type')).toBe('text/plain; charset=utf-8')
  })
  test('an active public form’s key uploads into the form’s workspace; an inactive or unknown one is a 401', async () => {
    const form = await owner.client.call('v2.process.publicForm.create', { processId: wf._id })
    const id = await uploadOk(Buffer.from('from the form'), 'form.txt', { publicFormKey: form.key })
    const meta = await owner.client.call('v3.file.setPublic', id, false)
    expect(meta).toMatchObject({ _id: id, cid: owner.cid, uid: `form_${wf._id}`, contentType: 'text/plain; charset=utf-8' })
    expect((await upload(Buffer.from('x'), 'x.txt', { publicFormKey: 'z'.repeat(32) })).status).toBe(401)
    await owner.client.call('v2.process.publicForm.update', { processId: wf._id, active: false })
    expect((await upload(Buffer.from('x'), 'x.txt', { publicFormKey: form.key })).status).toBe(401)
  })
})

describe('GET /file/:id', () => {
  let id: string
  const bytes = randomBytes(1000)
  beforeAll(async () => {
    id = await uploadOk(bytes, 'Bericht über "Q1".pdf', { key: owner.key })
  })

  test('a type that is not shown inline (spec/security/active-content.spec.ts) is an attachment with nosniff and its name; so is anything with dl', async () => {
    const inline = await get(`/file/${id}`, { key: owner.key })
    expect(inline.headers.get('x-content-type-options')).toBe('nosniff')
    expect(inline.headers.get('content-type')).toBe('application/octet-stream')
    expect(inline.headers.get('content-disposition')).toBe(
      `attachment; filename="Bericht ?ber \\"Q1\\".pdf"; filename*=UTF-8''Bericht%20%C3%BCber%20%22Q1%22.pdf`,
    )
    const dl = await get(`/file/${id}?dl=1`, { key: owner.key })
    expect(dl.headers.get('content-type')).toBe('application/octet-stream')
    expect(dl.headers.get('content-disposition')).toMatch(/^attachment; filename=/)
    expect(dl.bytes.equals(bytes)).toBe(true)
  })

  test('Range requests answer 206 with the asked bytes', async () => {
    const part = await get(`/file/${id}`, { key: owner.key, headers: { range: 'bytes=10-19' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${bytes.length}`)
    expect(part.bytes.equals(bytes.subarray(10, 20))).toBe(true)
  })

  test('an ETag answers If-None-Match with 304; HEAD gives the length and no body', async () => {
    // fetch adds Cache-Control: no-cache to a conditional request unless the caller sets one; a browser revalidating sends max-age=0.
    const first = await get(`/file/${id}`, { key: owner.key })
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^W\/"/)
    const again = await get(`/file/${id}`, { key: owner.key, headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } })
    expect(again.status).toBe(304)
    expect(again.bytes.length).toBe(0)
    const head = await fetch(`${serverUrl()}/file/${id}`, { method: 'HEAD', headers: { hlrkey: owner.key } })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(bytes.length))
    expect((await head.arrayBuffer()).byteLength).toBe(0)
  })

  test('a range past the end is a 416; several ranges, a malformed one or a stale If-Range get the whole file', async () => {
    const past = await get(`/file/${id}`, { key: owner.key, headers: { range: 'bytes=5000-6000' } })
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`)
    for (const headers of <Record<string, string>[]>[{ range: 'bytes=0-1,10-11' }, { range: 'pages=1-2' }, { range: 'bytes=0-9', 'if-range': 'W/"stale"' }]) {
      const whole = await get(`/file/${id}`, { key: owner.key, headers })
      expect([whole.status, whole.bytes.equals(bytes)]).toEqual([200, true])
    }
    const etag = (await get(`/file/${id}`, { key: owner.key })).headers.get('etag')!
    const current = await get(`/file/${id}`, { key: owner.key, headers: { range: 'bytes=-5', 'if-range': etag } })
    expect([current.status, current.bytes.equals(bytes.subarray(-5))]).toEqual([206, true])
  })

  test('a file of many chunks comes back whole and in any range; a client that leaves hears download.status failed', async () => {
    const big = randomBytes(12 * 1024 * 1024 + 123)
    const bigId = await uploadOk(big, 'big.bin', { key: owner.key })
    expect((await get(`/file/${bigId}`, { key: owner.key })).bytes.equals(big)).toBe(true)
    const from = 256 * 1024 - 7
    const part = await get(`/file/${bigId}`, { key: owner.key, headers: { range: `bytes=${from}-${from + 600_000}` } })
    expect(part.bytes.equals(big.subarray(from, from + 600_001))).toBe(true)

    const downloadId = `dl-${randomBytes(4).toString('hex')}`
    const aborted = new AbortController()
    const res = await fetch(`${serverUrl()}/file/${bigId}?dl=1&downloadId=${downloadId}`, { headers: { hlrkey: owner.key }, signal: aborted.signal })
    await res.body!.getReader().read()
    aborted.abort()
    const failed = await owner.client.waitForSignal('download.status', (m) => m.downloadId === downloadId && m.state !== 'started', 20_000)
    expect(failed.meta.state).toBe('failed')
    expect(failed.meta.bytes).toBeLessThan(big.length)
  })

  test('without a session 401; to anyone who may not read it, and for unknown ids, 404', async () => {
    expect((await get(`/file/${id}`)).status).toBe(401)
    expect((await get(`/file/${id}`, { key: stranger.key })).status).toBe(404)
    expect((await get(`/file/${id}`, { key: member.key })).status).toBe(404)
    expect((await get(`/file/0123456789abcdef01234567`, { key: owner.key })).status).toBe(404)
    expect((await get(`/file/nope`, { key: owner.key })).status).toBe(404)
    expect((await member.client.fail('v3.file.get', id)).code).toBe(404)
  })

  test('attached to an activity, it is readable by whoever sees the activity', async () => {
    const attached = await uploadOk(Buffer.from('attached'), 'att.txt', { key: owner.key })
    expect((await get(`/file/${attached}`, { key: member.key })).status).toBe(404)
    await owner.client.call('v3.activity.create', wf._id, { name: 'Has a file', fileIds: [attached] }, { teamId })
    const seen = await get(`/file/${attached}`, { key: member.key })
    expect(seen.status).toBe(200)
    expect(seen.bytes.toString()).toBe('attached')
    expect((await member.client.call('v3.file.get', attached)).name).toBe('att.txt')
    expect((await get(`/file/${attached}`, { key: stranger.key })).status).toBe(404)
  })

  test('nobody gains a file by attaching it: only files one may read, of the same workspace', async () => {
    const secret = await uploadOk(Buffer.from('secret'), 'secret.txt', { key: owner.key })
    // The member may create in the workflow but may not read the owner's file: attaching it is a 404 naming it.
    const refused = await member.client.fail('v3.activity.create', wf._id, { name: 'Grab', fileIds: [secret] }, { teamId })
    expect(refused).toMatchObject({ code: 404, details: { index: 0, path: '/fileIds', fileId: secret } })
    const mine = await member.client.call('v3.activity.create', wf._id, { name: 'Mine' }, { teamId })
    const viaUpdate = await member.client.fail('v3.activity.updateMany', [{ _id: mine._id, fileIds: [secret] }])
    expect([403, 404]).toContain(viaUpdate.code)
    expect((await get(`/file/${secret}`, { key: member.key })).status).toBe(404)
    // A file of another workspace cannot be listed either, even by its uploader.
    const elsewhere = await uploadOk(Buffer.from('other'), 'other.txt', { key: stranger.key })
    const cross = await stranger.client.fail('v3.activity.create', wf._id, { name: 'x', fileIds: [elsewhere] }, { teamId })
    expect(cross.code).toBe(404)
  })

  test('attached to a wall post or comment, it is readable by whoever sees the post; only files one may read are attached', async () => {
    const onPost = await uploadOk(Buffer.from('on a post'), 'post.txt', { key: owner.key })
    const onComment = await uploadOk(Buffer.from('on a comment'), 'comment.txt', { key: member.key })
    const third = await joinWorkspace(owner, { role: 'user', tag: 'third' })
    try {
      expect((await get(`/file/${onPost}`, { key: member.key })).status).toBe(404)
      const refused = await member.client.fail('wall2.new_post', { subject: 'Grab', text: 'x', files: [onPost] }, [`user_${owner.uid}`])
      expect(refused).toMatchObject({ code: 404, details: { argument: 0, path: '/files', fileId: onPost } })
      const post = await owner.client.call('wall2.new_post', { subject: 'Files', text: 'x', files: [onPost] }, [`user_${member.uid}`])
      expect(post.files).toEqual([onPost])
      expect((await get(`/file/${onPost}`, { key: member.key })).status).toBe(200)
      expect((await get(`/file/${onPost}`, { key: third.key })).status).toBe(404)
      expect((await get(`/file/${onComment}`, { key: owner.key })).status).toBe(404)
      await member.client.call('wall2.save_comment', { text: 'see attached', files: [onComment] }, post._id)
      expect((await get(`/file/${onComment}`, { key: owner.key })).status).toBe(200)
      expect((await get(`/file/${onComment}`, { key: third.key })).status).toBe(404)
      await owner.client.call('wall2.remove_post', post._id)
      expect((await get(`/file/${onPost}`, { key: member.key })).status).toBe(404)
      expect((await get(`/file/${onComment}`, { key: owner.key })).status).toBe(404)
    } finally {
      await third.client.close()
    }
  })

  test('with dl and downloadId the user’s sockets hear download.status started and finished', async () => {
    const downloadId = `dl-${randomBytes(4).toString('hex')}`
    const res = await get(`/file/${id}?dl=1&downloadId=${downloadId}`, { key: owner.key })
    expect(res.status).toBe(200)
    const started = await owner.client.waitForSignal('download.status', (m) => m.downloadId === downloadId && m.state === 'started', 20_000)
    const finished = await owner.client.waitForSignal('download.status', (m) => m.downloadId === downloadId && m.state === 'finished', 20_000)
    expect(started.meta).toEqual({ downloadId, fileId: id, state: 'started', bytes: 0 })
    expect(finished.meta).toEqual({ downloadId, fileId: id, state: 'finished', bytes: bytes.length })
  })
})

describe('public files', () => {
  test('served without a session only once marked public by the uploader or a workspace admin', async () => {
    const bytes = randomBytes(300)
    const id = await uploadOk(bytes, 'open.bin', { key: owner.key })
    expect((await get(`/public/file/${id}`)).status).toBe(404)
    await owner.client.call('v3.activity.create', wf._id, { name: 'Public file', fileIds: [id] }, { teamId })
    expect((await member.client.fail('v3.file.setPublic', id, true)).code).toBe(403)
    expect((await stranger.client.fail('v3.file.setPublic', id, true)).code).toBe(404)
    expect((await owner.client.call('v3.file.setPublic', id, true)).public).toBe(true)
    const open = await get(`/public/file/${id}`)
    expect(open.status).toBe(200)
    expect(open.bytes.equals(bytes)).toBe(true)
    expect(open.headers.get('x-content-type-options')).toBe('nosniff')
    await owner.client.call('v3.file.setPublic', id, false)
    expect((await get(`/public/file/${id}`)).status).toBe(404)
    expect((await get(`/public/file/0123456789abcdef01234567`)).status).toBe(404)
  })
})

describe('limits (a server of its own with small limits)', () => {
  let server: RunningServer
  let me: SignedIn
  beforeAll(async () => {
    server = await startServer({ UPLOAD_MAX_BYTES: '100000', ARCHIVE_MAX_FILES: '3', ARCHIVE_MAX_BYTES: '150000' }, 120_000)
    me = await signedIn('flimits', server.wsUrl)
  }, 180_000)
  afterAll(async () => {
    await me?.client.close()
    await server?.stop()
  })

  test('an upload over UPLOAD_MAX_BYTES is a 413 and nothing is stored', async () => {
    const ok = await uploadOk(randomBytes(100000), 'max.bin', { key: me.key, url: server.url })
    const before = await storedNames(server.dataDir)
    expect(before.some((f) => f.endsWith(ok))).toBe(true)
    const big = await upload(randomBytes(100001), 'big.bin', { key: me.key, url: server.url })
    expect(big.status).toBe(413)
    expect(big.body).toMatchObject({ code: 413, details: { maxBytes: 100000 } })
    expect(await storedNames(server.dataDir)).toEqual(before)
  })

  test('archives: too many files or too many bytes are a 413', async () => {
    const ids: string[] = []
    for (let i = 0; i < 4; i++) ids.push(await uploadOk(randomBytes(60000), `f${i}.bin`, { key: me.key, url: server.url }))
    const post = (fileIds: string[]) =>
      fetch(`${server.url}/files`, {
        method: 'POST',
        headers: { hlrkey: me.key, 'content-type': 'application/json' },
        body: JSON.stringify({ fileIds, archiveName: 'x' }),
      })
    const many = await post(ids)
    expect(many.status).toBe(413)
    expect((await many.json()).msg).toMatch(/at most 3 files/)
    const heavy = await post(ids.slice(0, 3))
    expect(heavy.status).toBe(413)
    expect((await heavy.json()).details).toEqual({ maxBytes: 150000 })
    const fine = await post(ids.slice(0, 2))
    expect(fine.status).toBe(200)
    expect((await fine.arrayBuffer()).byteLength).toBeGreaterThan(120000)
  })
})
