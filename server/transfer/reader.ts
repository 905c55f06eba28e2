/**
 * Reads an export archive from disk entry by entry (yauzl), never the whole archive at once, and
 * checks every entry against the manifest's sha256 as it is read: a changed or truncated archive
 * fails before its import commits.
 *
 * An archive comes from whoever runs the server an import pulls from, so it is read within bounds
 * (docs/security.md, "Archives and images"), each checked before or while the bytes arrive:
 * - at most IMPORT_MAX_ENTRIES entries (each costs memory while the archive is open);
 * - their sizes, as the archive declares them, add up to at most IMPORT_MAX_UNPACKED_BYTES, and no
 *   entry unpacks to more than it declares: yauzl counts each entry's bytes as they inflate
 *   (validateEntrySizes), so a header that understates an entry fails at the first byte beyond it;
 * - a line of a JSON Lines entry, and manifest.json, hold at most IMPORT_MAX_LINE_BYTES.
 * Beyond a bound: 413; an archive that is not what it claims: 422.
 */
import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import yauzl from 'yauzl'
import type { Config } from '../config'
import { refused, RpcError } from '../errors'
import { own } from '../safe-keys'
import { boundedLines } from './lines'
import { FORMAT, FORMAT_VERSION, type Manifest } from './manifest'

export type ArchiveLimits = Pick<Config, 'importMaxEntries' | 'importMaxUnpackedBytes' | 'importMaxLineBytes'>

export interface Archive {
  manifest: Manifest
  has(name: string): boolean
  /** The parsed lines of a JSON Lines entry, checked against its checksum when the last is read. */
  lines(name: string): AsyncGenerator<Record<string, unknown>>
  /** An entry's bytes as they unpack, with the sha256 they hashed to once fully read (checked against the manifest's). */
  open(name: string): Promise<{ chunks: AsyncIterable<Buffer>; digest(): string }>
  text(name: string): Promise<string>
  close(): void
}

/** The archive is not what it claims to be (422). */
export const invalidArchive = (why: string) => refused(`not a readable export archive: ${why}`, { reason: 'badArchive' })
const tooLarge = (why: string, variable: string, limit: number, detail: 'maxBytes' | 'maxEntries' = 'maxBytes') =>
  new RpcError(413, `the archive is too large to import: ${why}, beyond ${variable} (${limit})`, { [detail]: limit })

export async function openArchive(file: string, limits: ArchiveLimits): Promise<Archive> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true }, (err, z) =>
      err ? reject(invalidArchive(err.message)) : resolve(z!),
    ),
  )
  const entries = new Map<string, yauzl.Entry>()
  try {
    if (zip.entryCount > limits.importMaxEntries)
      throw tooLarge(`it has ${zip.entryCount} entries`, 'IMPORT_MAX_ENTRIES', limits.importMaxEntries, 'maxEntries')
    let declared = 0
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        declared += entry.uncompressedSize
        if (declared > limits.importMaxUnpackedBytes)
          return reject(tooLarge(`its entries unpack to at least ${declared} bytes`, 'IMPORT_MAX_UNPACKED_BYTES', limits.importMaxUnpackedBytes))
        entries.set(entry.fileName, entry)
        zip.readEntry()
      })
      zip.on('end', resolve)
      zip.on('error', (err) => reject(invalidArchive(err.message)))
      zip.readEntry()
    })
  } catch (err) {
    zip.close()
    throw err
  }

  /** The entry's bytes as they unpack; an inflate or size error is the archive's (422), named with the entry. */
  async function* unpacked(name: string, entry: yauzl.Entry, hash: ReturnType<typeof createHash>): AsyncGenerator<Buffer> {
    const stream = await new Promise<Readable>((resolve, reject) =>
      zip.openReadStream(entry, (err, s) => (err ? reject(invalidArchive(`${name}: ${err.message}`)) : resolve(s!))),
    )
    try {
      for await (const chunk of stream) {
        hash.update(chunk as Buffer)
        yield chunk as Buffer
      }
    } catch (err) {
      throw err instanceof RpcError ? err : invalidArchive(`${name}: ${(err as Error).message}`)
    }
  }
  const open = (name: string) => {
    const entry = entries.get(name)
    if (!entry) throw invalidArchive(`${name} is missing`)
    const hash = createHash('sha256')
    let digest: string | null = null
    return { chunks: unpacked(name, entry, hash), digest: () => (digest ??= hash.digest('hex')) }
  }
  const checked = (name: string, digest: string) => {
    if (own(manifest.checksums, name) !== digest) throw invalidArchive(`${name} does not match its checksum`)
  }
  const lineTooLong = (name: string) => () =>
    tooLarge(`${name} holds a line longer than ${limits.importMaxLineBytes} bytes`, 'IMPORT_MAX_LINE_BYTES', limits.importMaxLineBytes)
  /** A whole entry as text: one JSON document, so bounded as one line is. */
  const text = async (name: string) => {
    const { chunks, digest } = open(name)
    const parts: Buffer[] = []
    let size = 0
    for await (const chunk of chunks) {
      size += chunk.length
      if (size > limits.importMaxLineBytes) throw lineTooLong(name)()
      parts.push(chunk)
    }
    return { text: Buffer.concat(parts).toString('utf8'), digest: digest() }
  }

  let manifest: Manifest
  try {
    manifest = JSON.parse((await text('manifest.json')).text)
    if (manifest?.format !== FORMAT || typeof manifest.formatVersion !== 'number') throw invalidArchive('manifest.json does not describe an hlr-export archive')
    if (manifest.formatVersion > FORMAT_VERSION)
      throw invalidArchive(`format version ${manifest.formatVersion} is newer than this server reads (${FORMAT_VERSION})`)
  } catch (err) {
    zip.close()
    throw err instanceof SyntaxError ? invalidArchive('manifest.json is not JSON') : err
  }

  return {
    manifest,
    has: (name) => entries.has(name),
    async *lines(name) {
      const { chunks, digest } = open(name)
      for await (const line of boundedLines(chunks, limits.importMaxLineBytes, lineTooLong(name))) {
        if (!line.length) continue
        // A key named __proto__ stays what JSON.parse makes it, an own key (a document template named
        // so is stored under it): the import copies rows by own keys only (Object.fromEntries), never
        // by assignment, so it cannot become a prototype (server/safe-keys.ts).
        try {
          yield JSON.parse(line.toString('utf8'))
        } catch {
          throw invalidArchive(`${name} holds a line that is not JSON`)
        }
      }
      checked(name, digest())
    },
    async open(name) {
      const opened = open(name)
      return { chunks: opened.chunks, digest: () => (checked(name, opened.digest()), opened.digest()) }
    },
    async text(name) {
      const read = await text(name)
      checked(name, read.digest)
      return read.text
    },
    close: () => zip.close(),
  }
}
