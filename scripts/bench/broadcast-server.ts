/** The baseline of the realtime benchmark: a bare ws server that sends one frame to every socket when told ({"go": text}). */
import { WebSocket, WebSocketServer } from 'ws'

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 })
wss.on('listening', () => {
  const { port } = wss.address() as { port: number }
  console.log(JSON.stringify({ url: `ws://127.0.0.1:${port}` }))
})
wss.on('connection', (ws) => {
  ws.on('message', (data) => {
    const { go } = JSON.parse(data.toString()) as { go: string }
    for (const client of wss.clients) if (client !== ws && client.readyState === WebSocket.OPEN) client.send(go)
  })
})
process.on('SIGTERM', () => wss.close(() => process.exit(0)))
