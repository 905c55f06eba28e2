import path from 'node:path'
import { ConfigError, loadConfig } from '../server/config'

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
  expect(good.ssoProviders).toEqual([{ issuer: 'https://id.example', audience: 'client', jwksUrl: 'https://id.example/jwks', domains: ['corp.example'], tenantId: 't' }])
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
