/**
 * How the text of a variable becomes its value, with the bounds and the problem message; the
 * entries of VARIABLES in server/config.ts name one reader each.
 */
import path from 'node:path'

/** How a variable's text becomes its value. */
export interface Reader<T> {
  /** What the variable takes, with its bounds, as the docs print it. */
  type: string
  /**
   * The value of `text`: the variable trimmed, else its default, else ''. Throws Invalid when the
   * text is bad. `textOf` gives another variable's text the same way.
   */
  parse(text: string, textOf: (env: string) => string): T
}

export interface SsoProvider {
  /** The token's `iss` must equal this. */
  issuer: string
  /** The token's `aud` must contain this (the client id the provider issued to us). */
  audience: string
  /** Where the provider's signing keys are: an https/http JWKS URL, or a JWKS file. */
  jwksUrl?: string
  jwksFile?: string
  /**
   * E-mail domains whose people sign in with this provider (v3.user.idpUser). The provider may
   * assert addresses in these only; with none listed, any address no other provider lists.
   */
  domains: string[]
  /** Shown by v3.user.idpUser (e.g. an Entra ID tenant). */
  tenantId?: string
}

/** A bad value. The problem repeats it unless it may hold a secret or is long, or names another variable at fault. */
export class Invalid extends Error {
  constructor(
    message: string,
    readonly repeatsValue: boolean,
    readonly env?: string,
  ) {
    super(message)
  }
}

const expected = (what: string) => new Invalid(`expected ${what}`, true)
const refused = (message: string, env?: string) => new Invalid(message, false, env)

const urlOf = (text: string): URL | null => (URL.canParse(text) ? new URL(text) : null)

export function text(): Reader<string> {
  return { type: 'text', parse: (text) => text }
}

/** An empty variable (unset, without default) reads as null. */
export function optional<T>(reader: Reader<T>): Reader<T | null> {
  return { type: reader.type, parse: (text, textOf) => (text ? reader.parse(text, textOf) : null) }
}

export function folder(): Reader<string> {
  return { type: 'folder', parse: (text) => path.resolve(text) }
}

/** FILES_DIR: DATA_DIR/files when empty. */
export function filesFolder(): Reader<string> {
  return { type: 'folder', parse: (text, textOf) => path.resolve(text || path.join(textOf('DATA_DIR'), 'files')) }
}

export function integer(min: number, max: number): Reader<number> {
  return {
    type: `whole number from ${min} to ${max}`,
    parse(text) {
      const n = Number(text)
      if (!/^\d+$/.test(text) || n < min || n > max) throw expected(`a whole number from ${min} to ${max}`)
      return n
    },
  }
}

export function decimal(min: number, max: number): Reader<number> {
  return {
    type: `number from ${min} to ${max}`,
    parse(text) {
      const n = Number(text)
      if (!/^\d+(\.\d+)?$/.test(text) || n < min || n > max) throw expected(`a number from ${min} to ${max}`)
      return n
    },
  }
}

export function oneOf<const T extends readonly string[]>(values: T): Reader<T[number]> {
  return {
    type: `one of ${values.join(', ')}`,
    parse(text) {
      if (!values.includes(text)) throw expected(`one of ${values.join(', ')}`)
      return text as T[number]
    },
  }
}

/**
 * DELIVER_EVENTS: whether this process delivers webhooks and runs automations. Only with
 * PostgreSQL may it be false: a PGlite folder is one process's, so no other would deliver.
 */
export function deliverEvents(): Reader<boolean> {
  const choice = oneOf(['true', 'false'])
  return {
    type: choice.type,
    parse(text, textOf) {
      const deliver = choice.parse(text, textOf) === 'true'
      if (!deliver && !textOf('DATABASE_URL')) throw refused('false needs DATABASE_URL: with PGlite no other process could deliver')
      return deliver
    },
  }
}

/** NODE_ENV: true in development. */
export function developmentMode(): Reader<boolean> {
  const nodeEnv = oneOf(['production', 'development', 'test'])
  return { type: nodeEnv.type, parse: (text, textOf) => nodeEnv.parse(text, textOf) === 'development' }
}

export function list(): Reader<string[]> {
  return {
    type: 'comma-separated list',
    parse: (text) =>
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
  }
}

