/**
 * Image renditions. Each size of the interface has a pixel box: the squares are cover-cropped to
 * exactly N x N (centre); the others fit inside their box, keeping the aspect ratio and never
 * enlarging; `original` keeps the image's own dimensions. Renditions are JPEG (default, quality
 * 85, transparency flattened on white) or PNG, auto-rotated by their EXIF orientation, rendered
 * once and stored with the file's bytes (./file-storage.ts: renditions/<fileId>/<size>.<format>),
 * removed with them.
 * sharp's `limitInputPixels` (IMAGE_MAX_PIXELS) refuses decompression bombs, and an image whose
 * pixels would take more than IMAGE_MAX_DECODED_BYTES of memory is refused before it is decoded.
 */
import { randomBytes } from 'node:crypto'
import fsp from 'node:fs/promises'
import path from 'node:path'
import type Sharp from 'sharp'
import type { Config } from '../config'
import type { FileRow } from '../db/files'
import { RpcError } from '../errors'
import { fileStorage, renditionName } from '.'
import { tmpDir } from './uploads'

export type ImageFormat = 'jpeg' | 'png'
export const IMAGE_FORMATS: ImageFormat[] = ['jpeg', 'png']

export interface ImageBox {
  width: number | null
  height: number | null
  fit: 'cover' | 'inside' | 'original'
}

/** The pixel box of every size of the interface. */
export const IMAGE_SIZES = {
  square25: { width: 25, height: 25, fit: 'cover' },
  square50: { width: 50, height: 50, fit: 'cover' },
  square75: { width: 75, height: 75, fit: 'cover' },
  square100: { width: 100, height: 100, fit: 'cover' },
  square200: { width: 200, height: 200, fit: 'cover' },
  profile: { width: 400, height: 400, fit: 'inside' },
  smallface: { width: 64, height: 64, fit: 'inside' },
  bigface: { width: 256, height: 256, fit: 'inside' },
  thumb: { width: 320, height: 240, fit: 'inside' },
  gallerycover: { width: 1024, height: 768, fit: 'inside' },
  fullhd: { width: 1920, height: 1080, fit: 'inside' },
  hires: { width: 3840, height: 2160, fit: 'inside' },
  lores: { width: 800, height: 600, fit: 'inside' },
  pdf: { width: 1240, height: 1754, fit: 'inside' },
  original: { width: null, height: null, fit: 'original' },
} as const satisfies Record<string, ImageBox>

export type ImageSize = keyof typeof IMAGE_SIZES
export const isImageSize = (s: unknown): s is ImageSize => typeof s === 'string' && Object.prototype.hasOwnProperty.call(IMAGE_SIZES, s)

/** The content types sharp decodes here. */
const DECODABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/tiff', 'image/avif', 'image/heif'])
export const isImageFile = (file: Pick<FileRow, 'content_type'>) => DECODABLE.has(file.content_type)

export interface Rendition {
  /** What it is stored as (./file-storage.ts). */
  name: string
  contentType: string
  /** Strong ETag: the stored bytes' sha256 with the size and format (a rendition never changes). */
  etag: string
  size: number
}

const MIME: Record<ImageFormat, string> = { jpeg: 'image/jpeg', png: 'image/png' }

/** sharp (a native library) loads on the first image, not at start: it costs a twentieth of start-up. */
let loaded: typeof Sharp | null = null
const sharp = (...args: Parameters<typeof Sharp>) => (loaded ??= require('sharp') as typeof Sharp)(...args)

/** Bytes of one sample in each band format sharp reports as `depth` (libvips' names). */
const SAMPLE_BYTES: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, complex: 8, double: 8, dpcomplex: 16 }

/**
 * The memory an image's pixels take once decoded, read from its header without decoding: width x
 * height x channels x bytes per sample. libvips streams most images through a resize, but decodes
 * some whole first (an interlaced PNG, a progressive JPEG), so the pixel count alone does not bound
 * the memory: a 16-bit RGBA pixel is 8 bytes.
 */
async function decodeCost(input: string | Buffer): Promise<{ pixels: number; bytes: number }> {
  const { width, height, channels, depth } = await sharp(input, { failOn: 'error' }).metadata()
  const pixels = (width ?? 0) * (height ?? 0)
  return { pixels, bytes: pixels * (channels ?? 4) * (SAMPLE_BYTES[depth ?? ''] ?? 8) }
}

const tooManyPixels = (config: Config) => new RpcError(413, `the image has more than ${config.imageMaxPixels} pixels (IMAGE_MAX_PIXELS)`)

/** The sharp pipeline of a size; the caller adds the output. */
export function imagePipeline(input: string | Buffer, size: ImageSize, format: ImageFormat, maxPixels: number) {
  const box: ImageBox = IMAGE_SIZES[size]
  let img = sharp(input, { limitInputPixels: maxPixels, failOn: 'error' }).rotate()
  if (box.fit === 'cover') img = img.resize(box.width!, box.height!, { fit: 'cover', position: 'centre' })
  else if (box.fit === 'inside') img = img.resize(box.width!, box.height!, { fit: 'inside', withoutEnlargement: true })
  return format === 'png' ? img.png() : img.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: false })
}

/**
 * The rendition of `file` at `size` in `format`, rendered on first use and stored with the file's
 * bytes (renditionName), so a rendition is made once for every server process of the store.
 * Throws RpcError 415 for a file that is not an image (or cannot be decoded), 413 for an image
 * above IMAGE_MAX_PIXELS or IMAGE_MAX_DECODED_BYTES.
 */
export async function renderImage(deps: { config: Config }, file: FileRow, size: ImageSize, format: ImageFormat = 'jpeg'): Promise<Rendition> {
  if (!isImageFile(file)) throw new RpcError(415, `the file is not an image (it is ${file.content_type}); images are JPEG, PNG, WebP, GIF, TIFF, AVIF or HEIF`)
  const { config } = deps
  const storage = fileStorage(config)
  const name = renditionName(file._id, size, format)
  const etag = `"${file.sha256.slice(0, 32)}-${size}-${format}"`
  const existing = await storage.stat(name)
  if (existing) return { name, contentType: MIME[format], etag, size: existing.size }
  await fsp.mkdir(tmpDir(config), { recursive: true })
  const tmp = path.join(tmpDir(config), `rendition-${randomBytes(12).toString('hex')}`)
  try {
    const info = await storage.withLocalPath(file._id, async (original) => {
      const { pixels, bytes } = await decodeCost(original)
      if (pixels > config.imageMaxPixels) throw tooManyPixels(config)
      if (bytes > config.imageMaxDecodedBytes) {
        throw new RpcError(413, `the image would take ${bytes} bytes of memory to decode, more than IMAGE_MAX_DECODED_BYTES (${config.imageMaxDecodedBytes})`, {
          maxBytes: config.imageMaxDecodedBytes,
        })
      }
      return imagePipeline(original, size, format, config.imageMaxPixels).toFile(tmp)
    })
    await storage.put(name, tmp)
    return { name, contentType: MIME[format], etag, size: info.size }
  } catch (err) {
    await fsp.rm(tmp, { force: true }).catch(() => {})
    const message = String((err as Error)?.message ?? err)
    if (/pixel limit/i.test(message)) throw tooManyPixels(config)
    if (err instanceof RpcError) throw err
    // fs says ENOENT; sharp says "Input file is missing: <the path>"
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || message.startsWith('Input file is missing')) throw new RpcError(404, 'file not found')
    throw new RpcError(415, `the file could not be decoded as an image: ${message.slice(0, 200)}`)
  }
}
