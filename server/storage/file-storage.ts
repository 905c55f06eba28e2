/**
 * Where the bytes of stored files live. Every read and write of a stored file's bytes, and of its
 * image renditions (./images.ts), goes through this interface; server/storage/index.ts picks the
 * implementation by FILE_STORE: the local disk (./local-disk.ts) or an S3-compatible object store
 * (./s3.ts), which every server process on the same database shares.
 *
 * What is stored is named: a file's bytes by the file's id, a rendition by renditionName(). Bytes
 * arrive as a complete temporary file on the local disk (an upload, an imported file, an export
 * archive, a rendition: ./uploads.ts) and are put in place in one step, after their metadata row
 * is written. Temporary files stay on the local disk under FILES_DIR whatever the storage.
 */
import type { Readable } from 'node:stream'

export interface FileStorage {
  /** Ready to store: the S3 bucket exists (created when missing). Called once at start. */
  prepare(): Promise<void>
  /** Moves the complete temporary file at `tmpPath` in as the bytes of `name`; the temporary file is gone after. */
  put(name: string, tmpPath: string): Promise<void>
  /** The bytes of `name`, open for reads at any position (GET /file and its byte ranges); null when none are stored. */
  open(name: string): Promise<StoredBytes | null>
  /**
   * The bytes of `name` as a stream that starts reading only when first read: an archive of many
   * files holds one of them open at a time instead of one per entry.
   */
  stream(name: string): Readable
  /** The size and time of the bytes of `name`; null when none are stored. */
  stat(name: string): Promise<{ size: number; modified: Date } | null>
  /**
   * Runs `use` with a path on the local disk that holds the bytes of `name`, for libraries that
   * read files (sharp). None stored: rejects with an error whose code is ENOENT.
   */
  withLocalPath<T>(name: string, use: (path: string) => Promise<T>): Promise<T>
  /** Removes the bytes of file `fileId` and all its renditions; none stored is not an error. */
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

/** The name of a rendition of file `fileId` (./images.ts). */
export const renditionName = (fileId: string, size: string, format: string) => `${renditionsOf(fileId)}${size}.${format}`

/** What the names of every rendition of `fileId` start with. */
export const renditionsOf = (fileId: string) => `renditions/${fileId}/`

/**
 * Where `name` is kept under the storage's root, as a relative path with `/`: one layout for the
 * folder FILES_DIR and for the keys of the bucket. A file's bytes are `<first 2 characters of its
 * id>/<id>`, a rendition is its name.
 */
export const storedPath = (name: string) => (name.includes('/') ? name : `${name.slice(0, 2)}/${name}`)

/** The error of a name with no bytes stored, as fs gives it. */
export const noneStored = (name: string) => Object.assign(new Error(`nothing stored as ${name}`), { code: 'ENOENT' })
