/**
 * v3.user.data.export of a workspace holding 1 GiB of files (BENCH_EXPORT_FILES x
 * BENCH_EXPORT_FILE_MIB): peak resident memory growth of the server process tree while the
 * archive is written (goal < 100 MiB), and the export's throughput against reading the same files
 * from FILES_DIR in the same run.
 *   npm run bench:export
 */
import fs from 'node:fs'
import path from 'node:path'
import { startServer } from '../../spec/helpers/server'
import { signedIn } from '../../spec/helpers/users'
import { treeRss, uploadFiles } from './files'

const FILES = Number(process.env.BENCH_EXPORT_FILES ?? 100)
const FILE_BYTES = Math.round(Number(process.env.BENCH_EXPORT_FILE_MIB ?? 10.24) * 1024 * 1024)
const MiB = 1024 * 1024

async function main() {
  const server = await startServer({}, 120_000)
  const me = await signedIn('bench', server.wsUrl)
  try {
    const ids = await uploadFiles(server.url, me.key, FILES, FILE_BYTES)
    const filesDir = path.join(server.dataDir, 'files')
    let t = performance.now()
    let diskBytes = 0
    for (const id of ids)
      for await (const c of fs.createReadStream(path.join(filesDir, id.slice(0, 2), id), { highWaterMark: 256 * 1024 })) diskBytes += (c as Buffer).length
    const diskMs = performance.now() - t

    const before = treeRss(server.child.pid!)
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, treeRss(server.child.pid!))), 50)
    t = performance.now()
    const job = await me.client.call('v3.user.data.export', [me.cid])
    let state = job
    while (state.state === 'running') {
      await new Promise((r) => setTimeout(r, 100))
      state = await me.client.call('v3.user.data.job', job._id)
    }
    const exportMs = performance.now() - t
    clearInterval(sampler)
    peak = Math.max(peak, treeRss(server.child.pid!))
    if (state.state !== 'finished') throw new Error(`export ${state.state}: ${state.error}`)

    const growth = (peak - before) / MiB
    const exportRate = diskBytes / MiB / (exportMs / 1000)
    const diskRate = diskBytes / MiB / (diskMs / 1000)
    console.log(
      `files: ${FILES} x ${(FILE_BYTES / MiB).toFixed(2)} MiB = ${(diskBytes / MiB).toFixed(0)} MiB; archive ${(state.result.size / MiB).toFixed(1)} MiB`,
    )
    console.log(`server RSS before ${(before / MiB).toFixed(1)} MiB, peak ${(peak / MiB).toFixed(1)} MiB, growth ${growth.toFixed(1)} MiB (goal < 100)`)
    console.log(
      `export: ${exportRate.toFixed(0)} MiB/s in ${(exportMs / 1000).toFixed(2)} s; disk read: ${diskRate.toFixed(0)} MiB/s; ratio ${(exportRate / diskRate).toFixed(2)}`,
    )
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
