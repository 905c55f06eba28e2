/**
 * Zip archives written byte by byte, for the specs that attack the server's archive reader: an
 * entry's header may declare any size (a lie included), and a bomb entry is deflated from a
 * repeated chunk as it is generated, so a gigabyte of content costs this process a megabyte.
 */
import { once } from 'node:events'
import zlib from 'node:zlib'

export interface ZipEntry {
  name: string
  /** The bytes as stored: deflated (method 8) or as they are (method 0). */
  data: Buffer
  method: 0 | 8
  crc32: number
  /** What the headers declare the entry unpacks to. */
  size: number
}

/** An entry stored with its true size and checksum. */
export function stored(name: string, content: string | Buffer): ZipEntry {
  const data = Buffer.from(content)
  return { name, data, method: 0, crc32: zlib.crc32(data) >>> 0, size: data.length }
}

/** An entry whose content is `parts` one after the other, each `[chunk, times]`, deflated as it is made. */
export async function deflated(name: string, parts: [string | Buffer, number][]): Promise<ZipEntry> {
  const deflate = zlib.createDeflateRaw({ level: 9 })
  const out: Buffer[] = []
  deflate.on('data', (d: Buffer) => out.push(d))
  let crc = 0
  let size = 0
  for (const [content, times] of parts) {
    const chunk = Buffer.from(content)
    for (let i = 0; i < times; i++) {
      crc = zlib.crc32(chunk, crc)
      size += chunk.length
      if (!deflate.write(chunk)) await once(deflate, 'drain')
    }
  }
  deflate.end()
  await once(deflate, 'end')
  return { name, data: Buffer.concat(out), method: 8, crc32: crc >>> 0, size }
}

/** The archive of `entries` (no zip64: every size below 4 GiB). */
export function zipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8')
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4) // version needed
    local.writeUInt16LE(0x0800, 6) // the name is UTF-8
    local.writeUInt16LE(e.method, 8)
    local.writeUInt32LE(e.crc32, 14)
    local.writeUInt32LE(e.data.length, 18)
    local.writeUInt32LE(e.size, 22)
    local.writeUInt16LE(name.length, 26)
    locals.push(local, name, e.data)

    const header = Buffer.alloc(46)
    header.writeUInt32LE(0x02014b50, 0)
    header.writeUInt16LE(20, 4) // made by
    header.writeUInt16LE(20, 6) // needed
    header.writeUInt16LE(0x0800, 8)
    header.writeUInt16LE(e.method, 10)
    header.writeUInt32LE(e.crc32, 16)
    header.writeUInt32LE(e.data.length, 20)
    header.writeUInt32LE(e.size, 24)
    header.writeUInt16LE(name.length, 28)
    header.writeUInt32LE(offset, 42)
    central.push(header, name)
    offset += local.length + name.length + e.data.length
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}
