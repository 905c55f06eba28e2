/** GET /image/:size/:id and /public/image/:size/:id: every size's dimensions, formats, caching headers, 415/400/404. */
import zlib from 'node:zlib'
import sharp from 'sharp'
import { IMAGE_SIZES } from '../../server/storage/images'
import { signedIn, type SignedIn } from '../helpers/users'
import { get, PNG_1x1, uploadOk } from '../helpers/upload'

let me: SignedIn
let stranger: SignedIn
let photo: string
const W = 1000
const H = 800

beforeAll(async () => {
  me = await signedIn('imager')
  stranger = await signedIn('imgstranger')
  const bytes = await sharp({ create: { width: W, height: H, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .jpeg()
    .toBuffer()
  photo = await uploadOk(bytes, 'photo.jpg', { key: me.key })
})
afterAll(() => Promise.all([me.client.close(), stranger.client.close()]))

/** What each size must measure for a W x H picture. */
function expected(size: keyof typeof IMAGE_SIZES): { width: number; height: number } {
  const box = IMAGE_SIZES[size]
  if (box.fit === 'original') return { width: W, height: H }
  if (box.fit === 'cover') return { width: box.width, height: box.height }
  const scale = Math.min(box.width / W, box.height / H, 1)
  return { width: Math.round(W * scale), height: Math.round(H * scale) }
}

test.each(Object.keys(IMAGE_SIZES) as Array<keyof typeof IMAGE_SIZES>)('size %s has its pixel box (jpeg by default)', async (size) => {
  const res = await get(`/image/${size}/${photo}`, { key: me.key })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('image/jpeg')
  const meta = await sharp(res.bytes).metadata()
  expect(meta.format).toBe('jpeg')
  const want = expected(size)
  expect(Math.abs(meta.width! - want.width)).toBeLessThanOrEqual(1)
  expect(Math.abs(meta.height! - want.height)).toBeLessThanOrEqual(1)
})

test('format=png; renditions carry an ETag (304 on If-None-Match) and Cache-Control', async () => {
  const png = await get(`/image/square100/${photo}?format=png`, { key: me.key })
  expect(png.status).toBe(200)
  expect(png.headers.get('content-type')).toBe('image/png')
  expect(await sharp(png.bytes).metadata()).toMatchObject({ format: 'png', width: 100, height: 100 })
  const etag = png.headers.get('etag')!
  expect(etag).toMatch(/^"[0-9a-f]+-square100-png"$/)
  expect(png.headers.get('cache-control')).toBe('private, max-age=3600')
  const again = await get(`/image/square100/${photo}?format=png`, { key: me.key })
  expect(again.headers.get('etag')).toBe(etag)
  expect(again.bytes.equals(png.bytes)).toBe(true)
  const unchanged = await get(`/image/square100/${photo}?format=png`, { key: me.key, headers: { 'if-none-match': etag } })
  expect(unchanged.status).toBe(304)
  expect((await get(`/image/square100/${photo}?format=gif`, { key: me.key })).status).toBe(400)
})

test('unknown size 400, not an image 415, no session 401, not readable 404', async () => {
  const unknown = await get(`/image/huge/${photo}`, { key: me.key })
  expect(unknown.status).toBe(400)
  expect(JSON.parse(unknown.bytes.toString()).msg).toMatch(/unknown image size/)
  const text = await uploadOk(Buffer.from('just text'), 'note.png', { key: me.key, type: 'image/png' })
  const notImage = await get(`/image/thumb/${text}`, { key: me.key })
  expect(notImage.status).toBe(415)
  expect(JSON.parse(notImage.bytes.toString())).toMatchObject({ code: 415, msg: expect.stringMatching(/not an image/) })
  expect((await get(`/image/thumb/${photo}`)).status).toBe(401)
  expect((await get(`/image/thumb/${photo}`, { key: stranger.key })).status).toBe(404)
})

test('an image above IMAGE_MAX_PIXELS is refused with 413 (decompression bomb)', async () => {
  // a 1x1 PNG whose header claims 30000 x 30000 pixels
  const bomb = Buffer.from(PNG_1x1)
  bomb.writeUInt32BE(30000, 16)
  bomb.writeUInt32BE(30000, 20)
  bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)) >>> 0, 29)
  const id = await uploadOk(bomb, 'bomb.png', { key: me.key })
  const res = await get(`/image/thumb/${id}`, { key: me.key })
  expect(res.status).toBe(413)
  expect(JSON.parse(res.bytes.toString()).msg).toMatch(/IMAGE_MAX_PIXELS/)
})

test('public images: 404 until the file is marked public, then served without a session', async () => {
  expect((await get(`/public/image/square50/${photo}`)).status).toBe(404)
  await me.client.call('v3.file.setPublic', photo, true)
  const open = await get(`/public/image/square50/${photo}`)
  expect(open.status).toBe(200)
  expect(open.headers.get('cache-control')).toBe('public, max-age=3600')
  expect(await sharp(open.bytes).metadata()).toMatchObject({ width: 50, height: 50 })
  await me.client.call('v3.file.setPublic', photo, false)
  expect((await get(`/public/image/square50/${photo}`)).status).toBe(404)
})
