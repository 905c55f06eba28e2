/**
 * Directus in bench:peers, with its defaults apart from what the benchmark needs: its own database on
 * the shared cluster, `directus bootstrap` (migrations and the admin account from ADMIN_EMAIL and
 * ADMIN_PASSWORD), `directus start` under Node 22 on a loopback port, WebSockets on (realtime is off
 * by default), the admin app not served, and the pressure limiter off (it answers 503 when its event
 * loop lags, which a loaded 2-core machine would trigger during the throughput runs).
 * Schema: collections `customers` (name) and `orders` (name, amount integer, due date, status string
 * with a dropdown of 7 choices, phase string, customer many-to-one to customers). Calls use the
 * admin's access token (a JWT, as a signed-in client would).
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import WebSocket from 'ws'
import { allHeard, openMany, type Listener } from '../listeners'
import {
  CUSTOMERS,
  STATUSES,
  answers,
  freePort,
  json,
  row,
  sameAsCreated,
  spawnUntilReady,
  withDatabase,
  type Id,
  type Page,
  type Product,
  type Row,
  type Spawned,
} from './product'
import { NODE22, peerFolder } from './setup'

const ADMIN = { email: 'admin@example.com', password: 'bench password' }

/** An order as sent and stored: the customer as its id (customers are created in order, from 1). */
const stored = (r: Row) => ({ ...r, customer: r.customer + 1 })

