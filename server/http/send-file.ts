/**
 * Sends a stored file's bytes (or an image rendition's): an ETag with conditional GET (304), one
 * byte range (206, 416), HEAD.
 *
 * The body goes out through two buffers reused for the whole file, not fs.createReadStream, which
 * allocates a fresh 64 KiB buffer per chunk. Those buffers live outside V8's heap; in the process
 * that also runs PGlite, every ~64 MiB of them started a full collection ("external memory
 * pressure", counted with --trace-incremental-marking), which halved GET /file's rate (bench:bytes).
 */
import type { Request, Response } from 'express'
import { notFound } from '../errors'
import type { FileStorage, StoredBytes } from '../storage'

const CHUNK_BYTES = 256 * 1024

/**
 * Sends the bytes stored as `name` with `headers`; resolves with the body bytes written, rejects if
 * the client left or the storage failed. The ETag is `etag` when given (a rendition's, made of the
 * file's hash), else a weak one made of the size and the time the bytes were written.
 */
export async function sendStoredFile(
  req: Request,
  res: Response,
  storage: FileStorage,
  name: string,
  headers: Record<string, string>,
  options: { etag?: string } = {},
): Promise<number> {
  const file = await storage.open(name)
  if (!file) throw notFound('file')
  try {
    const etag = options.etag ?? `W/"${file.size.toString(16)}-${file.modified.getTime().toString(16)}"`
    res.set(headers)
    res.set({ 'Accept-Ranges': 'bytes', ETag: etag })
    if (req.fresh) {
      res.status(304).end()
      return 0
    }

    const range = rangeAsked(req, file.size, etag)
    if (range === -1) {
      res.status(416).set('Content-Range', `bytes */${file.size}`).end()
      return 0
    }
    const { start, end } = range ?? { start: 0, end: file.size - 1 }
    if (range) res.status(206).set('Content-Range', `bytes ${start}-${end}/${file.size}`)
    const length = end - start + 1
    res.set('Content-Length', String(length))
    if (req.method === 'HEAD' || length === 0) {
      res.end()
      return 0
    }
    await copy(file, res, start, length)
    return length
  } finally {
    await file.close()
  }
}

/** The one range to send, -1 when none can be satisfied, null for the whole file (no Range, a malformed or multiple one, or a stale If-Range). */
function rangeAsked(req: Request, size: number, etag: string): { start: number; end: number } | -1 | null {
  const ifRange = req.get('If-Range')
  if (ifRange && !ifRange.includes(etag)) return null
  const ranges = req.range(size, { combine: true })
  if (ranges === -1) return -1
  if (ranges === undefined || ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return null
  return ranges[0]
}

/** Reads into one buffer while the other is being written: at most two chunks in flight, none allocated per chunk. */
async function copy(file: StoredBytes, res: Response, start: number, length: number) {
  const size = Math.min(CHUNK_BYTES, length)
  const buffers = [Buffer.allocUnsafeSlow(size), Buffer.allocUnsafeSlow(size)]
  const left = new Promise<never>((_, reject) => res.once('close', () => reject(new Error('client closed the connection'))))
  left.catch(() => {})
  let writing: Promise<unknown> = Promise.resolve()
  for (let sent = 0, turn = 0; sent < length; turn++) {
    const buffer = buffers[turn % 2]!
    const bytesRead = await file.read(buffer, Math.min(size, length - sent), start + sent)
    if (bytesRead === 0) throw new Error('file shorter than its size')
    await Promise.race([writing, left])
    sent += bytesRead
    // A failed write also closes the response, which `left` reports; so this only waits.
    writing = new Promise<void>((resolve) => res.write(buffer.subarray(0, bytesRead), () => resolve()))
  }
  await Promise.race([writing, left])
  await new Promise<void>((resolve) => res.end(resolve))
}
