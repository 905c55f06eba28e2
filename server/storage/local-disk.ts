/** File storage on the local disk: what is stored as `name` is the file FILES_DIR/<storedPath(name)>. */
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { renditionsOf, storedPath, type FileStorage, type StoredBytes } from './file-storage'

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly dir: string) {}

  private pathOf(name: string) {
    return path.join(this.dir, ...storedPath(name).split('/'))
  }

  async prepare(): Promise<void> {}

  async put(name: string, tmpPath: string): Promise<void> {
    const target = this.pathOf(name)
    await fsp.mkdir(path.dirname(target), { recursive: true })
    await fsp.rename(tmpPath, target)
  }

  async open(name: string): Promise<StoredBytes | null> {
    const handle = await fsp.open(this.pathOf(name)).catch((err: NodeJS.ErrnoException) => {
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

  stream(name: string): Readable {
    return new LazyFileStream(this.pathOf(name))
  }

  async stat(name: string) {
    const stat = await fsp.stat(this.pathOf(name)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null
      throw err
    })
    return stat && { size: stat.size, modified: stat.mtime }
  }

  async withLocalPath<T>(name: string, use: (path: string) => Promise<T>): Promise<T> {
    const local = this.pathOf(name)
    // fs's own ENOENT, before `use` opens the path
    await fsp.access(local)
    return use(local)
  }

  async remove(fileId: string): Promise<void> {
    await fsp.rm(this.pathOf(fileId), { force: true })
    await fsp.rm(this.pathOf(renditionsOf(fileId)), { recursive: true, force: true })
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
