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
  /** Deadline of one function evaluation, ms. */
  functionDeadlineMs: number
  /** Function evaluations a write makes in its own transaction; the rest go to the queue. */
  functionWriteBudget: number
  /** How often the queue of function values to evaluate is looked at, ms. */
  functionDrainMs: number
  /** quickjs (always, but for the benchmark's baseline: unsandboxed-benchmark, which runs code unprotected). */
  functionEvaluator: 'quickjs' | 'unsandboxed-benchmark'
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
    functionDeadlineMs: read.integer('FUNCTION_DEADLINE_MS', 50, 1, 10_000),
    functionWriteBudget: read.integer('FUNCTION_WRITE_BUDGET', 2000, 0, 1_000_000),
    functionDrainMs: read.integer('FUNCTION_DRAIN_MS', 100, 10, 86_400_000),
    ai: null,
    functionEvaluator: read.oneOf('FUNCTION_EVALUATOR', 'quickjs', ['quickjs', 'unsandboxed-benchmark']) as Config['functionEvaluator'],
    eventRetentionHours: read.decimal('EVENT_RETENTION_HOURS', 24, 0.0001, 24 * 365),
    exportKeepHours: read.integer('EXPORT_KEEP_HOURS', 24, 1, 24 * 365),
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
  constructor(private env: Env, private problems: string[]) {}

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
    return value ? value.split(',').map((s) => s.trim()).filter(Boolean) : []
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
