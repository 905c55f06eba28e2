/**
 * The only reader of process.env and of the .env file. Every variable is listed in .env.example.
 * A bad value stops the start with one message that names every problem.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseEnv } from 'node:util'

export interface Config {
  host: string
  port: number
  dataDir: string
  databaseUrl: string | null
  /** PGLITE_SHARED_BUFFERS_MB: the embedded database's buffer cache, allocated in full inside the server process at start. */
  pgliteSharedBuffersMb: number
  /** DB_STATEMENT_LOG: a file each database statement is appended to (benchmarks only), else null. */
  statementLog: string | null
  logLevel: string
  devMode: boolean
  allowedOrigins: string[]
  sessionIdleSeconds: number
  wsMaxPayloadBytes: number
  wsMaxBufferedBytes: number
  wsMessagesPerSecond: number
  wsHeartbeatSeconds: number
  wsMaxConnections: number
  httpMaxBodyBytes: number
  httpRequestsPerSecond: number
  shutdownGraceSeconds: number
  /** smtp:// or smtps:// URL of the mail server; null writes each message to DATA_DIR/outbox/ instead. */
  smtpUrl: string | null
  /** Sender of the server's mail: an address, or `Name <address>`. */
  mailFrom: string
  /** Base of the links in mail; null means the server's own http://HOST:PORT. */
  publicUrl: string | null
  /** Uploaded files and image renditions (default DATA_DIR/files). */
  filesDir: string
  /** Largest upload accepted by POST /upload (413 beyond; nothing is stored). */
  uploadMaxBytes: number
  /** Images with more pixels than this are refused (decompression bombs). */
  imageMaxPixels: number
  /** Most files in one POST /files archive. */
  archiveMaxFiles: number
  /** Largest total size of the files in one POST /files archive. */
  archiveMaxBytes: number
  /** Lifetime of a new API key (at most API_KEY_MAX_LIFETIME_SECONDS). */
  apiKeyLifetimeSeconds: number
  /** Leading zero bits a proof-of-work hash needs. */
  powDifficulty: number
  /** How long a proof-of-work challenge may be used. */
  powChallengeSeconds: number
  /** Registrations per client address and hour without proof of work; beyond, register needs it. */
  registrationsPerHour: number
  /** Wrong passwords per account, and per client address, before each further try waits (doubling). */
  loginFreeFailuresPerAccount: number
  loginFreeFailuresPerAddress: number
  /** Unknown invite or public-form keys per client address before each further try waits (doubling). */
  keyGuessesPerAddress: number
  /** Identity providers whose OpenID Connect ID tokens register accounts (v2.user.registerSso*). */
  ssoProviders: SsoProvider[]
  /** Shared service secret that authorises v3.user.setBot with `secret`; null: that path is closed. */
  botSecret: string | null
  /** Users who may call v3.user.setBot without a secret. */
  botAdminUids: string[]
  /** Deadline of one function evaluation, ms. */
  functionDeadlineMs: number
  /** Function evaluations a write makes in its own transaction; the rest go to the queue. */
  functionWriteBudget: number
  /** How often the queue of function values to evaluate is looked at, ms. */
  functionDrainMs: number
  /** How often the values of volatile functions (reading the clock or chance) are marked stale for the queue, ms. */
  functionVolatileMs: number
  /** quickjs (always, but for the benchmark's baseline: unsandboxed-benchmark, which runs code unprotected). */
  functionEvaluator: 'quickjs' | 'unsandboxed-benchmark'
  /** switch: each workspace's v2.network.fastFunctions.set decides; fast / default: every workspace in that mode (to run test suites in one mode). */
  functionMode: 'switch' | 'fast' | 'default'
  /** An OpenAI-compatible endpoint for function assist (…/v1), its key and model; null: assist is off (503). */
  ai: { baseUrl: string; apiKey: string | null; model: string } | null
  /** How long the event log keeps signals for `resume` (hours; fractions allowed). */
  eventRetentionHours: number
  /** How long a finished export archive is kept before it is removed. */
  exportKeepHours: number
  /**
   * Addresses (IP or CIDR) an import may reach although they are private, loopback or link-local;
   * every other such address is refused (public addresses are always allowed).
   */
  importAllowedHosts: string[]
  /** Largest archive an import downloads. */
  importMaxBytes: number
  /** How long one request of an import may take. */
  importTimeoutSeconds: number
}

