/**
 * POST /files with a 1 GiB archive of 100 files (BENCH_ARCHIVE_FILES x BENCH_ARCHIVE_FILE_MIB):
 * peak resident memory growth of the server process tree while the zip streams (goal < 100 MiB),
 * and the archive's throughput against reading the same 100 files from FILES_DIR and against
 * GET /file/:id of each (the HTTP path without the zip), in the same run.
 *   npx tsx scripts/bench/archive.ts
 */
import fs from 'node:fs'
import path from 'node:path'
import { startServer } from '../../spec/helpers/server'
import { signedIn } from '../../spec/helpers/users'
import { treeRss, uploadFiles } from './files'

const FILES = Number(process.env.BENCH_ARCHIVE_FILES ?? 100)
const FILE_BYTES = Math.round(Number(process.env.BENCH_ARCHIVE_FILE_MIB ?? 10.24) * 1024 * 1024)
const MiB = 1024 * 1024

async function drain(body: ReadableStream<Uint8Array>): Promise<number> {
  let bytes = 0
  const reader = body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return bytes
    bytes += value.byteLength
  }
}

async function main() {
  const server = await startServer({}, 120_000)
  const me = await signedIn('bench', server.wsUrl)
  try {
    const ids = await uploadFiles(server.url, me.key, FILES, FILE_BYTES)
    const filesDir = path.join(server.dataDir, 'files')
    const paths = ids.map((id) => path.join(filesDir, id.slice(0, 2), id))
    const total = FILES * FILE_BYTES

    // reading the same files from disk (warm cache, like the server will see)
    let t = performance.now()
    let diskBytes = 0
    for (const p of paths) for await (const c of fs.createReadStream(p, { highWaterMark: 256 * 1024 })) diskBytes += (c as Buffer).length
    const diskMs = performance.now() - t

    // the same bytes through GET /file/:id one by one (the HTTP path without the zip)
    t = performance.now()
    let plainBytes = 0
    for (const id of ids) plainBytes += await drain((await fetch(`${server.url}/file/${id}?dl=1`, { headers: { hlrkey: me.key } })).body!)
    const plainMs = performance.now() - t

    const before = treeRss(server.child.pid!)
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, treeRss(server.child.pid!))), 50)
    t = performance.now()
    const res = await fetch(`${server.url}/files`, {
      method: 'POST',
      headers: { hlrkey: me.key, 'content-type': 'application/json' },
      body: JSON.stringify({ fileIds: ids, archiveName: 'bench' }),
    })
    if (res.status !== 200) throw new Error(`archive: ${res.status} ${await res.text()}`)
    const zipBytes = await drain(res.body!)
    const zipMs = performance.now() - t
    clearInterval(sampler)
    peak = Math.max(peak, treeRss(server.child.pid!))

    const growth = (peak - before) / MiB
    const zipRate = total / MiB / (zipMs / 1000)
    const diskRate = diskBytes / MiB / (diskMs / 1000)
    console.log(`files: ${FILES} x ${(FILE_BYTES / MiB).toFixed(2)} MiB = ${(total / MiB).toFixed(0)} MiB; zip ${(zipBytes / MiB).toFixed(1)} MiB`)
    console.log(`server RSS before ${(before / MiB).toFixed(1)} MiB, peak ${(peak / MiB).toFixed(1)} MiB, growth ${growth.toFixed(1)} MiB (goal < 100)`)
    console.log(
      `POST /files: ${zipRate.toFixed(0)} MiB/s in ${(zipMs / 1000).toFixed(2)} s; disk read: ${diskRate.toFixed(0)} MiB/s; ratio ${(zipRate / diskRate).toFixed(2)}`,
    )
    console.log(`GET /file/:id x ${FILES}: ${(plainBytes / MiB / (plainMs / 1000)).toFixed(0)} MiB/s (the same bytes without the zip)`)
    if (growth >= 100) process.exitCode = 1
  } finally {
    await me.client.close()
    await server.stop()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
