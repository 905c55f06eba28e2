/**
 * Where the bytes of stored files live, named by file id. Every read and write of a stored file's
 * bytes goes through this interface; server/storage/index.ts picks the implementation (the local
 * disk, ./local-disk.ts). Bytes arrive as a complete temporary file on the local disk (an upload,
 * an imported file, an export archive: ./uploads.ts) and are put in place in one step, after their
 * metadata row is written. Temporary files and the cache of image renditions (./images.ts) stay on
 * the local disk under FILES_DIR whatever the storage.
 */
import type { Readable } from 'node:stream'

export interface FileStorage {
  /** Moves the complete temporary file at `tmpPath` in as the bytes of `fileId`; the temporary file is gone after. */
  put(fileId: string, tmpPath: string): Promise<void>
  /** The bytes of `fileId`, open for reads at any position (GET /file and its byte ranges); null when none are stored. */
  open(fileId: string): Promise<StoredBytes | null>
  /**
   * The bytes of `fileId` as a stream that starts reading only when first read: an archive of many
   * files holds one of them open at a time instead of one per entry.
   */
  stream(fileId: string): Readable
  /** The size and time of the bytes of `fileId`; null when none are stored. */
  stat(fileId: string): Promise<{ size: number; modified: Date } | null>
  /** Runs `use` with a path on the local disk that holds the bytes of `fileId`, for libraries that read files (sharp). */
  withLocalPath<T>(fileId: string, use: (path: string) => Promise<T>): Promise<T>
  /** Removes the bytes of `fileId`; none stored is not an error. */
  remove(fileId: string): Promise<void>
}

/** A stored file's bytes, open: read them in any order, then close. */
export interface StoredBytes {
  size: number
  /** When the bytes were written: with the size, what GET /file's ETag is made of. */
  modified: Date
  /** Reads up to `length` bytes at `position` into the start of `buffer`; resolves with how many were read (0 at the end). */
  read(buffer: Buffer, length: number, position: number): Promise<number>
  close(): Promise<void>
}
