/** The baseline of the rpc benchmark: a bare ws server that parses each frame and echoes a reply. */
import { WebSocketServer } from 'ws'

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 })
wss.on('listening', () => {
  const { port } = wss.address() as { port: number }
  console.log(JSON.stringify({ url: `ws://127.0.0.1:${port}` }))
})
wss.on('connection', (ws) => {
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString())
    ws.send(JSON.stringify({ id: frame.id, result: { _id: frame.args?.[0] ?? null } }))
  })
})
process.on('SIGTERM', () => wss.close(() => process.exit(0)))
