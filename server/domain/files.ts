/**
 * Files: where the bytes live, how an upload is stored, and who may read a file.
 *
 * Storage: FILES_DIR/<first 2 hex of id>/<id>. An upload streams to FILES_DIR/tmp/<random>
 * (hashed with sha256 on the way) and is renamed into place only once it is complete and its
 * metadata row is written; a failed or refused upload leaves nothing behind.
 *
 * Content type: sniffed from the first bytes with file-type@16 (CommonJS; v17+ is ESM-only);
 * bytes it does not recognise are text/plain when they are valid UTF-8 without NUL bytes,
 * application/octet-stream otherwise. The client's claimed type is never used.
 *
 * Who may read a file: server/policies/files.ts.
 */
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { StorageEngine } from 'multer'
import type { Config } from '../config'

export const filePath = (config: Config, fileId: string) => path.join(config.filesDir, fileId.slice(0, 2), fileId)
export const tmpDir = (config: Config) => path.join(config.filesDir, 'tmp')
export const renditionsDir = (config: Config, fileId: string) => path.join(config.filesDir, 'renditions', fileId)

/** What the storage engine leaves on the multer file object. */
export interface StoredUpload {
  tmpPath: string
  size: number
  sha256: string
}

/** A multer storage engine: streams to a temp file while hashing; removes it on any failure. */
export function tempStorage(config: Config): StorageEngine {
  return {
    _handleFile(_req, file, cb) {
      const dir = tmpDir(config)
      const tmpPath = path.join(dir, randomBytes(12).toString('hex'))
      const hash = createHash('sha256')
      let size = 0
      const hashing = new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk)
          size += chunk.length
          done(null, chunk)
        },
      })
      fsp
        .mkdir(dir, { recursive: true })
        .then(() => pipeline(file.stream, hashing, fs.createWriteStream(tmpPath)))
        .then(
          () => cb(null, { tmpPath, size, sha256: hash.digest('hex') } as Partial<Express.Multer.File>),
          (err) => fsp.rm(tmpPath, { force: true }).finally(() => cb(err)),
        )
    },
    _removeFile(_req, file, cb) {
      const tmpPath = (file as unknown as StoredUpload).tmpPath
      if (!tmpPath) return cb(null)
      fsp.rm(tmpPath, { force: true }).then(() => cb(null), cb)
    },
  }
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const fileType = require('file-type') as { fromFile(p: string): Promise<{ ext: string; mime: string } | undefined> }

/** The content type of the bytes at `p`, never the client's claim. */
export async function sniffContentType(p: string): Promise<string> {
  const found = await fileType.fromFile(p).catch(() => undefined)
  if (found) return found.mime
  const handle = await fsp.open(p, 'r')
  try {
    const buf = Buffer.alloc(8192)
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0)
    const head = buf.subarray(0, bytesRead)
    if (head.includes(0)) return 'application/octet-stream'
    // a multi-byte character may be cut at the end of the sample: drop up to 3 trailing bytes
    for (let cut = 0; cut < 4 && cut <= head.length; cut++) {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - cut))
        return 'text/plain; charset=utf-8'
      } catch {
        /* try shorter */
      }
    }
    return 'application/octet-stream'
  } finally {
    await handle.close()
  }
}

/** Moves a completed upload into its place. */
export async function commitUpload(config: Config, tmpPath: string, fileId: string): Promise<void> {
  const target = filePath(config, fileId)
  await fsp.mkdir(path.dirname(target), { recursive: true })
  await fsp.rename(tmpPath, target)
}

/** A file name for metadata and Content-Disposition: no path, no control characters, bounded. */
export function cleanFileName(name: string, fallback = 'file'): string {
  let n = String(name ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/\\/g, '/')
  n =
    n
      .split('/')
      .filter((part) => part && part !== '.' && part !== '..')
      .pop() ?? ''
  n = n.replace(/^\.+/, '').trim()
  if (n.length > 255) {
    const ext = path.extname(n).slice(0, 20)
    n = n.slice(0, 255 - ext.length) + ext
  }
  return n || fallback
}

/**
 * A readable that opens its file only when first read: an archive of many files holds one open
 * descriptor at a time instead of one per entry.
 */
export class LazyFileStream extends Readable {
  private source: fs.ReadStream | null = null
  constructor(private readonly filePath: string) {
    super()
  }
  override _read() {
    if (this.source) {
      this.source.resume()
      return
    }
    this.source = fs.createReadStream(this.filePath, { highWaterMark: 256 * 1024 })
    this.source.on('data', (chunk) => {
      if (!this.push(chunk)) this.source!.pause()
    })
    this.source.on('end', () => this.push(null))
    this.source.on('error', (err) => this.destroy(err))
  }
  override _destroy(err: Error | null, cb: (err: Error | null) => void) {
    this.source?.destroy()
    cb(err)
  }
}

/** Zip entry names: cleaned like file names, duplicates renamed "a.txt", "a (2).txt", ... */
export function archiveEntryNames(names: string[]): string[] {
  const used = new Set<string>()
  return names.map((raw) => {
    const name = cleanFileName(raw)
    const ext = path.extname(name)
    const base = ext && ext !== name ? name.slice(0, -ext.length) : name
    let candidate = name
    for (let i = 2; used.has(candidate.toLowerCase()); i++) candidate = `${base} (${i})${ext !== name ? ext : ''}`
    used.add(candidate.toLowerCase())
    return candidate
  })
}