export function userIds(): Reader<string[]> {
  const ids = list()
  return {
    type: 'comma-separated user ids (24 hex characters each)',
    parse(text, textOf) {
      const all = ids.parse(text, textOf)
      const bad = all.filter((id) => !/^[0-9a-f]{24}$/.test(id))
      if (bad.length) throw refused(`expected user ids (24 hex characters), got ${bad.map((b) => JSON.stringify(b)).join(', ')}`)
      return all
    },
  }
}

/** The URL may hold a password, so a problem never repeats the value. */
export function postgresUrl(): Reader<string> {
  return {
    type: 'postgres:// or postgresql:// URL, with one host or several (`h1:p1,h2:p2`)',
    parse(text) {
      const urls = MULTI_HOST.test(text) ? postgresHostUrls(text) : []
      // Several hosts: each names one (a single URL may leave it to the default).
      const hostless = urls.length > 1 && urls.some((u) => !urlOf(u)?.hostname)
      if (!urls.length || !urls.every((u) => urlOf(u)) || hostless)
        throw refused('expected a postgres:// or postgresql:// URL, e.g. postgres://user:pass@h1:5432,h2:5432/db')
      return text
    },
  }
}

/** scheme://, user:password@, the host list, the rest (path and query). */
const MULTI_HOST = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/s

/**
 * The libpq multi-host form `postgres://u@h1:p1,h2:p2/db?target_session_attrs=read-write` as one
 * single-host URL per host, in order (node-postgres takes one host). target_session_attrs is left
 * out: the server always connects to the primary (server/db/hosts.ts).
 */
export function postgresHostUrls(text: string): string[] {
  const [, scheme, user = '', hosts, rest] = MULTI_HOST.exec(text) ?? []
  if (!scheme) return []
  const [pathname, query = ''] = rest!.split(/\?(.*)/s)
  const params = new URLSearchParams(query)
  params.delete('target_session_attrs')
  const tail = pathname + (params.size ? `?${params}` : '')
  return hosts!.split(',').map((host) => `${scheme}${user}${host}${tail}`)
}

/** The URL may hold a password, so a problem never repeats the value. */
export function smtpUrl(): Reader<string> {
  return {
    type: 'smtp:// or smtps:// URL',
    parse(text) {
      const url = urlOf(text)
      if ((url?.protocol !== 'smtp:' && url?.protocol !== 'smtps:') || !url.hostname) {
        throw refused('expected an smtp:// or smtps:// URL with a host, e.g. smtp://user:pass@mail.example.org:587')
      }
      return text
    },
  }
}

/** Without trailing slashes. */
export function httpUrl(): Reader<string> {
  return {
    type: 'http:// or https:// URL',
    parse(text) {
      const url = urlOf(text)
      if ((url?.protocol !== 'http:' && url?.protocol !== 'https:') || url.search || url.hash || url.username || url.password) {
        throw expected('an http:// or https:// URL without query, fragment or credentials')
      }
      return text.replace(/\/+$/, '')
    },
  }
}

