/**
 * The server side by side with Directus and NocoDB (issue 27, point 1): the same data (product.ts:
 * records with a name, a number, a date, a single-select, a phase and a link), one PostgreSQL
 * cluster with a database per product, calls from this process over loopback, interleaved (each
 * batch, round or call goes to the server, then Directus, then NocoDB, and again), medians.
 *   W1 bulk create: the records loaded in calls of 1,000; the first 10,000 are measured.
 *   W2 read one record by id with 64 clients: 64 sockets, and 64 HTTP requests in flight.
 *   W3 a page of 50 newest first: status s3 in phase Open; status s3 in any phase; names with "red".
 *   W4 update 1,000 records in one call.
 *   W5 one change heard by PEERS_SOCKETS sockets, and the memory each idle socket holds after a forced GC
 *      (JavaScript heap and resident memory; product.ts `afterForcedGc`).
 *   W6 cold start (spawn to ready, on the loaded database) and resident memory 5 s later.
 * Ratios are the server's speed over the peer's (peer time / server time, or server rate / peer rate):
 * above 1 the server is ahead. The machine's load average is printed with each workload.
 * Each peer runs under Node 22 from the cache folder (setup.ts); the server under this Node.
 *   npm run bench:peers
 *   PEERS_RECORDS=10000 PEERS_WORKLOADS=W1,W3 PEERS_PRODUCTS=server,directus npm run bench:peers
 */
import os from 'node:os'
import { directus } from './directus'
import { nocodb } from './nocodb'
import { ours } from './ours'
import { afterForcedGc, INSPECT_ON_SIGNAL, PAGES, row, rss, sleep, withDatabase, type Id, type Listeners, type Product } from './product'
import { install, startCluster, VERSIONS } from './setup'

