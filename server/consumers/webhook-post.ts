/**
 * One webhook request, signed per the Standard Webhooks specification and guarded like an
 * import's requests (server/transfer/remote.ts): http(s) only, request-filtering-agent refuses a
 * private, loopback or link-local address (the one the name resolves to, so DNS rebinding does not
 * get around it) unless it is in WEBHOOK_ALLOWED_HOSTS, a timeout on the whole exchange, redirects
 * not followed (a 3xx is a failure like any other non-2xx), and only the answer's first KiB kept.
 */
import { createHmac, randomBytes } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent'

/** A new signing secret: `whsec_` and the base64 of 32 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`

/** `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed by the secret's decoded bytes. */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`
}

/** Why a URL cannot be a webhook's, or null. */
export function badWebhookUrl(text: string): string | null {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return 'is not a URL'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be http or https'
  if (url.username || url.password) return 'must not hold a user name or password'
  return null
}

export interface PostResult {
  /** The answer's status, or null when none came. */
  status: number | null
  durationMs: number
  /** Why it failed when no 2xx came. */
  error: string | null
  /** The request was not sent: the URL is not one this server may call (not http(s), a private address). */
  refused?: boolean
  /** The answer's first KiB. */
  response: string | null
}

/**
 * Whether a failed request may succeed when sent again: no answer (the network, a timeout), a 5xx,
 * 408 or 429. A URL this server may not reach, a redirect and the other 4xx are the receiver's or
 * the URL's answer, and final.
 */
export const retryable = (r: PostResult): boolean =>
  r.error !== null && (r.status === null ? !r.refused : r.status >= 500 || r.status === 408 || r.status === 429)

const KEEP_BYTES = 1024

/** Agents that keep connections alive (a receiver gets events back to back); each new connection's address is checked. */
const agents = new Map<string, http.Agent>()
function agentFor(protocol: string, allowedHosts: string[]): http.Agent {
  const key = `${protocol}${allowedHosts.join(',')}`
  let agent = agents.get(key)
  if (!agent) {
    const options = { keepAlive: true, maxSockets: 4, allowIPAddressList: allowedHosts }
    agent = protocol === 'https:' ? new RequestFilteringHttpsAgent(options) : new RequestFilteringHttpAgent(options)
    agents.set(key, agent)
  }
  return agent
}

export async function postWebhook(
  target: string,
  message: { id: string; timestamp: number; body: string; secret: string },
  options: { timeoutSeconds: number; allowedHosts: string[] },
): Promise<PostResult> {
  const started = performance.now()
  const done = (r: Omit<PostResult, 'durationMs'>): PostResult => ({ ...r, durationMs: Math.round(performance.now() - started) })
  const bad = badWebhookUrl(target)
  if (bad) return done({ status: null, error: `the URL ${bad}`, response: null, refused: true })
  const url = new URL(target)
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'hlr-server-webhooks',
    'webhook-id': message.id,
    'webhook-timestamp': String(message.timestamp),
    'webhook-signature': signature(message.secret, message.id, message.timestamp, message.body),
  }
  const agent = agentFor(url.protocol, options.allowedHosts)
  // A timer, not an AbortSignal: a signal and its listeners per request took about 3 % of delivery's CPU.
  let timedOut = false
  /** The answer's status once its head came (a body cut short keeps it). */
  let answered: number | null = null
  return new Promise((resolve) => {
    const finish = (r: Omit<PostResult, 'durationMs'>) => {
      clearTimeout(timer)
      resolve(done(r))
    }
    const req = (url.protocol === 'https:' ? https : http).request(url, { method: 'POST', headers, agent }, (res) => {
      answered = res.statusCode ?? null
      const chunks: Buffer[] = []
      let kept = 0
      res.on('data', (chunk: Buffer) => {
        if (kept < KEEP_BYTES) {
          chunks.push(chunk)
          kept += chunk.length
        }
      })
      res.on('end', () => {
        const status = res.statusCode ?? 0
        const response = Buffer.concat(chunks).subarray(0, KEEP_BYTES).toString('utf8')
        finish({ status, error: status >= 200 && status < 300 ? null : `answered ${status}`, response })
      })
      res.on('error', (err) => finish({ status: answered, error: failure(err, timedOut, options.timeoutSeconds, url), response: null }))
    })
    const timer = setTimeout(() => {
      timedOut = true
      req.destroy(new Error('timed out'))
    }, options.timeoutSeconds * 1000)
    req.on('error', (err) =>
      finish({ status: answered, error: failure(err, timedOut, options.timeoutSeconds, url), response: null, refused: !timedOut && isPrivate(err) }),
    )
    req.end(message.body)
  })
}

/** request-filtering-agent's refusal of a private, loopback or link-local address. */
const isPrivate = (err: Error) => /is not allowed/.test(err.message)

function failure(err: Error, timedOut: boolean, seconds: number, url: URL): string {
  if (timedOut) return `no complete answer within ${seconds} s`
  if (isPrivate(err)) return `${url.hostname} is a private or local address this server may not reach (WEBHOOK_ALLOWED_HOSTS)`
  return `cannot be reached (${(err as NodeJS.ErrnoException).code ?? err.message})`
}
