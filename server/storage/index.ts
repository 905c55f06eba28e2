/**
 * The storage of files' bytes this server uses (./file-storage.ts), by FILE_STORE: the local disk
 * under FILES_DIR, or an S3-compatible object store. One per configuration: the S3 client keeps its
 * connections open between calls.
 */
import type { Config } from '../config'
import type { FileStorage } from './file-storage'
import { LocalDiskStorage } from './local-disk'
import type { S3Storage } from './s3'
import { tmpDir } from './uploads'

export { renditionName, type FileStorage, type StoredBytes } from './file-storage'

/** The AWS SDK loads only where FILE_STORE=s3: loading it takes about a third of a second (bundled), which every start would pay. */
const loadS3 = () => (require('./s3') as { S3Storage: typeof S3Storage }).S3Storage

const made = new WeakMap<Config, FileStorage>()

export function fileStorage(config: Config): FileStorage {
  let storage = made.get(config)
  if (!storage) {
    const store = config.fileStore
    storage = store.kind === 's3' ? new (loadS3())(store, tmpDir(config)) : new LocalDiskStorage(config.filesDir)
    made.set(config, storage)
  }
  return storage
}