/** FILES_ORIGIN: an http(s) origin (scheme, host, port, nothing after them), another than PUBLIC_URL's. */
export function filesOrigin(): Reader<string> {
  return {
    type: "http:// or https:// origin, not PUBLIC_URL's",
    parse(text, textOf) {
      const url = urlOf(text)
      if ((url?.protocol !== 'http:' && url?.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
        throw expected('an origin such as https://files.example.net (no path, query or credentials)')
      }
      const app = urlOf(textOf('PUBLIC_URL'))
      if (app && app.origin === url.origin) throw refused("must be another origin than PUBLIC_URL's: its point is that user files never share the app's origin")
      return url.origin
    },
  }
}

export function mailbox(): Reader<string> {
  return {
    type: 'address or `Name <address>`',
    parse(text) {
      if (text.length > 320 || !/^(?:[^<>@\r\n]* <[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(text)) throw expected('an address or "Name <address>"')
      return text
    },
  }
}

/** A secret is never repeated in a problem; `min` characters at least, so it cannot be guessed. */
export function secret(min: number): Reader<string> {
  return {
    type: `secret of ${min} characters or more`,
    parse(text) {
      if (text.length < min) throw refused(`expected at least ${min} characters`)
      return text
    },
  }
}

/** A JSON array of providers: [{issuer, audience, jwksUrl | jwksFile, domains?, tenantId?}]. */
export function ssoProviders(): Reader<SsoProvider[]> {
  return {
    type: 'JSON array of `{issuer, audience, jwksUrl | jwksFile, domains?, tenantId?}`',
    parse(value) {
      if (!value) return []
      let list: unknown
      try {
        list = JSON.parse(value)
      } catch {
        throw refused('expected a JSON array of {issuer, audience, jwksUrl or jwksFile, domains?, tenantId?}')
      }
      if (!Array.isArray(list)) throw refused('expected a JSON array')
      const providers: SsoProvider[] = []
      for (const [i, p] of list.entries()) {
        const trimmed = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined)
        const issuer = trimmed(p?.issuer)
        const audience = trimmed(p?.audience)
        const jwksUrl = trimmed(p?.jwksUrl)
        const jwksFile = trimmed(p?.jwksFile)
        const domains =
          Array.isArray(p?.domains) && p.domains.every((d: unknown) => typeof d === 'string')
            ? (p.domains as string[]).map((d) => d.toLowerCase())
            : p?.domains === undefined
              ? []
              : null
        if (!issuer || !audience) throw refused(`provider ${i}: issuer and audience are required`)
        if (!jwksUrl === !jwksFile) throw refused(`provider ${i}: give exactly one of jwksUrl and jwksFile`)
        if (jwksUrl && !/^https?:\/\//.test(jwksUrl)) throw refused(`provider ${i}: jwksUrl must be an http(s) URL`)
        if (!domains) throw refused(`provider ${i}: domains must be a list of e-mail domains`)
        providers.push({ issuer, audience, jwksUrl, jwksFile: jwksFile && path.resolve(jwksFile), domains, tenantId: trimmed(p?.tenantId) })
      }
      if (new Set(providers.map((p) => p.issuer)).size !== providers.length) throw refused('two providers have the same issuer')
      // A domain belongs to one provider: only it may assert addresses there (server/auth/sso.ts).
      const domains = providers.flatMap((p) => [...new Set(p.domains)])
      const shared = domains.find((d, i) => domains.indexOf(d) !== i)
      if (shared) throw refused(`two providers list the domain ${shared}`)
      return providers
    },
  }
}

/** Where files' bytes are kept: FILE_STORE=s3 is an S3-compatible object store, set by the S3_* variables. */
export type FileStoreSettings = { kind: 'local' } | ({ kind: 's3' } & S3Settings)

export interface S3Settings {
  /** Null: Amazon S3 itself. */
  endpoint: string | null
  region: string
  bucket: string
  /** Null: the SDK's default credentials. */
  credentials: { accessKeyId: string; secretAccessKey: string } | null
  forcePathStyle: boolean
}

/** FILE_STORE with S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE. */
export function fileStore(): Reader<FileStoreSettings> {
  const kind = oneOf(['local', 's3'])
  return {
    type: `${kind.type}, with the S3_* variables`,
    parse(text, textOf) {
      if (kind.parse(text, textOf) === 'local') return { kind: 'local' }
      const bucket = textOf('S3_BUCKET')
      if (!bucket) throw refused('required with FILE_STORE=s3', 'S3_BUCKET')
      const accessKeyId = textOf('S3_ACCESS_KEY_ID')
      const secretAccessKey = textOf('S3_SECRET_ACCESS_KEY')
      if (!accessKeyId !== !secretAccessKey)
        throw refused('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together', accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID')
      return {
        kind: 's3',
        endpoint: textOf('S3_ENDPOINT').replace(/\/+$/, '') || null,
        region: textOf('S3_REGION'),
        bucket,
        credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
        forcePathStyle: textOf('S3_FORCE_PATH_STYLE') === 'true',
      }
    },
  }
}

/** AI_BASE_URL with AI_MODEL (required) and AI_API_KEY: the endpoint of function assist, or null. */
export function aiEndpoint(): Reader<{ baseUrl: string; apiKey: string | null; model: string } | null> {
  const url = optional(httpUrl())
  return {
    type: `${url.type}, with AI_MODEL`,
    parse(text, textOf) {
      const baseUrl = url.parse(text, textOf)
      if (!baseUrl) return null
      const model = textOf('AI_MODEL')
      if (!model) throw refused('required with AI_BASE_URL', 'AI_MODEL')
      return { baseUrl, apiKey: textOf('AI_API_KEY') || null, model }
    },
  }
}
