/**
 * Archives and images a hostile tenant controls: an import from a server the attacker runs, whose
 * archive holds one huge line, an entry that unpacks far beyond its size, a header that lies about
 * its size, or too many entries; an image whose decode costs more memory than its pixel count
 * suggests; a request body that inflates. Each is refused with a clear 413 or 422 (an import's in
 * its job, which fails), the server's memory stays flat (its own peak resident memory, read from
 * /proc, so Linux only), and another user is served right after.
 */
import { once } from 'node:events'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import sharp from 'sharp'
import type { Client } from '../helpers/client'
import { startServer, type RunningServer } from '../helpers/server'
import { signedIn, type SignedIn } from '../helpers/users'
import { deflated, stored, zipArchive, type ZipEntry } from '../helpers/zip'
import { get, uploadOk } from '../helpers/upload'

const MiB = 1024 ** 2
/** Far above what any of these attacks may cost once refused, far below what each cost before. */
const FLAT = 200 * MiB
const UNPACKED_LIMIT = 1024 * MiB
const ENTRIES_LIMIT = 1000

/**
 * Loaded into the server before it starts: SIGUSR2 throws an error and rejects a promise that nothing
 * catches, as a bug would (no caller can reach one: that is the point of the rest).
 */
const STRAY_ERRORS = `data:text/javascript,${encodeURIComponent(
  `process.on('SIGUSR2', () => { setImmediate(() => { throw new Error('stray exception') }); Promise.reject(new Error('stray rejection')) })`,
)}`

let server: RunningServer
let source: Awaited<ReturnType<typeof hostileSource>>
let attacker: SignedIn
let bystander: SignedIn
/** 600 MiB of spaces with no line break, deflated to about 600 kB. */
let bomb: ZipEntry
/** Rejects when the server exits, with the end of what it wrote: a crash fails the test at once, not at its timeout. */
let exited: Promise<never>

