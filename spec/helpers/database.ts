/**
 * The database a test server uses, opened by the test itself: the PostgreSQL of DATABASE_URL, or the
 * PGlite folder of the server's data folder (PGlite has one owner: only while that server is stopped).
 */
import path from 'node:path'
import pg from 'pg'

export interface TestDatabase {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>
  close(): Promise<void>
}

export async function openDatabase(dataDir: string): Promise<TestDatabase> {
  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await client.connect()
    return { query: async (text, params) => (await client.query(text, params)).rows, close: () => client.end() }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const db = await PGlite.create(path.join(dataDir, 'pgdata'))
  return { query: async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows, close: () => db.close() }
}

/** Runs `statement` on the test server's database and closes it. */
export async function onDatabase(dataDir: string, statement: string): Promise<void> {
  const db = await openDatabase(dataDir)
  await db.query(statement).finally(() => db.close())
}
