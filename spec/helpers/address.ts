/** HTTP calls from a chosen client address (127.0.0.2 …), for whitelists and per-address limits. */
import http from 'node:http'
import { serverUrl, type HttpReply } from './client'

export function apiFrom(
  localAddress: string,
  op: string,
  args: unknown[] = [],
  options: { key?: string; url?: string } = {},
): Promise<Omit<HttpReply, 'headers'> & { headers: http.IncomingHttpHeaders }> {
  const url = new URL(`/api/${op}`, options.url ?? serverUrl())
  const body = JSON.stringify(args)
  const headers: Record<string, string> = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }
  if (options.key) headers.hlrkey = options.key
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers, localAddress }, (res) => {
      let text = ''
      res.on('data', (d) => (text += d))
      res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined, headers: res.headers }))
    })
    req.on('error', reject)
    req.end(body)
  })
}
