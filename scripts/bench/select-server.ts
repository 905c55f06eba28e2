/**
 * The one-statement floor of the rpc benchmark: a bare ws server that answers each frame with one
 * trivial SELECT of the size asked (`{id, args: [bytes]}` → `select repeat('x', bytes)`), through the
 * server's own driver path (node-postgres, the server's pool size, named prepared statements as
 * server/db/prepared-pool.ts names them), on DATABASE_URL or on the PGlite folder given as argument.
 */
import path from 'node:path'
import pg from 'pg'
import { WebSocketServer } from 'ws'
import { POOL_SIZE } from '../../server/db/connect'
import { preparedPool } from '../../server/db/prepared-pool'

async function openPool(): Promise<{ pool: pg.Pool; close(): Promise<void> }> {
  if (process.env.DATABASE_URL) return { pool: new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE }), close: async () => {} }
  const { PGlite } = await import('@electric-sql/pglite')
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres')
  const lite = await PGlite.create(path.join(process.argv[2]!, 'pgdata'))
  return { pool: new pg.Pool(createPgConfig(lite) as pg.PoolConfig), close: () => lite.close() }
}

async function main() {
  const { pool, close } = await openPool()
  const prepared = preparedPool(pool)
  const select = async (bytes: number, rows: number) => {
    const client = await prepared.connect()
    try {
      const result = await client.query('select repeat($1, $2::int) as v from generate_series(1, $3::int)', ['x', Math.round(bytes / rows), rows])
      return rows === 1 ? result.rows[0] : result.rows
    } finally {
      client.release()
    }
  }
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  wss.on('listening', () => {
    const { port } = wss.address() as { port: number }
    console.log(JSON.stringify({ url: `ws://127.0.0.1:${port}` }))
  })
  wss.on('connection', (ws) => {
    ws.on('message', async (data) => {
      const frame = JSON.parse(data.toString())
      ws.send(JSON.stringify({ id: frame.id, result: await select(Number(frame.args?.[0] ?? 0), Number(frame.args?.[1] ?? 1)) }))
    })
  })
  process.on('SIGTERM', () =>
    wss.close(async () => {
      await prepared.end()
      await close()
      process.exit(0)
    }),
  )
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
