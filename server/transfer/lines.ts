/**
 * The lines of a stream of bytes, each at most `maxBytes` long, checked as the bytes arrive: a line
 * that grows past the bound throws `tooLong()` once it holds about maxBytes plus one chunk, however
 * long the line would have gone on. (node:readline has no bound: it adds to one string until V8
 * refuses its length, and that RangeError, thrown in a stream's event, ends the process.)
 * A line ends at \n; a \r before it is dropped; the last line needs no \n.
 */
const NEWLINE = 0x0a
const RETURN = 0x0d

export async function* boundedLines(chunks: AsyncIterable<Buffer>, maxBytes: number, tooLong: () => Error): AsyncGenerator<Buffer> {
  let pending: Buffer[] = []
  let pendingBytes = 0
  const line = (last: Buffer) => {
    const whole = pending.length ? Buffer.concat([...pending, last]) : last
    pending = []
    pendingBytes = 0
    return whole.at(-1) === RETURN ? whole.subarray(0, -1) : whole
  }
  for await (const chunk of chunks) {
    let start = 0
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      if (pendingBytes + end - start > maxBytes) throw tooLong()
      yield line(chunk.subarray(start, end))
      start = end + 1
    }
    if (start === chunk.length) continue
    pending.push(chunk.subarray(start))
    pendingBytes += chunk.length - start
    if (pendingBytes > maxBytes) throw tooLong()
  }
  if (pendingBytes) yield line(Buffer.alloc(0))
}
