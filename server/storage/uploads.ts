/**
 * Uploads on their way in: an upload streams to FILES_DIR/tmp/<random> (hashed with sha256 on the
 * way) and is put in storage (./file-storage.ts) only once it is complete and its metadata row is
 * written; a failed or refused upload leaves nothing behind. Imports and export archives are
 * written under the same folder first.
 *
 * Content type: sniffed from the first bytes with file-type@16 (CommonJS; v17+ is ESM-only);
 * bytes it does not recognise are text/plain when they are valid UTF-8 without NUL bytes,
 * application/octet-stream otherwise. The client's claimed type is never used.
 */
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { StorageEngine } from 'multer'
import type { Config } from '../config'

/** Where uploads, imports and export archives are written before they are put in storage (on the local disk). */
export const tmpDir = (config: Config) => path.join(config.filesDir, 'tmp')

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
