/**
 * What a test server's file store holds, whichever it is (server/storage/): with FILE_STORE=s3 (a
 * run against object storage, .ci/run) the keys of S3_BUCKET, else the files under
 * `<dataDir>/files`; in both, the server's temporary files there too (an upload on its way in).
 * Paths are relative with `/`, as server/storage/file-storage.ts `storedPath` makes them.
 */
import path from 'node:path'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { filesUnder } from './upload'

export const usesObjectStorage = () => process.env.FILE_STORE === 's3'

/** The data folder of the run's shared server (spec/helpers/global-setup.ts). */
export const sharedServerDataDir = () => process.env.TEST_SERVER_DATA_DIR!

export async function storedNames(dataDir: string): Promise<string[]> {
  const filesDir = path.join(dataDir, 'files')
  const local = filesUnder(filesDir).map((f) => path.relative(filesDir, f).split(path.sep).join('/'))
  return usesObjectStorage() ? [...local, ...(await bucketKeys())] : local
}

async function bucketKeys(): Promise<string[]> {
  const env = process.env
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    credentials: env.S3_ACCESS_KEY_ID ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '' } : undefined,
  })
  const keys: string[] = []
  try {
    let token: string | undefined
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: env.S3_BUCKET, ContinuationToken: token }))
      keys.push(...(page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])))
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
  } finally {
    client.destroy()
  }
  return keys
}
