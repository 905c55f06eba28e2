/**
 * What the database benchmarks share: a plain socket client of the server, and a direct handle on
 * the same database (node-postgres, over PGlite's adapter when no DATABASE_URL is set, as the
 * server reaches it) for the baselines and for writing data in bulk.
 */
import path from 'node:path'
import WebSocket from 'ws'

export async function open(url: string, key?: string) {
  const ws = new WebSocket(url, { headers: key ? { hlrkey: key } : {}, maxPayload: 256 * 1024 * 1024 })
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  const pending = new Map<number, (frame: any) => void>()
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString())
    pending.get(frame.id)?.(frame)
    pending.delete(frame.id)
  })
  let next = 0
  const call = async (op: string, ...args: unknown[]) => {
    const reply = await new Promise<any>((resolve) => {
      const id = next++
      pending.set(id, resolve)
      ws.send(JSON.stringify({ id, op, args }))
    })
    if (reply.error) throw new Error(`${op}: ${JSON.stringify(reply.error)}`)
    return reply.result
  }
  return { ws, call }
}

export interface Db {
  query(text: string, params?: unknown[]): Promise<{ rows: any[] }>
  close(): Promise<void>
}

export async function openDb(dataDir: string): Promise<Db> {
  if (process.env.DATABASE_URL) {
    const pg = await import('pg')
    const client = new pg.default.Client({ connectionString: process.env.DATABASE_URL })
    await client.connect()
    return { query: (t, p) => client.query(t, p as any[]), close: () => client.end() }
  }
  // Through node-postgres over PGlite's adapter, as the server reaches it (server/db/connect.ts).
  const pg = await import('pg')
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres')
  const lite = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } })
  const pool = new pg.default.Pool(createPgConfig(lite) as any)
  return {
    query: (t, p) => pool.query(t, p as any[]),
    close: async () => {
      await pool.end()
      await lite.close()
    },
  }
}
