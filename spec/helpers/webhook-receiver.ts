/**
 * A webhook receiver on loopback, started by a test: it checks every request's signature with its
 * own implementation of the Standard Webhooks specification (not the server's code), and answers
 * what the test says (2xx by default; `failNext(n, status?)` answers 503, or the status, to the next n requests;
 * `holdNext` leaves the next requests without an answer, or with half of one).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Received {
  /** The request's path: several webhooks may post to one receiver. */
  path: string
  id: string
  timestamp: number
  /** Whether the signature held with the receiver's secret. */
  verified: boolean
  body: { type: string; timestamp: string; data: any }
  at: number
}

/** The spec: HMAC-SHA256 keyed by the base64-decoded part after `whsec_`, of `id.timestamp.body`; the header lists `v1,<base64>` entries separated by spaces. */
export function verifyStandardWebhook(secret: string, headers: http.IncomingHttpHeaders, body: string): boolean {
  const id = headers['webhook-id']
  const timestamp = headers['webhook-timestamp']
  const header = headers['webhook-signature']
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof header !== 'string') return false
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64')
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest()
  return header.split(' ').some((entry) => {
    const [version, sig] = entry.split(',')
    const given = Buffer.from(sig ?? '', 'base64')
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected)
  })
}

export interface Receiver {
  url: string
  received: Received[]
  /** Every request's status as answered, in order. */
  answered: number[]
  /** Every request's webhook-id, in order (failed ones too). */
  requested: string[]
  /** The secret the signatures are checked with (set after create or rotateSecret). */
  secret: string
  /** The next `n` requests are answered `status` (503 unless told). */
  failNext(n: number, status?: number): void
  /** The next requests, one per entry, get no answer (`silent`) or a 200 whose body never ends (`halfway`). */
  holdNext(...how: ('silent' | 'halfway')[]): void
  /** Resolves once `count` requests were answered 2xx with ids satisfying `pred`. */
  waitFor(pred: (r: Received[]) => boolean, timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

/** `delayMs`: each answer waits this long (a receiver that takes its time). */
export async function startReceiver(host = '127.0.0.1', delayMs = 0): Promise<Receiver> {
  let failing = 0
  let failStatus = 503
  const holding: ('silent' | 'halfway')[] = []
  const held: http.ServerResponse[] = []
  const requested: string[] = []
  const received: Received[] = []
  const answered: number[] = []
  let waiters: (() => void)[] = []
  const receiver: Receiver = {
    url: '',
    received,
    answered,
    requested,
    secret: '',
    failNext: (n, status = 503) => {
      failing = n
      failStatus = status
    },
    holdNext: (...how) => holding.push(...how),
    waitFor(pred, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the receiver did not get what was awaited; ${received.length} received`)), timeoutMs)
        const check = () => {
          if (pred(received)) {
            clearTimeout(timer)
            resolve()
          } else waiters.push(check)
        }
        check()
      })
    },
    close: () =>
      new Promise((resolve) => {
        for (const res of held) res.destroy()
        server.close(() => resolve())
      }),
  }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      requested.push(String(req.headers['webhook-id']))
      const hold = holding.shift()
      if (hold) {
        held.push(res)
        if (hold === 'halfway') {
          res.writeHead(200, { 'content-length': '100' })
          res.write('half')
        }
        return
      }
      if (failing > 0) {
        failing--
        answered.push(failStatus)
        res.writeHead(failStatus).end('not now')
        return
      }
      const body = Buffer.concat(chunks).toString('utf8')
      received.push({
        path: req.url ?? '',
        id: String(req.headers['webhook-id']),
        timestamp: Number(req.headers['webhook-timestamp']),
        verified: verifyStandardWebhook(receiver.secret, req.headers, body),
        body: JSON.parse(body),
        at: Date.now(),
      })
      const answer = () => {
        answered.push(204)
        res.writeHead(204).end()
        const w = waiters
        waiters = []
        for (const check of w) check()
      }
      if (delayMs) setTimeout(answer, delayMs)
      else answer()
    })
  })
  server.keepAliveTimeout = 1000
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  receiver.url = `http://${host}:${(server.address() as AddressInfo).port}/hook`
  return receiver
}

/** The ids received, as numbers, in order of arrival, each once (a redelivered duplicate keeps its first place). */
export const idsOnce = (received: Received[]) => [...new Set(received.map((r) => Number(r.id)))]
