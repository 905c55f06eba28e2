/** File storage on the local disk: the bytes of file <id> are FILES_DIR/<first 2 characters of id>/<id>. */
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { FileStorage, StoredBytes } from './file-storage'

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly dir: string) {}

  private pathOf(fileId: string) {
    return path.join(this.dir, fileId.slice(0, 2), fileId)
  }

  async put(fileId: string, tmpPath: string): Promise<void> {
    const target = this.pathOf(fileId)
    await fsp.mkdir(path.dirname(target), { recursive: true })
    await fsp.rename(tmpPath, target)
  }

  async open(fileId: string): Promise<StoredBytes | null> {
    const handle = await fsp.open(this.pathOf(fileId)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null
      throw err
    })
    if (!handle) return null
    try {
      const { size, mtime } = await handle.stat()
      return {
        size,
        modified: mtime,
        read: async (buffer, length, position) => (await handle.read(buffer, 0, length, position)).bytesRead,
        close: () => handle.close(),
      }
    } catch (err) {
      await handle.close()
      throw err
    }
  }

  stream(fileId: string): Readable {
    return new LazyFileStream(this.pathOf(fileId))
  }

  async stat(fileId: string) {
    const stat = await fsp.stat(this.pathOf(fileId)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null
      throw err
    })
    return stat && { size: stat.size, modified: stat.mtime }
  }

  withLocalPath<T>(fileId: string, use: (path: string) => Promise<T>): Promise<T> {
    return use(this.pathOf(fileId))
  }

  async remove(fileId: string): Promise<void> {
    await fsp.rm(this.pathOf(fileId), { force: true })
  }
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
