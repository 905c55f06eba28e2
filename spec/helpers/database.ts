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

/** `databaseUrl`: the server's, when it is not the run's (privateDatabase). */
export async function openDatabase(dataDir: string, databaseUrl = process.env.DATABASE_URL): Promise<TestDatabase> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl })
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

/**
 * The environment of a server with a database of its own: on PostgreSQL a new database on the same
 * cluster (reached directly, not through a pooler, which knows only its configured databases);
 * on PGlite every server has its own already. For a test that must not meet what the specs before
 * it left in a shared database (say, an enabled webhook whose cursor holds the event log's pruning).
 */
export async function privateDatabase(): Promise<Record<string, string>> {
  const shared = process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL
  if (!shared) return {}
  const name = `hlr_private_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const client = new pg.Client({ connectionString: shared })
  await client.connect()
  await client.query(`create database ${name}`).finally(() => client.end())
  const url = new URL(shared)
  url.pathname = `/${name}`
  return { DATABASE_URL: url.toString(), DATABASE_DIRECT_URL: '' }
}
