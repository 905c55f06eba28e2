/**
 * The database: a PostgreSQL server when DATABASE_URL is set, otherwise PGlite
 * (PostgreSQL compiled to WASM) in DATA_DIR/pgdata through its node-postgres
 * adapter, so the same kysely queries run on both.
 */
import fs from 'node:fs'
import path from 'node:path'
import { Kysely, type KyselyConfig, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { Config } from '../config'
import { primaryPool } from './hosts'
import { preparedPool } from './prepared-pool'
import type { Database } from './schema'

export interface Db {
  kysely: Kysely<Database>
  /**
   * Present on a PostgreSQL server: events between processes travel through LISTEN/NOTIFY on it, and
   * the HTTP rate limit is shared there. DATABASE_DIRECT_URL when set (DATABASE_URL is then a
   * transaction pooler, through which LISTEN hears nothing and named statements collide), else DATABASE_URL.
   */
  databaseUrl: string | null
  /**
   * Runs `work` where a session of its own holds across statements: the migrator takes a
   * session-level advisory lock (kysely's PostgresAdapter) around its transaction. With
   * DATABASE_DIRECT_URL it gets a connection there, since a transaction pooler could run the lock,
   * the migrations and the unlock on three server connections and leave the lock held; else the pool's.
   */
  onSession<T>(work: (kysely: Kysely<Database>) => Promise<T>): Promise<T>
  /** What the start log says of the storage: the engine, and for PGlite its folder and buffer cache as PGlite reports it. */
  storage: string
  close(): Promise<void>
}

// int8 (bigint) columns hold millisecond timestamps and counts: read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v))

/** The server's pool size on PostgreSQL (the benchmarks' direct baselines use the same). */
export const POOL_SIZE = 10

/**
 * DB_STATEMENT_LOG=file: each statement the server issues is appended to the file as a JSON line
 * {sql, parameters, started, ended}. Only scripts/bench sets it, to replay an operation's statements as its floor.
 */
function statementLog(file: string | null): Pick<KyselyConfig, 'log'> {
  if (!file) return {}
  return {
    log(event) {
      if (event.level !== 'query') return
      // When it started and ended (ms, this process's clock) tell statements issued together from one after another.
      const ended = performance.now()
      const line = { sql: event.query.sql, parameters: event.query.parameters, started: ended - event.queryDurationMillis, ended }
      fs.appendFileSync(file, JSON.stringify(line) + '\n')
    },
  }
}

export async function connectDb(config: Config): Promise<Db> {
  if (config.databaseUrl) {
    // To the primary among DATABASE_URL's hosts, following it after a failover (hosts.ts).
    const pool = primaryPool(config.databaseUrl, { max: POOL_SIZE })
    const dialect = new PostgresDialect({ pool: preparedPool(pool, config.namedStatements === 'true') })
    const kysely = new Kysely<Database>({ dialect, ...statementLog(config.statementLog) })
    const storage = config.namedStatements === 'true' ? 'postgresql' : 'postgresql, unnamed statements'
    const direct = config.databaseDirectUrl
    const onSession = async <T>(work: (kysely: Kysely<Database>) => Promise<T>) => {
      if (!direct) return work(kysely)
      const session = new Kysely<Database>({ dialect: new PostgresDialect({ pool: primaryPool(direct, { max: 1 }) }) })
      try {
        return await work(session)
      } finally {
        await session.destroy()
      }
    }
    return { kysely, databaseUrl: direct ?? config.databaseUrl, onSession, storage, close: () => kysely.destroy() }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  // Trigram indexes (name search) need pg_trgm's functions loaded in every process that opens the folder.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres')
  const dir = path.join(config.dataDir, 'pgdata')
  fs.mkdirSync(dir, { recursive: true })
  const pglite = await PGlite.create(dir, {
    extensions: { pg_trgm },
    // PGlite's own start parameters, plus the buffer cache's size: it is the largest part of the server's memory.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${config.pgliteSharedBuffersMb}MB`],
  })
  const sharedBuffers = (await pglite.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]!.shared_buffers
  const pool = new pg.Pool(createPgConfig(pglite) as pg.PoolConfig)
  // DB_NAMED_STATEMENTS is for a PostgreSQL server behind a pooler: PGlite has none and keeps them named.
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparedPool(pool) }), ...statementLog(config.statementLog) })
  return {
    kysely,
    databaseUrl: null,
    onSession: (work) => work(kysely),
    storage: `pglite in ${dir}, shared_buffers ${sharedBuffers}`,
    async close() {
      await kysely.destroy()
      await pglite.close()
    },
  }
}
