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
