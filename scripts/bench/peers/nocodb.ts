/**
 * NocoDB in bench:peers, run as its npm package is meant to be (nocodb-seed: an Express app that
 * mounts `Noco.init`) under Node 22 on a loopback port, with NC_DB naming its own database on the
 * shared cluster (metadata and data in it) and the super admin from NC_ADMIN_EMAIL and
 * NC_ADMIN_PASSWORD, and NC_DATA_PAYLOAD_LIMIT raised from 100 to 1,000 records a call. Calls use
 * the REST API v2 with an API token (xc-token) made by the admin.
 * Schema: a base with tables `customers` (name) and `orders` (name, amount Number, due Date, status
 * and phase SingleSelect, and a link: customers has many orders, so each order belongs to one).
 */
import fs from 'node:fs'
import path from 'node:path'
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

const ADMIN = { email: 'admin@example.com', password: 'Bench password 1!' }

const LAUNCHER = `// Written by scripts/bench/peers/nocodb.ts: NocoDB mounted in Express, as nocodb-seed does.
const express = require('express')
const { Noco } = require('nocodb')
;(async () => {
  const app = express()
  const server = app.listen(Number(process.env.PORT), '127.0.0.1')
  app.use(await Noco.init({}, server, app))
})()
`

export function nocodb(databaseUrl: string): Product {
  const db = new URL(databaseUrl)
  let port = 0
  let env: Record<string, string> = {}
  let running: Spawned
  let headers: Record<string, string> = {}
  let orders = ''
  let link = ''
  let linkChecked = false
  /** The belongs-to link's key column: a link given nested in a created record is dropped, its key is kept. */
  let foreignKey = ''
  /** An order as sent: the customer as the belongs-to key (customers are created in order, from 1). */
  const sent = ({ customer, ...r }: Row): Omit<Row, 'customer'> & Record<string, unknown> => ({ ...r, [foreignKey]: customer + 1 })
  const base = () => `http://127.0.0.1:${port}`
  const folder = peerFolder('nocodb')
  const api = (method: string, p: string, body?: unknown) => json(method, `${base()}${p}`, headers, body)

  const WHERE: Record<Page, string> = {
    'phase + select': '(phase,eq,Open)~and(status,eq,s3)',
    'select, no phase': '(status,eq,s3)',
    'name search': '(name,like,%red%)',
  }

  return {
    name: 'NocoDB',
    async prepare() {
      port = await freePort()
      const data = path.join(folder, 'data')
      fs.mkdirSync(data, { recursive: true })
      fs.writeFileSync(path.join(folder, 'launch.js'), LAUNCHER)
      const q = new URLSearchParams({ u: decodeURIComponent(db.username), p: decodeURIComponent(db.password), d: db.pathname.slice(1) })
      env = {
        PORT: String(port),
        NC_DB: `pg://${db.hostname}:${db.port || 5432}?${q}`,
        NC_AUTH_JWT_SECRET: 'bench-secret',
        NC_ADMIN_EMAIL: ADMIN.email,
        NC_ADMIN_PASSWORD: ADMIN.password,
        NC_TOOL_DIR: data,
        NC_DISABLE_TELE: 'true',
        // An API token may send at most 100 records a call unless this is raised: W1 and W4 send 1,000.
        NC_DATA_PAYLOAD_LIMIT: '1000',
        NODE_ENV: 'production',
      }
      await this.start()
      const { token: jwt } = await json('POST', `${base()}/api/v1/auth/user/signin`, {}, ADMIN)
      headers = { 'xc-auth': jwt }
      const { token } = await api('POST', '/api/v1/tokens', { description: 'bench' })
      headers = { 'xc-token': token }
      const baseId = (await api('POST', '/api/v2/meta/bases', { title: 'bench' })).id
      const table = (title: string, columns: object[]) =>
        api('POST', `/api/v2/meta/bases/${baseId}/tables`, { table_name: title, title, columns: [{ column_name: 'id', title: 'Id', uidt: 'ID' }, ...columns] })
      const select = (title: string, options: string[]) => ({
        column_name: title,
        title,
        uidt: 'SingleSelect',
        colOptions: { options: options.map((o) => ({ title: o })) },
      })
      const customers = (await table('customers', [{ column_name: 'name', title: 'name', uidt: 'SingleLineText' }])).id
      orders = (
        await table('orders', [
          { column_name: 'name', title: 'name', uidt: 'SingleLineText' },
          { column_name: 'amount', title: 'amount', uidt: 'Number' },
          { column_name: 'due', title: 'due', uidt: 'Date', meta: { date_format: 'YYYY-MM-DD' } },
          select('status', STATUSES),
          select('phase', ['Open', 'Done']),
        ])
      ).id
      await api('POST', `/api/v2/meta/tables/${customers}/columns`, {
        title: 'orders',
        column_name: 'orders',
        uidt: 'Links',
        parentId: customers,
        childId: orders,
        type: 'hm',
      })
      const columns: { title: string; uidt: string; colOptions?: { type?: string } }[] = (await api('GET', `/api/v2/meta/tables/${orders}`)).columns
      link = columns.find((c) => (c.uidt === 'LinkToAnotherRecord' || c.uidt === 'Links') && c.colOptions?.type === 'bt')?.title ?? ''
      foreignKey = columns.find((c) => c.uidt === 'ForeignKey')?.title ?? ''
      if (!link || !foreignKey) throw new Error(`NocoDB: no belongs-to column on orders: ${JSON.stringify(columns.map((c) => [c.title, c.uidt]))}`)
      await api(
        'POST',
        `/api/v2/tables/${customers}/records`,
        Array.from({ length: CUSTOMERS }, (_, i) => ({ name: `Customer ${i}` })),
      )
    },
    async start() {
      const started = await spawnUntilReady(NODE22, [path.join(folder, 'launch.js')], { cwd: folder, env }, () => answers(`${base()}/api/v1/health`))
      running = started
      return started.ms
    },
    stop: async () => running?.stop(),
    pid: () => running.child.pid!,
    output: () => running.output(),
    async create(rows: Row[]) {
      const made = await api('POST', `/api/v2/tables/${orders}/records`, rows.map(sent))
      const created = made.map((r: { Id: number }) => r.Id)
      // Check once that the link was kept (read back as the linked customer).
      if (!linkChecked) {
        const first = await api('GET', `/api/v2/tables/${orders}/records/${created[0]}`)
        if (!first[link]) throw new Error(`NocoDB kept no link on a created record: ${JSON.stringify(first)}`)
        linkChecked = true
      }
      return created
    },
    // The table lives in a schema of the base's own; the link's key column is named as its title.
    bulk: (_from: number, rows: Row[]) =>
      withDatabase(databaseUrl, async (db) => {
        const schema = (await db.query(`select table_schema from information_schema.tables where table_name = 'orders' and table_schema <> 'public'`)).rows[0]
          .table_schema as string
        const table = `"${schema}".orders`
        const first = await db.query(`select name, amount::int, due::text, status, phase, "${foreignKey}", created_by from ${table} where name = $1`, [
          row(0).name,
        ])
        const { created_by: createdBy, ...firstStored } = first.rows[0]
        sameAsCreated('NocoDB', sent(row(0)), firstStored)
        const s = rows.map(sent)
        // As NocoDB writes a record: its creator, the time, and its place in the manual order (nc_order) equal to its id.
        const made = await db.query(
          `with r as (select nextval(pg_get_serial_sequence('${table}', 'id')) as id, u.*
                      from unnest($1::text[], $2::int[], $3::date[], $4::text[], $5::text[], $6::int[]) as u(name, amount, due, status, phase, fk))
           insert into ${table} (id, created_at, created_by, nc_order, name, amount, due, status, phase, "${foreignKey}")
           select id, (now() at time zone 'utc')::timestamp(0), $7, id, name, amount, due, status, phase, fk from r returning id`,
          [
            s.map((r) => r.name),
            s.map((r) => r.amount),
            s.map((r) => r.due),
            s.map((r) => r.status),
            s.map((r) => r.phase),
            s.map((r) => r[foreignKey]),
            createdBy,
          ],
        )
        return made.rows.map((r) => Number(r.id)).sort((a, b) => a - b)
      }),
    readHttp: (id: Id) => api('GET', `/api/v2/tables/${orders}/records/${id}`),
    socketReaders: async () => 'n/a: NocoDB has no API over a socket (REST only)',
    async page(which: Page) {
      const q = `where=${encodeURIComponent(WHERE[which])}&sort=-due,-Id&limit=50`
      return (await api('GET', `/api/v2/tables/${orders}/records?${q}`)).list.length
    },
    async update(ids: Id[], amount: number) {
      await api(
        'PATCH',
        `/api/v2/tables/${orders}/records`,
        ids.map((Id) => ({ Id, amount })),
      )
    },
    listeners: async () => 'n/a: NocoDB has no documented API that pushes record changes to clients (webhooks only)',
  }
}
