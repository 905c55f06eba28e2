/**
 * The server in bench:peers: started as `npm start` runs it (spec/helpers/server.ts) on the shared
 * PostgreSQL cluster; a workspace owner, a Customers workflow of 100 activities and an Orders
 * workflow with phases Open and Done and fields Amount (numeric), Due (date), Status
 * (textpredefinedoptions) and Customer (activitylink to Customers). Calls go over one socket (the
 * client's transport) or the HTTP mirror (POST /api/<operation>).
 */
import { open } from '../direct'
import { bulkId, insertActivities, type StoredActivity } from '../list-data'
import { allHeard, openMany, type Listener } from '../listeners'
import { startServer, type RunningServer } from '../../../spec/helpers/server'
import { newPhaseId } from '../../../spec/helpers/workflows'
import { CUSTOMERS, STATUSES, row, sameAsCreated, withDatabase, type Id, type Page, type Product, type Row } from './product'

type Call = (op: string, ...args: unknown[]) => Promise<any>

export function ours(databaseUrl: string): Product {
  let server: RunningServer
  let key = ''
  let call: Call
  let closeOwner = () => {}
  let orders = ''
  let phases = { Open: '', Done: '' }
  let fields = { amount: '', due: '', status: '', customer: '' }
  let teamId = ''
  let customers: string[] = []

  const signIn = async () => {
    const owner = await open(server.wsUrl, key)
    call = owner.call
    closeOwner = () => owner.ws.close()
  }

  const PAGE_ARGS: Record<Page, () => object> = {
    'phase + select': () => ({ phaseId: phases.Open, fields: { [fields.status]: 's3' } }),
    'select, no phase': () => ({ fields: { [fields.status]: 's3' } }),
    'name search': () => ({ search: 'red' }),
  }

  return {
    name: 'server',
    async start() {
      const t = performance.now()
      server = await startServer({ DATABASE_URL: databaseUrl, WS_MAX_CONNECTIONS: '10000', WS_MESSAGES_PER_SECOND: '1000000' }, 300_000)
      const ms = performance.now() - t
      if (key) await signIn()
      return ms
    },
    async stop() {
      closeOwner()
      await server?.stop()
    },
    pid: () => server.child.pid!,
    output: () => server.output(),
    async prepare() {
      await this.start()
      const anon = await open(server.wsUrl)
      const email = `bench.${Date.now()}@example.test`
      await anon.call('v2.user.register', { email, firstname: 'B', lastname: 'B', password: 'bench password' })
      key = await anon.call('login', email, 'bench password')
      anon.ws.close()
      await signIn()
      teamId = (await call('company.new_team', { name: 'Crew' }))._id
      /** A workflow with the named phases; returns its id and the phases' ids. */
      const workflow = async (name: string, phaseNames: string[]) => {
        const id = (await call('process.create', { name }))._id as string
        const ids = phaseNames.map(() => newPhaseId())
        await call('process.set_info', id, { phases: Object.fromEntries(ids.map((p, i) => [p, { name: phaseNames[i] }])), phasesOrder: ids })
        return { id, phases: ids }
      }
      const customerWf = (await workflow('Customers', ['Active'])).id
      const made = await call(
        'v3.activity.createMany',
        customerWf,
        Array.from({ length: CUSTOMERS }, (_, i) => ({ name: `Customer ${i}` })),
        { teamId },
      )
      customers = made.map((a: string | { _id: string }) => (typeof a === 'string' ? a : a._id))
      const orderWf = await workflow('Orders', ['Open', 'Done'])
      orders = orderWf.id
      phases = { Open: orderWf.phases[0], Done: orderWf.phases[1] }
      const field = async (label: string, type: string, data?: unknown) => (await call('process.create_field', orders, { label, type, data }))._id as string
      fields = {
        amount: await field('Amount', 'numeric'),
        due: await field('Due', 'date'),
        status: await field('Status', 'textpredefinedoptions', STATUSES),
        customer: await field('Customer', 'activitylink', [customerWf]),
      }
    },
    async create(rows: Row[]) {
      const input = rows.map((r) => ({
        name: r.name,
        phaseId: phases[r.phase],
        fields: { [fields.amount]: r.amount, [fields.due]: r.due, [fields.status]: r.status, [fields.customer]: [customers[r.customer]] },
      }))
      const made = await call('v3.activity.createMany', orders, input, { teamId })
      return made.map((a: string | { _id: string }) => (typeof a === 'string' ? a : a._id))
    },
    async bulk(from: number, rows: Row[]) {
      // What create stores for a row: a date as its epoch milliseconds, a link as the ids it names.
      const stored = (r: Row) => ({
        [fields.amount]: r.amount,
        [fields.due]: Date.parse(r.due),
        [fields.status]: r.status,
        [fields.customer]: [customers[r.customer]],
      })
      return withDatabase(databaseUrl, async (db) => {
        const q = async (sql: string, params: unknown[]) => (await db.query(sql, params)).rows[0]
        const first = await q('select cid, uid, fields from activities where process_id = $1 and name = $2', [orders, row(0).name])
        sameAsCreated('server', stored(row(0)), first.fields)
        const last = await q(
          `select max(a.created)::bigint as created, (p.info->>'createdActivities')::bigint as sequence
           from processes p join activities a on a.cid = p.cid and a.process_id = p._id where p._id = $1 group by p.info`,
          [orders],
        )
        const activities: StoredActivity[] = rows.map((r, k) => ({
          _id: bulkId({ processId: orders }, from + k),
          name: r.name,
          phaseId: phases[r.phase],
          fields: stored(r),
          links: [{ fieldId: fields.customer, toId: customers[r.customer] }],
          sequence: Number(last.sequence) + 1 + k,
          // After every record before it, a millisecond apart, as the pages sort by creation.
          created: Number(last.created) + 1 + k,
        }))
        await insertActivities(
          { query: (t, p) => db.query(t, p as unknown[]), close: async () => {} },
          { cid: first.cid, uid: first.uid, teamId, processId: orders },
          activities,
        )
        return activities.map((a) => a._id)
      })
    },
    async readHttp(id: Id) {
      const res = await fetch(`${server.url}/api/v3.activity.get`, {
        method: 'POST',
        headers: { hlrkey: key, 'content-type': 'application/json' },
        body: JSON.stringify([id]),
      })
      if (!res.ok) throw new Error(`v3.activity.get over HTTP: ${res.status} ${await res.text()}`)
      return res.json()
    },
    async socketReaders(n: number) {
      const sockets = await Promise.all(Array.from({ length: n }, () => open(server.wsUrl, key)))
      return {
        read: (client: number, id: Id) => sockets[client].call('v3.activity.get', id),
        close: () => sockets.forEach((s) => s.ws.close()),
      }
    },
    async page(which: Page) {
      const page = await call('v3.activity.list', { processId: orders, limit: 50, sort: 'created', order: 'desc', ...PAGE_ARGS[which]() })
      return page.activities.length
    },
    async update(ids: Id[], amount: number) {
      await call(
        'v3.activity.updateMany',
        ids.map((_id) => ({ _id, fields: { [fields.amount]: amount } })),
      )
    },
    // Every signed-in socket of the workspace hears the activity's change signal: no subscription to make.
    async listeners(n: number, id: Id) {
      const all: Listener[] = await openMany(server.wsUrl, n, { key })
      let amount = 0
      return {
        change: () => call('v3.activity.updateMany', [{ _id: id, fields: { [fields.amount]: ++amount } }]),
        heard: (count: number) => allHeard(all, count),
        close: () => all.forEach((l) => l.ws.close()),
      }
    },
  }
}