beforeAll(async () => {
  ;[server, source, bomb] = await Promise.all([
    startServer({ IMPORT_ALLOWED_HOSTS: '127.0.0.1', IMPORT_MAX_UNPACKED_BYTES: String(UNPACKED_LIMIT), IMPORT_MAX_ENTRIES: String(ENTRIES_LIMIT) }, 60_000, {
      nodeArgs: ['--import', STRAY_ERRORS],
    }),
    hostileSource(),
    deflated('bomb', [[Buffer.alloc(MiB, ' '), 600]]),
  ])
  exited = new Promise((_, reject) => server.child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${lastLines(server.output())}`))))
  exited.catch(() => {})
  ;[attacker, bystander] = await Promise.all([signedIn('bomber', server.wsUrl), signedIn('bystander', server.wsUrl)])
}, 120_000)
afterAll(async () => {
  await Promise.all([attacker?.client.close(), bystander?.client.close(), source?.close()])
  await server?.stop()
})

/** The server's resident memory now; the returned function says how far its peak went above it since. */
function watchMemory(pid = server.child.pid!) {
  const kB = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024
  // Writing 5 to clear_refs resets the peak (VmHWM) to the resident memory of the moment.
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')
  const before = kB('VmRSS')
  return () => kB('VmHWM') - before
}

const lastLines = (text: string) =>
  text
    .split('\n')
    .slice(-12)
    .map((line) => line.slice(0, 300))
    .join('\n')

/** The server is alive and serves another user's call (not the attacker's socket). */
async function othersServed() {
  expect(server.child.exitCode).toBeNull()
  expect(await bystander.client.call('v3.session.get')).toMatchObject({ uid: bystander.uid })
}

/** The attacker's own server: answers an import's calls as a server of ours would, and hands over the archive it is given. */
async function hostileSource() {
  let archive: Buffer = Buffer.alloc(0)
  const json = (res: http.ServerResponse, value: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value))
  const answers: Record<string, unknown> = {
    login: 'k'.repeat(32),
    'v3.session.get': { cid: WORKSPACE },
    'v3.user.data.export': { _id: 'job' },
    'v3.user.data.job': { _id: 'job', state: 'finished', fileId: 'archive', progress: { step: 'finished', done: 1, total: 1 } },
    logout: true,
  }
  const listener = http.createServer((req, res) => {
    req.resume()
    if (req.method === 'GET' && req.url?.startsWith('/file/archive')) {
      return void res.writeHead(200, { 'content-type': 'application/zip', 'content-length': archive.length }).end(archive)
    }
    const op = req.url?.replace(/^\/api\//, '') ?? ''
    if (op in answers) return json(res, answers[op])
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":404,"msg":"no such route"}')
  })
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(listener.address() as AddressInfo).port}`,
    serve: (zip: Buffer) => (archive = zip),
    close: () => new Promise((resolve) => listener.close(resolve)),
  }
}

const WORKSPACE = 'a'.repeat(24)
const FILE = 'f'.repeat(24)
const fileRow = {
  cid: WORKSPACE,
  _id: FILE,
  uid: 'b'.repeat(24),
  name: 'x.txt',
  size: 1000,
  sha256: '0'.repeat(64),
  content_type: 'text/plain',
  public: false,
  created: 0,
}

/** A manifest the reader accepts: one workspace, and the checksum of each entry read to its end. */
const manifestOf = (checksums: Record<string, string>) =>
  JSON.stringify({
    format: 'hlr-export',
    formatVersion: 1,
    server: 'hostile',
    created: 0,
    exportedBy: { _id: 'b'.repeat(24), email: 'loot@example.test' },
    workspaces: [{ _id: WORKSPACE, name: 'Loot', whole: true }],
    options: {},
    counts: {},
    checksums,
  })

/** An archive the reader accepts up to the attack: the manifest, the honest entries it has the checksums of, then the attack's entries. */
function archive(honest: Record<string, string>, ...attack: ZipEntry[]): Buffer {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
  const checksums = Object.fromEntries(Object.entries(honest).map(([name, text]) => [name, sha256(text)]))
  return zipArchive([stored('manifest.json', manifestOf(checksums)), ...Object.entries(honest).map(([name, text]) => stored(name, text)), ...attack])
}

/** Polls the attacker's job until it ends. */
async function finished(client: Client, jobId: string) {
  for (;;) {
    const job = await Promise.race([client.call('v3.user.data.job', jobId), exited])
    if (job.state !== 'running') return job
    await new Promise((r) => setTimeout(r, 200))
  }
}

const attacks: [string, () => Buffer, RegExp][] = [
  ['one line of 600 MiB in people.jsonl', () => archive({}, { ...bomb, name: 'people.jsonl' }), /people\.jsonl.*IMPORT_MAX_LINE_BYTES/],
  ['a manifest.json of 600 MiB', () => zipArchive([{ ...bomb, name: 'manifest.json' }]), /manifest\.json.*IMPORT_MAX_LINE_BYTES/],
  [
    'two entries that unpack to 600 MiB each, beyond IMPORT_MAX_UNPACKED_BYTES',
    () => archive({ 'people.jsonl': '' }, { ...bomb, name: 'activities.jsonl' }, { ...bomb, name: 'history.jsonl' }),
    /IMPORT_MAX_UNPACKED_BYTES/,
  ],
  [
    'an entry whose header says 1000 bytes and that unpacks to 600 MiB',
    () => archive({ 'people.jsonl': '', 'files.jsonl': `${JSON.stringify(fileRow)}\n` }, { ...bomb, name: `files/${FILE}`, size: 1000 }),
    /files\/f+: too many bytes/,
  ],
  [
    'a person whose name is 1 MiB long (the import keeps each person until it commits)',
    () => archive({ 'people.jsonl': `${JSON.stringify({ _id: 'c'.repeat(24), email: 'x@example.test', firstname: 'x'.repeat(MiB), lastname: 'y' })}\n` }),
    /people\.jsonl holds a value that is not a text of at most 1000 characters/,
  ],
  [
    `${ENTRIES_LIMIT + 1} entries, beyond IMPORT_MAX_ENTRIES`,
    () => archive({ 'people.jsonl': '' }, ...Array.from({ length: ENTRIES_LIMIT - 1 }, (_, i) => stored(`files/${String(i).padStart(24, '0')}`, ''))),
    /IMPORT_MAX_ENTRIES/,
  ],
]

describe('an import from a hostile server', () => {
  test.each(attacks)(
    '%s: the job fails with the reason, memory stays flat, others are served',
    async (_name, zip, reason) => {
      source.serve(zip())
      const growth = watchMemory()
      const started = await attacker.client.call('v3.user.data.import', { host: source.url, username: 'loot@example.test', password: 'any password at all' })
      const job = await finished(attacker.client, started._id)
      expect(job).toMatchObject({ state: 'failed', error: expect.stringMatching(reason) })
      expect(growth()).toBeLessThan(FLAT)
      await othersServed()
    },
    120_000,
  )
})

describe('an image', () => {
  test('a 16-bit interlaced PNG within IMAGE_MAX_PIXELS that would take 280 MB to decode is refused (413) before decoding', async () => {
    // 35 million pixels (IMAGE_MAX_PIXELS is 100 million) of 4 channels of 2 bytes: 8 bytes a pixel.
    const png = await sharp({ create: { width: 7000, height: 5000, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 0.5 } } })
      .toColourspace('rgb16')
      .png({ progressive: true, compressionLevel: 9 })
      .toBuffer()
    expect(await sharp(png).metadata()).toMatchObject({ isProgressive: true, depth: 'ushort', channels: 4 })
    const id = await uploadOk(png, 'deep.png', { key: attacker.key, url: server.url })
    const growth = watchMemory()
    const res = await get(`/image/thumb/${id}`, { key: attacker.key, url: server.url })
    expect(res.status).toBe(413)
    expect(JSON.parse(res.bytes.toString())).toMatchObject({ code: 413, msg: expect.stringMatching(/IMAGE_MAX_DECODED_BYTES/) })
    expect(growth()).toBeLessThan(FLAT)
    await othersServed()
  }, 120_000)
})

