/**
 * Talking to another server of ours over its HTTP mirror, for an import. Every request is guarded:
 * http(s) only, a timeout, a size limit, and no connection to a private, loopback or link-local
 * address (request-filtering-agent checks the address the name resolves to, so DNS rebinding does
 * not get around it) unless the operator lists it in IMPORT_ALLOWED_HOSTS. The password is sent
 * once, to sign in, and never stored or logged.
 *
 * A server that answers slowly cannot hold us: a call (a small JSON answer) must be over within
 * IMPORT_TIMEOUT_SECONDS however it trickles, the archive's download must not pause that long, and
 * every request ends when the `signal` given at sign-in aborts (the job's deadline).
 */
import fs from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { useAgent } from 'request-filtering-agent'
import type { Config } from '../config'
import { RpcError } from '../errors'

export interface Credentials {
  host: string
  username: string
  password: string
}

/** The other server refused, could not be reached, or answered something we cannot use. */
const unreachable = (why: string, details: Record<string, unknown> = {}) => new RpcError(422, `the other server: ${why}`, { reason: 'remote', ...details })

/** The base URL the user gave: `https://host[:port]` (a bare host name means https). */
export function baseUrl(host: string): URL {
  let url: URL
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(host) ? host : `https://${host}`)
  } catch {
    throw new RpcError(400, 'argument 1 (credentials/host) is not a host name or URL', {
      argument: 0,
      name: 'credentials',
      path: '/host',
      reason: 'is not a host name or URL',
    })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RpcError(400, 'argument 1 (credentials/host) must be http or https', {
      argument: 0,
      name: 'credentials',
      path: '/host',
      reason: 'must be http or https',
    })
  }
  url.search = ''
  url.hash = ''
  return url
}

export class RemoteServer {
  private key: string | null = null

  private constructor(
    private readonly config: Config,
    private readonly base: URL,
    private readonly signal: AbortSignal | undefined,
  ) {}

  /** Signs in with the user's credentials; `close` signs out. `signal` ends every request. */
  static async signIn(config: Config, credentials: Credentials, signal?: AbortSignal): Promise<RemoteServer> {
    const remote = new RemoteServer(config, baseUrl(credentials.host), signal)
    const key = await remote.call('login', [credentials.username, credentials.password]).catch((err) => {
      if (err instanceof RpcError && (err.details as { status?: number })?.status === 401)
        throw unreachable('the user name or password was not accepted', { status: 401 })
      throw err
    })
    if (typeof key !== 'string') throw unreachable('login did not return a session key')
    remote.key = key
    return remote
  }

  /** One operation over the HTTP mirror; the reply's error becomes a 422 naming what it said. */
  async call(op: string, args: unknown[]): Promise<unknown> {
    const { status, body } = await this.request('POST', `/api/${op}`, JSON.stringify(args), 1024 * 1024)
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      throw unreachable(`${op} answered something that is not JSON`, { status })
    }
    if (status !== 200) throw unreachable(`${op} failed: ${String((parsed as { msg?: unknown })?.msg ?? status).slice(0, 200)}`, { status })
    return parsed
  }

  /** Streams a file of the signed-in user to `target`, refusing more than IMPORT_MAX_BYTES. */
  async download(fileId: string, target: string): Promise<void> {
    const res = await this.send('GET', `/file/${encodeURIComponent(fileId)}?dl=1`)
    if (res.statusCode !== 200) {
      res.resume()
      throw unreachable(`the archive could not be downloaded (${res.statusCode})`, { status: res.statusCode })
    }
    let size = 0
    const max = this.config.importMaxBytes
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length
        done(size > max ? new RpcError(413, `the archive is larger than IMPORT_MAX_BYTES (${max})`, { maxBytes: max }) : null, chunk)
      },
    })
    await pipeline(res, limit, fs.createWriteStream(target))
  }

  /** Signs out; after the job's deadline without waiting for the answer. */
  async close(): Promise<void> {
    if (!this.key) return
    const logout = this.request('POST', '/api/logout', '[]', 1024 * 1024, { deadline: false }).catch(() => {})
    if (!this.signal?.aborted) await logout
    this.key = null
  }

  /** A whole request and its answer, within IMPORT_TIMEOUT_SECONDS (and the job's deadline unless told otherwise). */
  private async request(method: string, pathname: string, body: string | null, maxBytes: number, { deadline = true } = {}) {
    const seconds = this.config.importTimeoutSeconds
    const timeout = AbortSignal.timeout(seconds * 1000)
    try {
      const res = await this.send(method, pathname, body, deadline && this.signal ? AbortSignal.any([this.signal, timeout]) : timeout)
      const chunks: Buffer[] = []
      let size = 0
      for await (const chunk of res) {
        size += (chunk as Buffer).length
        if (size > maxBytes) {
          res.destroy()
          throw unreachable('answered more than expected')
        }
        chunks.push(chunk as Buffer)
      }
      return { status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }
    } catch (err) {
      if (timeout.aborted) throw unreachable(`no complete answer within ${seconds} s`)
      throw err
    }
  }

  /** `signal` ends the request; by default the job's deadline (the download's only bound besides its pauses). */
  private send(method: string, pathname: string, body: string | null = null, signal = this.signal): Promise<http.IncomingMessage> {
    const url = new URL(withoutTrailingSlashes(this.base.pathname) + pathname, this.base)
    const agent = useAgent(url.href, { allowIPAddressList: this.config.importAllowedHosts })
    const headers: Record<string, string> = { accept: 'application/json' }
    if (body !== null) headers['content-type'] = 'application/json'
    if (this.key) headers.hlrkey = this.key
    const timeout = this.config.importTimeoutSeconds * 1000
    return new Promise((resolve, reject) => {
      const req = (url.protocol === 'https:' ? https : http).request(url, { method, headers, agent, timeout, signal }, resolve)
      req.on('timeout', () => req.destroy(unreachable(`no answer within ${this.config.importTimeoutSeconds} s`)))
      req.on('error', (err) =>
        reject(
          err instanceof RpcError
            ? err
            : unreachable(
                refusedAddress(err)
                  ? `${url.hostname} is a private or local address this server may not reach`
                  : `cannot be reached (${(err as NodeJS.ErrnoException).code ?? err.message})`,
                { host: url.host },
              ),
        ),
      )
      req.end(body ?? undefined)
    })
  }
}

/** request-filtering-agent's refusal of an address. */
const refusedAddress = (err: Error) => /is not allowed/.test(err.message)

/** The path without its trailing slashes, by index: `/\/+$/` takes quadratic time on a path of many slashes (the user's URL). */
function withoutTrailingSlashes(path: string): string {
  let end = path.length
  while (end > 0 && path[end - 1] === '/') end--
  return path.slice(0, end)
}