export function directus(databaseUrl: string): Product {
  const db = new URL(databaseUrl)
  let port = 0
  let env: Record<string, string> = {}
  let running: Spawned
  let token = ''
  const base = () => `http://127.0.0.1:${port}`
  const cli = path.join(peerFolder('directus'), 'node_modules', 'directus', 'cli.js')
  const api = (method: string, p: string, body?: unknown) => json(method, `${base()}${p}`, { authorization: `Bearer ${token}` }, body)

  const FILTERS: Record<Page, object> = {
    'phase + select': { _and: [{ phase: { _eq: 'Open' } }, { status: { _eq: 's3' } }] },
    'select, no phase': { status: { _eq: 's3' } },
    'name search': { name: { _icontains: 'red' } },
  }

  /** A socket authenticated with the token; `request` sends a message and resolves with the reply of the same uid. */
  async function socket() {
    const ws = new WebSocket(`${base().replace('http', 'ws')}/websocket`)
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
    const pending = new Map<string, (m: any) => void>()
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString())
      if (m.type === 'ping') return ws.send(JSON.stringify({ type: 'pong' }))
      pending.get(m.uid ?? m.type)?.(m)
    })
    let next = 0
    const request = (message: object) =>
      new Promise<any>((resolve, reject) => {
        const uid = String(next++)
        pending.set(uid, (m) => {
          pending.delete(uid)
          if (m.status === 'error') reject(new Error(`directus websocket: ${JSON.stringify(m.error)}`))
          else resolve(m)
        })
        ws.send(JSON.stringify({ ...message, uid }))
      })
    await request({ type: 'auth', access_token: token })
    return { ws, request }
  }

  return {
    name: 'Directus',
    async prepare() {
      port = await freePort()
      env = {
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        KEY: 'bench-key',
        SECRET: 'bench-secret-bench-secret-bench-secret',
        DB_CLIENT: 'pg',
        DB_HOST: db.hostname,
        DB_PORT: db.port || '5432',
        DB_DATABASE: db.pathname.slice(1),
        DB_USER: decodeURIComponent(db.username),
        DB_PASSWORD: decodeURIComponent(db.password),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ACCESS_TOKEN_TTL: '24h',
        WEBSOCKETS_ENABLED: 'true',
        SERVE_APP: 'false',
        PRESSURE_LIMITER_ENABLED: 'false',
        TELEMETRY: 'false',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      }
      execFileSync(NODE22, [cli, 'bootstrap'], { cwd: peerFolder('directus'), env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] })
      await this.start()
      token = (await json('POST', `${base()}/auth/login`, {}, ADMIN)).data.access_token
      const id = { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } }
      await api('POST', '/collections', { collection: 'customers', meta: {}, schema: {}, fields: [id, { field: 'name', type: 'string' }] })
      await api('POST', '/collections', {
        collection: 'orders',
        meta: {},
        schema: {},
        fields: [
          id,
          { field: 'name', type: 'string' },
          { field: 'amount', type: 'integer' },
          { field: 'due', type: 'date' },
          { field: 'status', type: 'string', meta: { interface: 'select-dropdown', options: { choices: STATUSES.map((s) => ({ text: s, value: s })) } } },
          {
            field: 'phase',
            type: 'string',
            meta: { interface: 'select-dropdown', options: { choices: ['Open', 'Done'].map((s) => ({ text: s, value: s })) } },
          },
          { field: 'customer', type: 'integer', meta: { interface: 'select-dropdown-m2o', special: ['m2o'] } },
        ],
      })
      await api('POST', '/relations', { collection: 'orders', field: 'customer', related_collection: 'customers' })
      await api(
        'POST',
        '/items/customers?fields=id',
        Array.from({ length: CUSTOMERS }, (_, i) => ({ name: `Customer ${i}` })),
      )
    },
    async start() {
      const started = await spawnUntilReady(NODE22, [cli, 'start'], { cwd: peerFolder('directus'), env }, () => answers(`${base()}/server/ping`))
      running = started
      return started.ms
    },
    stop: async () => running?.stop(),
    pid: () => running.child.pid!,
    output: () => running.output(),
    async create(rows: Row[]) {
      const made = await api('POST', '/items/orders?fields=id', rows.map(stored))
      return made.data.map((r: { id: number }) => r.id)
    },
    bulk: (_from: number, rows: Row[]) =>
      withDatabase(databaseUrl, async (db) => {
        const first = await db.query('select name, amount, due::text, status, phase, customer from orders where name = $1', [row(0).name])
        sameAsCreated('Directus', stored(row(0)), first.rows[0])
        const s = rows.map(stored)
        const made = await db.query(
          `insert into orders (name, amount, due, status, phase, customer)
           select * from unnest($1::text[], $2::int[], $3::date[], $4::text[], $5::text[], $6::int[]) returning id`,
          [s.map((r) => r.name), s.map((r) => r.amount), s.map((r) => r.due), s.map((r) => r.status), s.map((r) => r.phase), s.map((r) => r.customer)],
        )
        // Ids are drawn in the order the rows are inserted.
        return made.rows.map((r) => r.id as number).sort((a, b) => a - b)
      }),
    readHttp: (id: Id) => api('GET', `/items/orders/${id}`),
    async socketReaders(n: number) {
      const sockets = await Promise.all(Array.from({ length: n }, socket))
      return {
        read: (client: number, id: Id) => sockets[client].request({ type: 'items', collection: 'orders', action: 'read', id }),
        close: () => sockets.forEach((s) => s.ws.close()),
      }
    },
    async page(which: Page) {
      const q = `filter=${encodeURIComponent(JSON.stringify(FILTERS[which]))}&sort=-due,-id&limit=50`
      return (await api('GET', `/items/orders?${q}`)).data.length
    },
    async update(ids: Id[], amount: number) {
      await api('PATCH', '/items/orders?fields=id', { keys: ids, data: { amount } })
    },
    // Each socket authenticates and subscribes to updates of the one item.
    async listeners(n: number, id: Id) {
      const greet = async (ws: WebSocket) => {
        const reply = (type: string) =>
          new Promise<any>((resolve) => {
            const on = (data: WebSocket.RawData) => {
              const m = JSON.parse(data.toString())
              if (m.type === type) {
                ws.off('message', on)
                resolve(m)
              }
            }
            ws.on('message', on)
          })
        const authed = reply('auth')
        ws.send(JSON.stringify({ type: 'auth', access_token: token }))
        if ((await authed).status !== 'ok') throw new Error('directus websocket auth failed')
        const subscribed = reply('subscription')
        ws.send(JSON.stringify({ type: 'subscribe', collection: 'orders', item: id, event: 'update' }))
        await subscribed
        ws.on('message', (data) => {
          if (JSON.parse(data.toString()).type === 'ping') ws.send(JSON.stringify({ type: 'pong' }))
        })
      }
      const all: Listener[] = await openMany(`${base().replace('http', 'ws')}/websocket`, n, {
        greet,
        counts: (frame) => {
          const m = JSON.parse(frame)
          return m.type === 'subscription' && m.event === 'update'
        },
      })
      let amount = 0
      return {
        change: () => api('PATCH', `/items/orders/${id}?fields=id`, { amount: ++amount }),
        heard: (count: number) => allHeard(all, count),
        close: () => all.forEach((l) => l.ws.close()),
      }
    },
  }
}
