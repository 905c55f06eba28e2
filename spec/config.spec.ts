import fs from 'node:fs'
import path from 'node:path'
import { ConfigError, environment, loadConfig } from '../server/config'
import { Client } from './helpers/client'
import { startServer, tempDataDir } from './helpers/server'

test('defaults: PGlite in ./data on 127.0.0.1:8080', () => {
  const config = loadConfig({})
  expect(config).toMatchObject({ host: '127.0.0.1', port: 8080, databaseUrl: null, dataDir: path.resolve('./data') })
})

test('every bad value is named in one error', () => {
  expect(() => loadConfig({ PORT: '70000', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError)
  try {
    loadConfig({ PORT: '70000', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' })
  } catch (err) {
    const message = (err as Error).message
    expect(message).toContain('PORT="70000"')
    expect(message).toContain('LOG_LEVEL="loud"')
    expect(message).toContain('DATABASE_URL')
  }
})

test('DELIVER_EVENTS: true by default; false only with PostgreSQL, where another process delivers', () => {
  expect(loadConfig({}).deliverEvents).toBe(true)
  expect(() => loadConfig({ DELIVER_EVENTS: 'false' })).toThrow(/DELIVER_EVENTS: false needs DATABASE_URL/)
  expect(() => loadConfig({ DELIVER_EVENTS: 'no' })).toThrow(/DELIVER_EVENTS="no"/)
  expect(loadConfig({ DELIVER_EVENTS: 'false', DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' }).deliverEvents).toBe(false)
})

test('DATABASE_URL switches to a PostgreSQL server; ALLOWED_ORIGINS is a list', () => {
  const config = loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db', ALLOWED_ORIGINS: 'https://a.example, https://b.example' })
  expect(config.databaseUrl).toBe('postgres://u:p@127.0.0.1:5432/db')
  expect(config.allowedOrigins).toEqual(['https://a.example', 'https://b.example'])
})

test('keys and the door: defaults, and every bad value named (secrets never repeated)', () => {
  expect(loadConfig({})).toMatchObject({
    apiKeyLifetimeSeconds: 90 * 24 * 3600,
    powDifficulty: 18,
    powChallengeSeconds: 300,
    registrationsPerHour: 5,
    loginFreeFailuresPerAccount: 5,
    loginFreeFailuresPerAddress: 20,
    keyGuessesPerAddress: 20,
    ssoProviders: [],
    botSecret: null,
    botAdminUids: [],
  })
  const good = loadConfig({
    SSO_PROVIDERS: '[{"issuer":"https://id.example","audience":"client","jwksUrl":"https://id.example/jwks","domains":["Corp.Example"],"tenantId":"t"}]',
    BOT_SECRET: 'a secret of sixteen+',
    BOT_ADMIN_UIDS: '0123456789abcdef01234567',
  })
  expect(good.ssoProviders).toEqual([
    { issuer: 'https://id.example', audience: 'client', jwksUrl: 'https://id.example/jwks', domains: ['corp.example'], tenantId: 't' },
  ])
  expect(good.botAdminUids).toEqual(['0123456789abcdef01234567'])

  const bad = {
    API_KEY_LIFETIME_SECONDS: String(366 * 24 * 3600),
    POW_DIFFICULTY: '40',
    SSO_PROVIDERS: '[{"issuer":"https://id.example","audience":"client"}]',
    BOT_SECRET: 'short',
    BOT_ADMIN_UIDS: 'ada',
  }
  let message = ''
  try {
    loadConfig(bad)
  } catch (err) {
    message = (err as Error).message
  }
  for (const name of Object.keys(bad)) expect(message).toContain(name)
  expect(message).not.toContain('short')
  expect(() => loadConfig({ SSO_PROVIDERS: 'not json' })).toThrow('SSO_PROVIDERS')
})

describe('the .env file', () => {
  const folderWith = (files: Record<string, string>) => {
    const dir = tempDataDir()
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text)
    return dir
  }

  test('.env of the working directory is read; the environment wins; quotes, comments and export-less lines as node --env-file', () => {
    const cwd = folderWith({ '.env': '# a comment\nPORT=9000\nLOG_LEVEL=debug\nMAIL_FROM="Team <team@example.org>"\nHOST=0.0.0.0\n' })
    const env = environment({ HOST: '127.0.0.1' }, cwd)
    expect(env).toMatchObject({ PORT: '9000', LOG_LEVEL: 'debug', MAIL_FROM: 'Team <team@example.org>', HOST: '127.0.0.1' })
    expect(loadConfig(env)).toMatchObject({ port: 9000, logLevel: 'debug', host: '127.0.0.1', mailFrom: 'Team <team@example.org>' })
  })

  test('no .env: the environment alone; ENV_FILE names another file, empty reads none, missing stops the start', () => {
    const cwd = folderWith({ '.env': 'PORT=9000\n', 'other.env': 'PORT=9001\n' })
    expect(environment({}, folderWith({}))).toEqual({})
    expect(environment({ ENV_FILE: 'other.env' }, cwd).PORT).toBe('9001')
    expect(environment({ ENV_FILE: '' }, cwd).PORT).toBeUndefined()
    expect(() => environment({ ENV_FILE: 'missing.env' }, cwd)).toThrow(/ENV_FILE: cannot read .*missing\.env/)
  })

  test('the server started in a folder with a .env takes its settings, and the environment wins over it', async () => {
    // PORT=1 in the file would fail (privileged): the environment's PORT=0 wins. The frame limit comes from the file.
    const cwd = folderWith({ '.env': 'PORT=1\nWS_MAX_PAYLOAD_BYTES=2048\n' })
    const server = await startServer({ ENV_FILE: undefined }, 60_000, { cwd })
    try {
      const client = await Client.connect({ url: server.wsUrl })
      expect((await client.send('no.such.op')).error.code).toBe(501)
      client.ws.send(JSON.stringify({ id: 1, op: 'login', args: ['x'.repeat(4096), 'y'] }))
      expect((await client.closed).code).toBe(1009)
    } finally {
      await server.stop()
    }
  })
})

test('EVENT_RETENTION_HOURS: 24 by default, fractions allowed, zero or words refused', () => {
  expect(loadConfig({}).eventRetentionHours).toBe(24)
  expect(loadConfig({ EVENT_RETENTION_HOURS: '0.5' }).eventRetentionHours).toBe(0.5)
  expect(() => loadConfig({ EVENT_RETENTION_HOURS: '0' })).toThrow('EVENT_RETENTION_HOURS="0"')
  expect(() => loadConfig({ EVENT_RETENTION_HOURS: 'a day' })).toThrow('EVENT_RETENTION_HOURS="a day"')
})

test('FILE_STORE: the local disk by default; s3 takes the S3_* variables and needs a bucket, and both keys or neither', () => {
  expect(loadConfig({}).fileStore).toEqual({ kind: 'local' })
  const s3 = { FILE_STORE: 's3', S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:8380/', S3_ACCESS_KEY_ID: 'test:tester', S3_SECRET_ACCESS_KEY: 'testing' }
  expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'true' }).fileStore).toEqual({
    kind: 's3',
    endpoint: 'http://127.0.0.1:8380',
    region: 'us-east-1',
    bucket: 'files',
    credentials: { accessKeyId: 'test:tester', secretAccessKey: 'testing' },
    forcePathStyle: true,
  })
  expect(loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'files' }).fileStore).toMatchObject({ endpoint: null, credentials: null, forcePathStyle: false })
  expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow('S3_BUCKET: required with FILE_STORE=s3')
  expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toThrow('S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together')
  expect(() => loadConfig({ FILE_STORE: 'disk' })).toThrow('FILE_STORE="disk"')
  expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow('S3_FORCE_PATH_STYLE="yes"')
  expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'ftp://x' })).toThrow('S3_ENDPOINT="ftp://x"')
})