export interface SsoProvider {
  /** The token's `iss` must equal this. */
  issuer: string
  /** The token's `aud` must contain this (the client id the provider issued to us). */
  audience: string
  /** Where the provider's signing keys are: an https/http JWKS URL, or a JWKS file. */
  jwksUrl?: string
  jwksFile?: string
  /** E-mail domains whose people sign in with this provider (v3.user.idpUser). */
  domains: string[]
  /** Shown by v3.user.idpUser (e.g. an Entra ID tenant). */
  tenantId?: string
}

/** The largest API key lifetime there is: a key never outlives a year. */
export const API_KEY_MAX_LIFETIME_SECONDS = 365 * 24 * 3600

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>

/**
 * The variables the server starts with: those of the process environment, over those of the env
 * file (`.env` in the working directory, or the file ENV_FILE names; ENV_FILE empty reads none).
 * A missing `.env` is fine; a missing ENV_FILE, or a file that cannot be read, stops the start.
 * The file has the format of `node --env-file` and is parsed by Node's own parser.
 */
export function environment(env: Env = process.env, cwd = process.cwd()): Env {
  const named = env.ENV_FILE
  if (named !== undefined && named.trim() === '') return env
  const file = path.resolve(cwd, named?.trim() ?? '.env')
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (err) {
    if (named === undefined && (err as NodeJS.ErrnoException).code === 'ENOENT') return env
    throw new ConfigError(`invalid configuration:\n  ENV_FILE: cannot read ${file}: ${(err as Error).message}`)
  }
  return { ...parseEnv(text), ...env }
}

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = []
  const read = new Reader(env, problems)
  const config: Config = {
    host: read.string('HOST', '127.0.0.1'),
    port: read.integer('PORT', 8080, 0, 65535),
    dataDir: path.resolve(read.string('DATA_DIR', './data')),
    databaseUrl: read.databaseUrl('DATABASE_URL'),
    statementLog: read.string('DB_STATEMENT_LOG', '') || null,
    pgliteSharedBuffersMb: read.integer('PGLITE_SHARED_BUFFERS_MB', 160, 1, 1024),
    logLevel: read.oneOf('LOG_LEVEL', 'info', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    devMode: read.oneOf('NODE_ENV', 'production', ['production', 'development', 'test']) === 'development',
    allowedOrigins: read.list('ALLOWED_ORIGINS'),
    sessionIdleSeconds: read.integer('SESSION_IDLE_SECONDS', 60 * 60 * 24 * 14, 1, 60 * 60 * 24 * 365),
    wsMaxPayloadBytes: read.integer('WS_MAX_PAYLOAD_BYTES', 1024 * 1024, 1024, 64 * 1024 * 1024),
    wsMaxBufferedBytes: read.integer('WS_MAX_BUFFERED_BYTES', 8 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    wsMessagesPerSecond: read.integer('WS_MESSAGES_PER_SECOND', 200, 1, 1_000_000),
    wsHeartbeatSeconds: read.integer('WS_HEARTBEAT_SECONDS', 30, 1, 3600),
    wsMaxConnections: read.integer('WS_MAX_CONNECTIONS', 10_000, 1, 1_000_000),
    httpMaxBodyBytes: read.integer('HTTP_MAX_BODY_BYTES', 1024 * 1024, 1024, 64 * 1024 * 1024),
    httpRequestsPerSecond: read.integer('HTTP_REQUESTS_PER_SECOND', 100, 1, 1_000_000),
    shutdownGraceSeconds: read.integer('SHUTDOWN_GRACE_SECONDS', 10, 0, 600),
    smtpUrl: read.smtpUrl('SMTP_URL'),
    mailFrom: read.mailbox('MAIL_FROM', 'Workspace server <no-reply@localhost>'),
    publicUrl: read.httpUrl('PUBLIC_URL'),
    filesDir: '',
    uploadMaxBytes: read.integer('UPLOAD_MAX_BYTES', 100 * 1024 * 1024, 1, 1024 ** 4),
    imageMaxPixels: read.integer('IMAGE_MAX_PIXELS', 100_000_000, 1, 2 ** 32),
    archiveMaxFiles: read.integer('ARCHIVE_MAX_FILES', 1000, 1, 100_000),
    archiveMaxBytes: read.integer('ARCHIVE_MAX_BYTES', 4 * 1024 ** 3, 1, 1024 ** 4),
    apiKeyLifetimeSeconds: read.integer('API_KEY_LIFETIME_SECONDS', 90 * 24 * 3600, 1, API_KEY_MAX_LIFETIME_SECONDS),
    powDifficulty: read.integer('POW_DIFFICULTY', 18, 1, 32),
    powChallengeSeconds: read.integer('POW_CHALLENGE_SECONDS', 300, 10, 3600),
    registrationsPerHour: read.integer('REGISTRATIONS_PER_ADDRESS_PER_HOUR', 5, 0, 1_000_000),
    loginFreeFailuresPerAccount: read.integer('LOGIN_FREE_FAILURES_PER_ACCOUNT', 5, 1, 1_000_000),
    loginFreeFailuresPerAddress: read.integer('LOGIN_FREE_FAILURES_PER_ADDRESS', 20, 1, 1_000_000),
    keyGuessesPerAddress: read.integer('KEY_GUESSES_PER_ADDRESS', 20, 1, 1_000_000),
    ssoProviders: read.ssoProviders('SSO_PROVIDERS'),
    botSecret: read.secret('BOT_SECRET'),
    botAdminUids: read.objectIds('BOT_ADMIN_UIDS'),
    functionDeadlineMs: read.integer('FUNCTION_DEADLINE_MS', 50, 1, 10_000),
    functionWriteBudget: read.integer('FUNCTION_WRITE_BUDGET', 2000, 0, 1_000_000),
    functionDrainMs: read.integer('FUNCTION_DRAIN_MS', 100, 10, 86_400_000),
    functionVolatileMs: read.integer('FUNCTION_VOLATILE_MS', 600_000, 10, 86_400_000),
    ai: null,
    functionEvaluator: read.oneOf('FUNCTION_EVALUATOR', 'quickjs', ['quickjs', 'unsandboxed-benchmark']) as Config['functionEvaluator'],
    functionMode: read.oneOf('FUNCTION_MODE', 'switch', ['switch', 'fast', 'default']) as Config['functionMode'],
    eventRetentionHours: read.decimal('EVENT_RETENTION_HOURS', 24, 0.0001, 24 * 365),
    exportKeepHours: read.decimal('EXPORT_KEEP_HOURS', 24, 0.0001, 24 * 365),
    importAllowedHosts: read.list('IMPORT_ALLOWED_HOSTS'),
    importMaxBytes: read.integer('IMPORT_MAX_BYTES', 20 * 1024 ** 3, 1024, 1024 ** 4),
    importTimeoutSeconds: read.integer('IMPORT_TIMEOUT_SECONDS', 60, 1, 3600),
  }
  const aiBase = read.httpUrl('AI_BASE_URL')
  const aiModel = read.string('AI_MODEL', '')
  if (aiBase && !aiModel) problems.push('AI_MODEL: required with AI_BASE_URL')
  if (aiBase && aiModel) config.ai = { baseUrl: aiBase.replace(/\/+$/, ''), apiKey: read.string('AI_API_KEY', '') || null, model: aiModel }
  config.filesDir = path.resolve(read.string('FILES_DIR', path.join(config.dataDir, 'files')))
  if (problems.length) throw new ConfigError(`invalid configuration:\n  ${problems.join('\n  ')}`)
  return config
}

class Reader {
  constructor(
    private env: Env,
    private problems: string[],
  ) {}

  private raw(name: string): string | undefined {
    const value = this.env[name]
    return value === undefined || value.trim() === '' ? undefined : value.trim()
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name)
    if (value === undefined) return fallback
    const n = Number(value)
    if (!/^\d+$/.test(value) || n < min || n > max) {
      this.problems.push(`${name}=${JSON.stringify(value)}: expected a whole number from ${min} to ${max}`)
      return fallback
    }
    return n
  }

  decimal(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name)
    if (value === undefined) return fallback
    const n = Number(value)
    if (!/^\d+(\.\d+)?$/.test(value) || n < min || n > max) {
      this.problems.push(`${name}=${JSON.stringify(value)}: expected a number from ${min} to ${max}`)
      return fallback
    }
    return n
  }

  oneOf(name: string, fallback: string, allowed: string[]): string {
    const value = this.raw(name)
    if (value === undefined) return fallback
    if (!allowed.includes(value)) {
      this.problems.push(`${name}=${JSON.stringify(value)}: expected one of ${allowed.join(', ')}`)
      return fallback
    }
    return value
  }

  list(name: string): string[] {
    const value = this.raw(name)
    return value
      ? value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : []
  }

  databaseUrl(name: string): string | null {
    const value = this.raw(name)
    if (value === undefined) return null
    try {
      const url = new URL(value)
      if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') throw new Error()
      return value
    } catch {
      this.problems.push(`${name}: expected a postgres:// or postgresql:// URL`)
      return null
    }
  }

  /** The URL may hold a password, so a problem never repeats the value. */
  smtpUrl(name: string): string | null {
    const value = this.raw(name)
    if (value === undefined) return null
    try {
      const url = new URL(value)
      if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) throw new Error()
      return value
    } catch {
      this.problems.push(`${name}: expected an smtp:// or smtps:// URL with a host, e.g. smtp://user:pass@mail.example.org:587`)
      return null
    }
  }

  mailbox(name: string, fallback: string): string {
    const value = this.raw(name)
    if (value === undefined) return fallback
    if (value.length > 320 || !/^(?:[^<>@\r\n]* <[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(value)) {
      this.problems.push(`${name}=${JSON.stringify(value)}: expected an address or "Name <address>"`)
      return fallback
    }
    return value
  }

  /** A secret is never repeated in a problem; 16 characters at least, so it cannot be guessed. */
  secret(name: string): string | null {
    const value = this.raw(name)
    if (value === undefined) return null
    if (value.length < 16) {
      this.problems.push(`${name}: expected at least 16 characters`)
      return null
    }
    return value
  }

  objectIds(name: string): string[] {
    const ids = this.list(name)
    const bad = ids.filter((id) => !/^[0-9a-f]{24}$/.test(id))
    if (bad.length) this.problems.push(`${name}: expected user ids (24 hex characters), got ${bad.map((b) => JSON.stringify(b)).join(', ')}`)
    return ids.filter((id) => !bad.includes(id))
  }

  /** A JSON array of providers: [{issuer, audience, jwksUrl | jwksFile, domains?, tenantId?}]. */
  ssoProviders(name: string): SsoProvider[] {
    const value = this.raw(name)
    if (value === undefined) return []
    const problem = (what: string) => {
      this.problems.push(`${name}: ${what}`)
      return []
    }
    let list: unknown
    try {
      list = JSON.parse(value)
    } catch {
      return problem('expected a JSON array of {issuer, audience, jwksUrl or jwksFile, domains?, tenantId?}')
    }
    if (!Array.isArray(list)) return problem('expected a JSON array')
    const providers: SsoProvider[] = []
    for (const [i, p] of list.entries()) {
      const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined)
      const issuer = text(p?.issuer)
      const audience = text(p?.audience)
      const jwksUrl = text(p?.jwksUrl)
      const jwksFile = text(p?.jwksFile)
      const domains =
        Array.isArray(p?.domains) && p.domains.every((d: unknown) => typeof d === 'string')
          ? (p.domains as string[]).map((d) => d.toLowerCase())
          : p?.domains === undefined
            ? []
            : null
      if (!issuer || !audience) return problem(`provider ${i}: issuer and audience are required`)
      if (!jwksUrl === !jwksFile) return problem(`provider ${i}: give exactly one of jwksUrl and jwksFile`)
      if (jwksUrl && !/^https?:\/\//.test(jwksUrl)) return problem(`provider ${i}: jwksUrl must be an http(s) URL`)
      if (!domains) return problem(`provider ${i}: domains must be a list of e-mail domains`)
      providers.push({ issuer, audience, jwksUrl, jwksFile: jwksFile && path.resolve(jwksFile), domains, tenantId: text(p?.tenantId) })
    }
    if (new Set(providers.map((p) => p.issuer)).size !== providers.length) return problem('two providers have the same issuer')
    return providers
  }

  httpUrl(name: string): string | null {
    const value = this.raw(name)
    if (value === undefined) return null
    try {
      const url = new URL(value)
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error()
      if (url.search || url.hash || url.username || url.password) throw new Error()
      return value.replace(/\/+$/, '')
    } catch {
      this.problems.push(`${name}=${JSON.stringify(value)}: expected an http:// or https:// URL without query, fragment or credentials`)
      return null
    }
  }
}
