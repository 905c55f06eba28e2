/**
 * Images: the first render of each size through GET /image/:size/:id against calling sharp directly
 * on the same stored file (same pipeline), and serving the cached rendition against serving the
 * stored file itself (GET /file/:id), in the same run.
 *   npx tsx scripts/bench/images.ts
 */
import path from 'node:path'
import sharp from 'sharp'
import { imagePipeline, IMAGE_SIZES, type ImageSize } from '../../server/storage/images'
import { startServer } from '../../spec/helpers/server'
import { signedIn } from '../../spec/helpers/users'

const WIDTH = Number(process.env.BENCH_IMAGE_WIDTH ?? 4000)
const HEIGHT = Number(process.env.BENCH_IMAGE_HEIGHT ?? 3000)
const CACHED_ROUNDS = Number(process.env.BENCH_IMAGE_ROUNDS ?? 200)

async function main() {
  const server = await startServer({}, 120_000)
  const me = await signedIn('benchimg', server.wsUrl)
  try {
    // a noisy photo-like JPEG (noise defeats trivial compression)
    const raw = Buffer.alloc(WIDTH * HEIGHT * 3)
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24
    const jpeg = await sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(jpeg)]), 'photo.jpg')
    const up = await fetch(`${server.url}/upload`, { method: 'POST', headers: { hlrkey: me.key }, body: form })
    const id = (await up.json())._id as string
    const stored = path.join(server.dataDir, 'files', id.slice(0, 2), id)
    console.log(`image ${WIDTH}x${HEIGHT}, ${(jpeg.length / 1024 / 1024).toFixed(2)} MiB JPEG`)

    const get = async (p: string) => {
      const res = await fetch(`${server.url}${p}`, { headers: { hlrkey: me.key } })
      if (res.status !== 200) throw new Error(`${p}: ${res.status}`)
      return Buffer.from(await res.arrayBuffer()).length
    }
    let serverMs = 0
    let sharpMs = 0
    console.log('size           first render (route)   sharp directly')
    for (const size of Object.keys(IMAGE_SIZES) as ImageSize[]) {
      let t = performance.now()
      await get(`/image/${size}/${id}`)
      const routeMs = performance.now() - t
      t = performance.now()
      await imagePipeline(stored, size, 'jpeg', 100_000_000).toBuffer()
      const directMs = performance.now() - t
      serverMs += routeMs
      sharpMs += directMs
      console.log(`${size.padEnd(14)} ${routeMs.toFixed(0).padStart(8)} ms ${directMs.toFixed(0).padStart(18)} ms`)
    }
    console.log(`all sizes: route ${serverMs.toFixed(0)} ms, sharp directly ${sharpMs.toFixed(0)} ms, ratio ${(serverMs / sharpMs).toFixed(2)}`)

    const rate = async (p: string) => {
      await get(p)
      const t = performance.now()
      let bytes = 0
      for (let i = 0; i < CACHED_ROUNDS; i++) bytes += await get(p)
      const ms = performance.now() - t
      return { perSecond: CACHED_ROUNDS / (ms / 1000), bytes: bytes / CACHED_ROUNDS }
    }
    const cached = await rate(`/image/thumb/${id}`)
    const cachedBig = await rate(`/image/original/${id}`)
    const plain = await rate(`/file/${id}`)
    console.log(`cached thumb:    ${cached.perSecond.toFixed(0)} req/s (${(cached.bytes / 1024).toFixed(0)} KiB each)`)
    console.log(`cached original: ${cachedBig.perSecond.toFixed(0)} req/s (${(cachedBig.bytes / 1024).toFixed(0)} KiB each)`)
    console.log(`stored file:     ${plain.perSecond.toFixed(0)} req/s (${(plain.bytes / 1024).toFixed(0)} KiB each) via GET /file/:id`)
  } finally {
    await me.client.close()
    await server.stop()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
