/** The storage of files' bytes this server uses (./file-storage.ts): the local disk under FILES_DIR. */
import type { Config } from '../config'
import type { FileStorage } from './file-storage'
import { LocalDiskStorage } from './local-disk'

export type { FileStorage, StoredBytes } from './file-storage'

export const fileStorage = (config: Config): FileStorage => new LocalDiskStorage(config.filesDir)
