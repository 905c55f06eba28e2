/**
 * File storage in an S3-compatible object store (FILE_STORE=s3): what is stored as `name` is the
 * object S3_BUCKET/<storedPath(name)>. Every server process on the same database reaches the same
 * objects, so any of them serves a file another stored, and an image rendered once is rendered for
 * all. Tested against OpenStack Swift with its s3api middleware (docs/development.md).
 *
 * Writes go through @aws-sdk/lib-storage's Upload: a file up to one part is one PutObject, a larger
 * one a multipart upload of PART_BYTES parts (larger beyond 80 GiB: S3 takes 10,000 parts at most),
 * QUEUE_SIZE at a time, so memory stays flat whatever the size. Reads are GetObject streams; a read
 * at a position continues the open stream when it follows the last one, and otherwise opens a
 * ranged GetObject there.
 */
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { randomBytes } from 'node:crypto'
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import type { S3Settings } from '../config-readers'
import { noneStored, renditionsOf, storedPath, type FileStorage, type StoredBytes } from './file-storage'

/** The size of a part (S3's smallest but the last is 5 MiB); a file up to this size is one PutObject. */
const PART_BYTES = 8 * 1024 * 1024
/** S3's most parts in one upload: a file over 80 GiB takes larger parts. */
const MAX_PARTS = 10_000
/** Parts of one upload in flight at once: one upload holds PART_BYTES x QUEUE_SIZE of parts at a time. */
const QUEUE_SIZE = 2

/** Connections to the store at once, per process. */
const MAX_CONNECTIONS = 1000

/** Whether an SDK error is the store saying there is no such object (or bucket). */
const isNotFound = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404

export class S3Storage implements FileStorage {
  private readonly client: S3Client
  private readonly bucket: string

  /** `tmpDir`: where withLocalPath downloads an object to (on the local disk). */
  constructor(
    settings: S3Settings,
    private readonly tmpDir: string,
  ) {
    this.bucket = settings.bucket
    this.client = new S3Client({
      endpoint: settings.endpoint ?? undefined,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials ?? undefined,
      // Checksums only where S3 requires one: not every store other than Amazon S3 knows the CRC32
      // headers the SDK sends by default.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A download holds one connection to the store while its client reads: the SDK's default of
      // 50 would queue the 51st download behind the others.
      requestHandler: { httpAgent: { keepAlive: true, maxSockets: MAX_CONNECTIONS }, httpsAgent: { keepAlive: true, maxSockets: MAX_CONNECTIONS } },
    })
  }

  private keyOf(name: string) {
    return storedPath(name)
  }

  async prepare(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }))
    } catch (err) {
      if (!isNotFound(err)) throw err
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }))
    }
  }

  async put(name: string, tmpPath: string): Promise<void> {
    const { size } = await fsp.stat(tmpPath)
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.keyOf(name), Body: fs.createReadStream(tmpPath, { highWaterMark: 1024 * 1024 }) },
      partSize: Math.max(PART_BYTES, Math.ceil(size / MAX_PARTS)),
      queueSize: QUEUE_SIZE,
      // A failed multipart upload is aborted: no parts are left behind in the bucket.
      leavePartsOnError: false,
    })
    await upload.done()
    await fsp.rm(tmpPath, { force: true })
  }

  async open(name: string): Promise<StoredBytes | null> {
    const head = await this.stat(name)
    if (!head) return null
    return { ...head, ...new RangeReader(this.client, this.bucket, this.keyOf(name)).bound() }
  }

  stream(name: string): Readable {
    const { client, bucket } = this
    const key = this.keyOf(name)
    // An async generator runs only when the stream is first read: the GetObject waits until then.
    return Readable.from(
      (async function* () {
        const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key })).catch((err) => {
          throw isNotFound(err) ? noneStored(name) : err
        })
        yield* Body as Readable
      })(),
      { objectMode: false },
    )
  }

  async stat(name: string) {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(name) }))
      return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) }
    } catch (err) {
      if (isNotFound(err)) return null
      throw err
    }
  }

  async withLocalPath<T>(name: string, use: (path: string) => Promise<T>): Promise<T> {
    await fsp.mkdir(this.tmpDir, { recursive: true })
    const local = path.join(this.tmpDir, `s3-${randomBytes(12).toString('hex')}`)
    try {
      await pipeline(this.stream(name), fs.createWriteStream(local))
      return await use(local)
    } finally {
      await fsp.rm(local, { force: true })
    }
  }

  async remove(fileId: string): Promise<void> {
    const keys = [this.keyOf(fileId)]
    let token: string | undefined
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.keyOf(renditionsOf(fileId)), ContinuationToken: token }))
      keys.push(...(page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])))
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    // One DeleteObject each (a file has a few renditions at most): DeleteObjects needs a Content-MD5
    // that the SDK no longer sends, and Swift requires it. Deleting what is not there succeeds.
    for (const key of keys) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
  }
}

/**
 * Positional reads of one object for GET /file: a read that starts where the last one ended goes on
 * reading the open response; any other opens a ranged GetObject from its position to the end.
 */
class RangeReader {
  private chunks: AsyncIterator<Buffer> | null = null
  private leftover: Buffer | null = null
  /** Where the open response is; -1 when none is open. */
  private at = -1

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly key: string,
  ) {}

  bound(): Pick<StoredBytes, 'read' | 'close'> {
    return { read: (buffer, length, position) => this.read(buffer, length, position), close: () => this.close() }
  }

  async read(buffer: Buffer, length: number, position: number): Promise<number> {
    if (position !== this.at) await this.openAt(position)
    let filled = 0
    while (filled < length) {
      const chunk = this.leftover ?? (await this.chunks!.next()).value
      this.leftover = null
      if (!chunk) break
      const take = Math.min(chunk.length, length - filled)
      chunk.copy(buffer, filled, 0, take)
      if (take < chunk.length) this.leftover = chunk.subarray(take)
      filled += take
    }
    this.at += filled
    return filled
  }

  private async openAt(position: number) {
    await this.close()
    const { Body } = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key, Range: `bytes=${position}-` }))
    this.chunks = (Body as Readable)[Symbol.asyncIterator]()
    this.at = position
  }

  async close() {
    // Ending the iteration destroys the response: an unread rest of the object is not downloaded.
    await this.chunks?.return?.()
    this.chunks = null
    this.leftover = null
    this.at = -1
  }
}
