/**
 * Reads an export archive from disk entry by entry (yauzl), never the whole archive at once, and
 * checks every entry against the manifest's sha256 as it is read: a changed or truncated archive
 * fails before its import commits.
 */
import { createHash } from 'node:crypto'
import { createInterface } from 'node:readline'
import type { Readable } from 'node:stream'
import yauzl from 'yauzl'
import { refused } from '../errors'
import { FORMAT, FORMAT_VERSION, type Manifest } from './manifest'

export interface Archive {
  manifest: Manifest
  has(name: string): boolean
  /** The parsed lines of a JSON Lines entry, checked against its checksum when the last is read. */
  lines(name: string): AsyncGenerator<Record<string, unknown>>
  /** An entry's bytes, with the sha256 they hashed to once fully read. */
  open(name: string): Promise<{ stream: Readable; digest(): string }>
  text(name: string): Promise<string>
  close(): void
}

const invalid = (why: string) => refused(`not a readable export archive: ${why}`, { reason: 'badArchive' })

export async function openArchive(file: string): Promise<Archive> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: true }, (err, z) => (err ? reject(invalid(err.message)) : resolve(z!))),
  )
  const entries = new Map<string, yauzl.Entry>()
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry)
      zip.readEntry()
    })
    zip.on('end', resolve)
    zip.on('error', (err) => reject(invalid(err.message)))
    zip.readEntry()
  })

  const open = async (name: string) => {
    const entry = entries.get(name)
    if (!entry) throw invalid(`${name} is missing`)
    const stream = await new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (err, s) => (err ? reject(invalid(err.message)) : resolve(s!))))
    const hash = createHash('sha256')
    stream.on('data', (chunk: Buffer) => hash.update(chunk))
    let digest: string | null = null
    return { stream, digest: () => (digest ??= hash.digest('hex')) }
  }
  const text = async (name: string) => {
    const { stream } = await open(name)
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks).toString('utf8')
  }

  let manifest: Manifest
  try {
    manifest = JSON.parse(await text('manifest.json'))
  } catch (err) {
    zip.close()
    throw err instanceof SyntaxError ? invalid('manifest.json is not JSON') : err
  }
  if (manifest.format !== FORMAT || typeof manifest.formatVersion !== 'number') {
    zip.close()
    throw invalid('manifest.json does not describe an hlr-export archive')
  }
  if (manifest.formatVersion > FORMAT_VERSION) {
    zip.close()
    throw invalid(`format version ${manifest.formatVersion} is newer than this server reads (${FORMAT_VERSION})`)
  }

  const checked = (name: string, digest: string) => {
    if (manifest.checksums?.[name] !== digest) throw invalid(`${name} does not match its checksum`)
  }

  return {
    manifest,
    has: (name) => entries.has(name),
    async *lines(name) {
      const { stream, digest } = await open(name)
      for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
        if (!line) continue
        try {
          yield JSON.parse(line)
        } catch {
          throw invalid(`${name} holds a line that is not JSON`)
        }
      }
      checked(name, digest())
    },
    async open(name) {
      const opened = await open(name)
      return { stream: opened.stream, digest: () => (checked(name, opened.digest()), opened.digest()) }
    },
    async text(name) {
      const { stream, digest } = await open(name)
      const chunks: Buffer[] = []
      for await (const chunk of stream) chunks.push(chunk as Buffer)
      checked(name, digest())
      return Buffer.concat(chunks).toString('utf8')
    },
    close: () => zip.close(),
  }
}
