/**
 * The database opened in this process for a spec that calls the db layer directly (DATABASE_URL's
 * PostgreSQL when set, else a PGlite in a temporary folder): opened before the spec's tests, closed
 * and removed after them. `migrated` runs the server's migrations first.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig } from '../../server/config'
import { connectDb, type Db } from '../../server/db/connect'
import { migrate } from '../../server/db/migrate'

export function inProcessDb(options: { migrated?: boolean } = {}): () => Db {
  let db: Db | undefined
  let dataDir: string
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'in-process-db-'))
    db = await connectDb(loadConfig({ DATA_DIR: dataDir, ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) }))
    if (options.migrated) await migrate(db.kysely)
  }, 60_000)
  afterAll(async () => {
    await db?.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })
  return () => db!
}
