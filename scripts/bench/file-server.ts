/**
 * The baseline of the bytes benchmark: a bare Node http server streaming a file from disk with
 * fs.createReadStream, nothing else (no session, no headers beyond the length).
 */
import fs from 'node:fs'
import http from 'node:http'

const server = http.createServer((req, res) => {
  const file = decodeURIComponent(new URL(req.url!, 'http://x').searchParams.get('path') ?? '')
  fs.stat(file, (err, stat) => {
    if (err) return void res.writeHead(404).end()
    res.writeHead(200, { 'Content-Length': stat.size, 'Content-Type': 'application/octet-stream' })
    fs.createReadStream(file).pipe(res)
  })
})
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
