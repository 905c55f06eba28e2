/**
 * JSZip with a native CRC-32. jszip computes each entry's CRC-32 in JavaScript, one table lookup per
 * byte, and that loop set the pace of POST /files and of exports (npm run bench:bytes with
 * BENCH_PROFILE_DIR: `crc32` of jszip/lib/crc32.js was the top function of the server under load).
 * Node's zlib.crc32 (Node 20.15 and later) computes the same checksum natively, so the probe that
 * jszip runs over every chunk of an entry uses it for bytes; strings, and an older Node, keep
 * jszip's own code.
 */
import zlib from 'node:zlib'
import JSZip from 'jszip'

interface Crc32ProbeClass {
  prototype: {
    processChunk(this: { streamInfo: Record<string, unknown>; push(chunk: unknown): void }, chunk: { data: unknown }): void
  }
}

// The one worker class jszip pipes entry data through to compute its CRC (the module jszip itself requires).
const Crc32Probe = require('jszip/lib/stream/Crc32Probe') as Crc32ProbeClass
const jszipProcessChunk = Crc32Probe.prototype.processChunk

if (typeof zlib.crc32 === 'function') {
  Crc32Probe.prototype.processChunk = function (chunk) {
    if (!(chunk.data instanceof Uint8Array)) return jszipProcessChunk.call(this, chunk)
    // jszip keeps the CRC as a signed 32-bit number; zlib's is unsigned: the same bits.
    this.streamInfo.crc32 = zlib.crc32(chunk.data, Number(this.streamInfo.crc32 ?? 0) >>> 0) | 0
    this.push(chunk)
  }
}

export default JSZip