describe('a request body', () => {
  test('gzip that inflates beyond the body limit is refused (413) while it inflates', async () => {
    const gzip = zlib.createGzip({ level: 9 })
    const parts: Buffer[] = []
    gzip.on('data', (d: Buffer) => parts.push(d))
    for (let i = 0; i < 600; i++) if (!gzip.write(Buffer.alloc(MiB, ' '))) await once(gzip, 'drain')
    gzip.end()
    await once(gzip, 'end')
    const gzipped = Buffer.concat(parts)
    const growth = watchMemory()
    const res = await fetch(`${server.url}/api/v3.session.get`, {
      method: 'POST',
      headers: { hlrkey: attacker.key, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipped,
    })
    expect(res.status).toBe(413)
    expect(growth()).toBeLessThan(FLAT)
    await othersServed()
  }, 120_000)
})

describe('an error nothing catches (a bug)', () => {
  test('is logged at fatal with its stack, and the server goes on serving', async () => {
    const logged = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{"level":60'))
        .map((line) => JSON.parse(line))
    server.child.kill('SIGUSR2')
    for (let i = 0; i < 100 && logged().length < 2; i++) await new Promise((r) => setTimeout(r, 100))
    expect(logged()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          msg: expect.stringMatching(/^uncaught exception/),
          err: expect.objectContaining({ stack: expect.stringMatching(/^Error: stray exception\n/) }),
        }),
        expect.objectContaining({
          msg: expect.stringMatching(/^unhandled rejection/),
          err: expect.objectContaining({ stack: expect.stringMatching(/^Error: stray rejection\n/) }),
        }),
      ]),
    )
    await othersServed()
  })
})
