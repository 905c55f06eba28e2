/**
 * Two server processes on one PostgreSQL and one object store (FILE_STORE=s3, as .ci/run runs the
 * file specs against OpenStack Swift): a second process, on a data folder of its own, serves what
 * the first stored — the bytes with ranges and the same ETag, download.status, the image
 * renditions the first made (stored once, as objects), archives and public files. Without an object
 * store and a PostgreSQL there is nothing two processes share, and the spec is skipped.
 */
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import JSZip from 'jszip'
import sharp from 'sharp'
import { startServer, type RunningServer } from '../helpers/server'
import { sharedServerDataDir, storedNames, usesObjectStorage } from '../helpers/stored'
import { filesUnder, get, uploadOk } from '../helpers/upload'
import { signedIn, type SignedIn } from '../helpers/users'

const shared = usesObjectStorage() && !!process.env.DATABASE_URL
const MiB = 1024 ** 2
/** A file far larger than what the server may hold of it in memory at once (FLAT). */
const BIG = 256 * MiB
/**
 * The SDK's multipart chunker leaves each part's buffers to the garbage collector, which frees them
 * late: the peak rose by about 90 MiB for a 256 MiB upload and for a 1 GiB one alike (a copy of the
 * whole file would be BIG).
 */
const FLAT = 128 * MiB

/** The server's resident memory now; the returned function says how far its peak went above it since (Linux: /proc). */
function watchMemory(pid: number) {
  const bytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024
  // Writing 5 to clear_refs resets the peak (VmHWM) to the resident memory of the moment.
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')
  const before = bytes('VmRSS')
  return () => bytes('VmHWM') - before
}

;(shared ? describe : describe.skip)('a second server process on another data folder', () => {
  let second: RunningServer
  let me: SignedIn
  const bytes = randomBytes(3 * 1024 * 1024 + 17)
  let fileId: string
  let photo: string

  beforeAll(async () => {
    second = await startServer({ UPLOAD_MAX_BYTES: String(BIG + 1) }, 120_000)
    me = await signedIn('twoprocs')
    fileId = await uploadOk(bytes, 'shared.bin', { key: me.key })
    const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer()
    photo = await uploadOk(picture, 'shared.jpg', { key: me.key })
  }, 180_000)
  afterAll(async () => {
    await me?.client.close()
    await second?.stop()
  })

  test('serves the bytes the first stored, whole and in ranges, with the same ETag; its user hears download.status', async () => {
    expect(second.dataDir).not.toBe(sharedServerDataDir())
    const first = await get(`/file/${fileId}`, { key: me.key })
    const there = await get(`/file/${fileId}`, { key: me.key, url: second.url })
    expect(there.status).toBe(200)
    expect(there.bytes.equals(bytes)).toBe(true)
    expect(there.headers.get('etag')).toBe(first.headers.get('etag'))
    const from = 1024 * 1024 - 3
    const part = await get(`/file/${fileId}`, { key: me.key, url: second.url, headers: { range: `bytes=${from}-${from + 300_000}` } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes ${from}-${from + 300_000}/${bytes.length}`)
    expect(part.bytes.equals(bytes.subarray(from, from + 300_001))).toBe(true)

    // The socket is on the first process; the download on the second.
    const downloadId = `dl-${randomBytes(4).toString('hex')}`
    expect((await get(`/file/${fileId}?dl=1&downloadId=${downloadId}`, { key: me.key, url: second.url })).status).toBe(200)
    const finished = await me.client.waitForSignal('download.status', (m) => m.downloadId === downloadId && m.state === 'finished', 20_000)
    expect(finished.meta).toMatchObject({ fileId, bytes: bytes.length })
    // Nothing of the file is on the second process's disk.
    expect(filesUnder(second.dataDir).some((f) => f.includes(fileId))).toBe(false)
  })

  test('a rendition made by the first is stored once, as an object, and the second serves it', async () => {
    const made = await get(`/image/thumb/${photo}`, { key: me.key })
    expect(made.status).toBe(200)
    expect(await storedNames(second.dataDir)).toContain(`renditions/${photo}/thumb.jpeg`)
    const there = await get(`/image/thumb/${photo}`, { key: me.key, url: second.url })
    expect(there.status).toBe(200)
    expect(there.headers.get('etag')).toBe(made.headers.get('etag'))
    expect(there.bytes.equals(made.bytes)).toBe(true)
    expect(filesUnder(second.dataDir).some((f) => f.includes(photo))).toBe(false)
  })

  test('archives and public files come from the objects', async () => {
    const res = await fetch(`${second.url}/files`, {
      method: 'POST',
      headers: { hlrkey: me.key, 'content-type': 'application/json' },
      body: JSON.stringify({ fileIds: [fileId, photo], archiveName: 'both' }),
    })
    expect(res.status).toBe(200)
    const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()), { checkCRC32: true })
    expect((await zip.file('shared.bin')!.async('nodebuffer')).equals(bytes)).toBe(true)

    expect((await get(`/public/file/${fileId}`, { url: second.url })).status).toBe(404)
    await me.client.call('v3.file.setPublic', fileId, true)
    const open = await get(`/public/file/${fileId}?dl=1`, { url: second.url })
    expect(open.status).toBe(200)
    expect(open.bytes.equals(bytes)).toBe(true)
  })

  test('a large upload goes to the store in parts and comes back whole, the memory of the process staying flat', async () => {
    const big = randomBytes(BIG)
    const peak = watchMemory(second.child.pid!)
    const bigId = await uploadOk(big, 'big.bin', { key: me.key, url: second.url })
    expect(peak()).toBeLessThan(FLAT)

    const download = watchMemory(second.child.pid!)
    const res = await fetch(`${second.url}/file/${bigId}`, { headers: { hlrkey: me.key } })
    const hash = createHash('sha256')
    for await (const chunk of res.body!) hash.update(chunk)
    expect(hash.digest('hex')).toBe(createHash('sha256').update(big).digest('hex'))
    expect(download()).toBeLessThan(FLAT)
  }, 180_000)
})
