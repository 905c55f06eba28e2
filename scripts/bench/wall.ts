/**
 * wall2.load_posts at scale, in one run on one database: the time of a call for the first page
 * (20 posts) and for a page 200 posts in, when the workspace's wall holds 1,000 posts and when it
 * holds 100,000. Prints the ratio (goal: within 2x).
 *
 * The reader sees three posts in four: a half are posts to the whole workspace, a quarter posts to
 * the reader, a quarter posts to someone else (which the feed must skip). Posts are written straight
 * into the tables, shaped as the server writes them (with their audience rows).
 * With PGlite (no DATABASE_URL) the server is stopped while the script writes the data folder.
 *   npx tsx scripts/bench/wall.ts
 *   DATABASE_URL=... npx tsx scripts/bench/wall.ts
 */
import { ObjectId } from 'bson'
import { open, openDb, type Db } from './direct'
import { startServer, tempDataDir, type RunningServer } from '../../spec/helpers/server'

const SMALL = 1_000
const BIG = Number(process.env.BENCH_BIG ?? 100_000)
const CALLS = Number(process.env.BENCH_CALLS ?? 300)
const BATCH = 1000

interface People {
  cid: string
  reader: string
  author: string
  other: string
}

/** Posts `from`..`from + n - 1`, oldest first, with their audience rows. */
async function insertPosts(db: Db, w: People, from: number, n: number) {
  const base = Date.now() - 10 * 365 * 86_400_000
  for (let start = 0; start < n; start += BATCH) {
    const posts: unknown[] = []
    const postTuples: string[] = []
    const audience: unknown[] = []
    const audienceTuples: string[] = []
    for (let r = 0; r < Math.min(BATCH, n - start); r++) {
      const i = from + start + r
      const _id = new ObjectId().toHexString()
      const kind = i % 4 // 0, 1: whole workspace; 2: the reader; 3: someone else
      const toAll = kind < 2
      const to = kind === 2 ? w.reader : w.other
      const at = base + i * 1000
      const recipients = JSON.stringify(toAll ? [`network_${w.cid}`] : [`user_${to}`])
      const p = posts.length
      posts.push(w.cid, _id, w.author, `Post ${i}`, `The text of post ${i}, a few words long.`, recipients, toAll, at, i % 7)
      postTuples.push(
        `($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, '[]', $${p + 6}::jsonb, $${p + 7}, true, 'published', $${p + 8}, $${p + 8}, $${p + 9})`,
      )
      for (const uid of toAll ? [w.reader, w.other] : [to]) {
        const a = audience.length
        audience.push(w.cid, _id, uid, at)
        audienceTuples.push(`($${a + 1}, $${a + 2}, $${a + 3}, $${a + 4})`)
      }
    }
    await db.query(
      `insert into wall_posts (cid, _id, uid, subject, text, files, recipients, to_all, allow_reply, state, published, created, like_count) values ${postTuples.join(', ')}`,
      posts,
    )
    await db.query(`insert into wall_audience (cid, post_id, uid, added) values ${audienceTuples.join(', ')}`, audience)
  }
}

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9

async function timeLoads(call: (op: string, ...args: unknown[]) => Promise<any>) {
  const time = async (options: object) => {
    for (let i = 0; i < 30; i++) await call('wall2.load_posts', null, options)
    const s = process.hrtime.bigint()
    for (let i = 0; i < CALLS; i++) await call('wall2.load_posts', null, options)
    return (seconds(s) / CALLS) * 1000
  }
  const first = await time({})
  const deep = await time({ skip: 200 })
  const page = await call('wall2.load_posts')
  return { first, deep, page: page.length }
}

async function register(url: string, tag: string) {
  const anon = await open(url)
  const email = `bench.${tag}.${Date.now()}@example.test`
  const { uid, cid } = await anon.call('v2.user.register', { email, firstname: tag, lastname: 'Bench', password: 'bench password' })
  const key = await anon.call('login', email, 'bench password')
  anon.ws.close()
  return { uid, cid, key }
}

async function main() {
  const dataDir = tempDataDir()
  const env = { WS_MESSAGES_PER_SECOND: '1000000', DATA_DIR: dataDir }
  let server: RunningServer = await startServer(env)
  const reader = await register(server.wsUrl, 'reader')
  const author = await register(server.wsUrl, 'author')
  const other = await register(server.wsUrl, 'other')
  const w: People = { cid: reader.cid, reader: reader.uid, author: author.uid, other: other.uid }

  const write = async (from: number, n: number) => {
    if (!process.env.DATABASE_URL) await server.stop()
    const db = await openDb(dataDir)
    if (from === 0) {
      for (const uid of [w.author, w.other])
        await db.query(`insert into workspace_members (cid, uid, role, created) values ($1, $2, 'user', $3)`, [w.cid, uid, Date.now()])
    }
    await insertPosts(db, w, from, n)
    await db.query('analyze')
    await db.close()
    if (!process.env.DATABASE_URL) server = await startServer(env)
  }

  await write(0, SMALL)
  let c = await open(server.wsUrl, reader.key)
  const small = await timeLoads(c.call)
  c.ws.close()

  await write(SMALL, BIG - SMALL)
  c = await open(server.wsUrl, reader.key)
  const big = await timeLoads(c.call)
  c.ws.close()
  await server.stop()

  const storage = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'
  console.log(JSON.stringify({ storage, calls: CALLS, pageSize: small.page }))
  console.log(
    `wall2.load_posts, first page:  ${SMALL.toLocaleString('en')} posts ${small.first.toFixed(2)} ms, ${BIG.toLocaleString('en')} posts ${big.first.toFixed(2)} ms, ratio ${(big.first / small.first).toFixed(2)} (goal <= 2)`,
  )
  console.log(
    `wall2.load_posts, skip 200:    ${SMALL.toLocaleString('en')} posts ${small.deep.toFixed(2)} ms, ${BIG.toLocaleString('en')} posts ${big.deep.toFixed(2)} ms, ratio ${(big.deep / small.deep).toFixed(2)} (goal <= 2)`,
  )
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