const RECORDS = Number(process.env.PEERS_RECORDS ?? 100_000)
/** Records loaded through each product's API; the rest are written straight into its tables (`bulk`), BULK at a time. */
const API_RECORDS = Math.min(RECORDS, Number(process.env.PEERS_API_RECORDS ?? RECORDS))
const BULK = 50_000
const ROUNDS = Number(process.env.PEERS_ROUNDS ?? 5)
const READS = Number(process.env.PEERS_READS ?? 2000)
const CLIENTS = 64
const PAGE_CALLS = Number(process.env.PEERS_PAGE_CALLS ?? 10)
const SOCKETS = Number(process.env.PEERS_SOCKETS ?? 1000)
const STARTS = Number(process.env.PEERS_STARTS ?? 3)
const BATCH = 1000
const MEASURED_CREATES = 10_000
const WORKLOADS = new Set((process.env.PEERS_WORKLOADS ?? 'W1,W2,W3,W4,W5,W6').split(',').map((w) => w.trim().toUpperCase()))
const PRODUCTS = (process.env.PEERS_PRODUCTS ?? 'server,directus,nocodb').split(',').map((p) => p.trim().toLowerCase())

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`

/** One figure per product (or why there is none), printed with the ratio of the server's figure to each peer's. */
function report(title: string, unit: string, figures: Map<string, number[] | string>, higherIsBetter: boolean, digits = 1) {
  console.log(`\n${title} (load ${load()})`)
  const server = figures.get('server')
  const serverMedian = Array.isArray(server) && server.length ? median(server) : undefined
  for (const [name, f] of figures) {
    if (typeof f === 'string') {
      console.log(`  ${name.padEnd(9)} ${f}`)
      continue
    }
    const m = median(f)
    const ratio = name === 'server' || serverMedian === undefined ? '' : `  ratio ${(higherIsBetter ? serverMedian / m : m / serverMedian).toFixed(2)}`
    console.log(`  ${name.padEnd(9)} ${m.toFixed(digits)} ${unit} (median of ${f.length}: ${f.map((x) => x.toFixed(digits)).join(', ')})${ratio}`)
  }
}

const perProduct = (products: Product[]) => new Map<string, number[] | string>(products.map((p) => [p.name, []]))
const push = (m: Map<string, number[] | string>, name: string, x: number) => (m.get(name) as number[]).push(x)

/** Calls per second of `read` with CLIENTS in flight, over READS calls. */
async function rate(read: (client: number, i: number) => Promise<unknown>) {
  let sent = 0
  const t = performance.now()
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      while (sent < READS) await read(client, sent++)
    }),
  )
  return READS / ((performance.now() - t) / 1000)
}

async function main() {
  // Every product (and each command that prepares one) runs with it: W5 forces a collection in each.
  process.env.NODE_OPTIONS = [process.env.NODE_OPTIONS, INSPECT_ON_SIGNAL].filter(Boolean).join(' ')
  console.log(`bench:peers ${new Date().toISOString()}, ${RECORDS} records, ${ROUNDS} rounds, workloads ${[...WORKLOADS].join(' ')}`)
  console.log(
    `Directus ${VERSIONS.directus} and NocoDB ${VERSIONS.nocodb} under Node ${VERSIONS.node}; the server under Node ${process.versions.node}; ${os.cpus().length} cores`,
  )
  install(PRODUCTS.filter((p): p is 'directus' | 'nocodb' => p !== 'server'))
  const cluster = await startCluster()
  const makers = { server: ours, directus, nocodb }
  const products: Product[] = []
  const databases: string[] = []
  for (const name of PRODUCTS) {
    databases.push(await cluster.database(`peers_${name}`))
    products.push(makers[name as keyof typeof makers](databases.at(-1)!))
  }
  try {
    for (const p of products) {
      console.log(`preparing ${p.name}`)
      await p.prepare()
    }

    // W1 and the data: calls of 1,000, interleaved.
    const ids = new Map<string, Id[]>(products.map((p) => [p.name, []]))
    const creates = perProduct(products)
    for (let from = 0; from < API_RECORDS; from += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, API_RECORDS - from) }, (_, k) => row(from + k))
      for (const p of products) {
        const t = performance.now()
        ids.get(p.name)!.push(...(await p.create(rows)))
        if (from < MEASURED_CREATES) push(creates, p.name, performance.now() - t)
      }
      if ((from + BATCH) % 10_000 === 0) console.log(`  loaded ${from + BATCH} (load ${load()})`)
    }
    if (API_RECORDS < RECORDS) {
      for (let from = API_RECORDS; from < RECORDS; from += BULK) {
        const rows = Array.from({ length: Math.min(BULK, RECORDS - from) }, (_, k) => row(from + k))
        for (const p of products) ids.get(p.name)!.push(...(await p.bulk(from, rows)))
        console.log(`  written ${Math.min(from + BULK, RECORDS)} (load ${load()})`)
      }
      // Each product reads the last record written as the one named so.
      for (const p of products) {
        const last = JSON.stringify(await p.readHttp(ids.get(p.name)!.at(-1)!))
        if (!last.includes(row(RECORDS - 1).name)) throw new Error(`${p.name}: the last record written reads as ${last.slice(0, 500)}`)
      }
      // Statistics as autovacuum would have gathered them after loading through the API.
      for (const url of databases) await withDatabase(url, (db) => db.query('analyze'))
    }
    for (const p of products) if (ids.get(p.name)!.length !== RECORDS) throw new Error(`${p.name} created ${ids.get(p.name)!.length} of ${RECORDS}`)
    if (WORKLOADS.has('W1')) report(`W1 create 1,000 records in one call (first ${Math.min(RECORDS, MEASURED_CREATES)})`, 'ms', creates, false)

    const pick = (name: string, i: number) => {
      const all = ids.get(name)!
      return all[(i * 7919) % all.length]
    }
    if (WORKLOADS.has('W2')) {
      const http = perProduct(products)
      const socket = perProduct(products)
      const readers = new Map(await Promise.all(products.map(async (p) => [p.name, await p.socketReaders(CLIENTS)] as const)))
      for (const [name, r] of readers) if (typeof r === 'string') socket.set(name, r)
      for (let round = 0; round < ROUNDS; round++) {
        for (const p of products) {
          push(http, p.name, await rate((_, i) => p.readHttp(pick(p.name, round * READS + i))))
          const r = readers.get(p.name)!
          if (typeof r !== 'string') push(socket, p.name, await rate((client, i) => r.read(client, pick(p.name, round * READS + i))))
        }
      }
      for (const r of readers.values()) if (typeof r !== 'string') r.close()
      report(`W2 read one record by id, ${CLIENTS} clients, HTTP`, 'calls/s', http, true, 0)
      report(`W2 read one record by id, ${CLIENTS} sockets`, 'calls/s', socket, true, 0)
    }

    if (WORKLOADS.has('W3')) {
      for (const which of PAGES) {
        const pages = perProduct(products)
        for (let round = 0; round < ROUNDS; round++)
          for (let call = 0; call < PAGE_CALLS; call++)
            for (const p of products) {
              const t = performance.now()
              const n = await p.page(which)
              if (n !== 50) throw new Error(`${p.name}: page "${which}" has ${n} records`)
              if (call > 0) push(pages, p.name, performance.now() - t)
            }
        report(`W3 page of 50, ${which}, at ${RECORDS} records`, 'ms', pages, false, 2)
      }
    }

    if (WORKLOADS.has('W4')) {
      const updates = perProduct(products)
      for (let round = 0; round < ROUNDS; round++)
        for (const p of products) {
          const chosen = Array.from({ length: BATCH }, (_, k) => pick(p.name, round * BATCH + k))
          const t = performance.now()
          await p.update(chosen, 1000 + round)
          push(updates, p.name, performance.now() - t)
        }
      report('W4 update 1,000 records in one call', 'ms', updates, false)
    }

    if (WORKLOADS.has('W5')) {
      const heard = perProduct(products)
      const heapPerSocket = perProduct(products)
      const rssPerSocket = perProduct(products)
      const nativePerSocket = perProduct(products)
      const open = new Map<string, Listeners>()
      for (const p of products) {
        // Once first, then closed: what the process keeps from connecting 1,000 sockets at all (its
        // heap grown to the burst, code compiled) is not counted as what each open socket holds.
        const warm = await p.listeners(SOCKETS, pick(p.name, 1))
        if (typeof warm === 'string') {
          for (const figures of [heard, heapPerSocket, rssPerSocket, nativePerSocket]) figures.set(p.name, warm)
          continue
        }
        warm.close()
        await sleep(3000)
        const before = await afterForcedGc(p.pid(), () => p.output())
        const l = (await p.listeners(SOCKETS, pick(p.name, 1))) as Listeners
        await sleep(3000)
        const after = await afterForcedGc(p.pid(), () => p.output())
        push(heapPerSocket, p.name, (after.heap - before.heap) / SOCKETS / 1024)
        push(rssPerSocket, p.name, (after.rss - before.rss) / SOCKETS / 1024)
        push(nativePerSocket, p.name, (after.native - before.native) / SOCKETS / 1024)
        open.set(p.name, l)
      }
      for (let round = 1; round <= ROUNDS; round++)
        for (const p of products) {
          const l = open.get(p.name)
          if (!l) continue
          const t = process.hrtime.bigint()
          await l.change()
          push(heard, p.name, Number((await l.heard(round)) - t) / 1e6)
        }
      for (const l of open.values()) l.close()
      report(`W5 one change heard by ${SOCKETS} sockets`, 'ms', heard, false)
      report('W5 JavaScript heap per idle socket (growth after a forced GC / sockets)', 'KiB', heapPerSocket, false)
      report('W5 resident memory per idle socket (growth after a forced GC / sockets)', 'KiB', rssPerSocket, false)
      report('W5 resident memory outside the JavaScript heap per idle socket (rss - heapTotal)', 'KiB', nativePerSocket, false)
    }

    if (WORKLOADS.has('W6')) {
      const starts = perProduct(products)
      const memory = perProduct(products)
      for (let round = 0; round < STARTS; round++)
        for (const p of products) {
          await p.stop()
          push(starts, p.name, await p.start())
          await sleep(5000)
          push(memory, p.name, rss(p.pid()) / 2 ** 20)
        }
      report(`W6 cold start, spawn to ready, at ${RECORDS} records`, 'ms', starts, false, 0)
      report('W6 idle resident memory 5 s after start', 'MiB', memory, false, 0)
    }
    console.log(`\ndone ${new Date().toISOString()} (load ${load()}); resident memory now: ${products.map((p) => `${p.name} ${mib(rss(p.pid()))}`).join(', ')}`)
  } finally {
    for (const p of products) await p.stop().catch(() => {})
    cluster.stop()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
