/**
 * The multi-host DATABASE_URL (server/db/hosts.ts reads it) and what counts as a failover's error
 * (server/errors.ts): a unit spec; the failover itself is spec/failover/failover.spec.ts.
 */
import { loadConfig } from '../../server/config'
import { postgresHostUrls } from '../../server/config-readers'
import { isDatabaseGap, toWireError } from '../../server/errors'

test("DATABASE_URL takes libpq's multi-host form; each host becomes a URL of its own, without target_session_attrs", () => {
  const url = 'postgres://hlr:s%40cret@10.0.0.11:5432,10.0.0.12:5433,[::1]/hlr?target_session_attrs=read-write&application_name=x'
  expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url)
  expect(postgresHostUrls(url)).toEqual([
    'postgres://hlr:s%40cret@10.0.0.11:5432/hlr?application_name=x',
    'postgres://hlr:s%40cret@10.0.0.12:5433/hlr?application_name=x',
    'postgres://hlr:s%40cret@[::1]/hlr?application_name=x',
  ])
  expect(postgresHostUrls('postgresql://db.example/hlr')).toEqual(['postgresql://db.example/hlr'])
  for (const bad of ['postgres://h1:5432,h2:99999/hlr', 'mysql://h1,h2/db', 'postgres://h1:5432,/hlr']) {
    expect(() => loadConfig({ DATABASE_URL: bad })).toThrow(/DATABASE_URL/)
  }
})

test("a failover's errors are told from a statement's, and answered 503 with retryAfter", () => {
  const gaps = [
    { code: '25006', message: 'cannot execute INSERT in a read-only transaction' },
    { code: '57P01', message: 'terminating connection due to administrator command' },
    { code: '57P03', message: 'the database system is starting up' },
    { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:6001' },
    new Error('Connection terminated unexpectedly'),
    new Error('Client has encountered a connection error and is not queryable'),
    { code: 'NOPRIMARY', message: 'no primary among 127.0.0.1:6001, 127.0.0.1:6002' },
  ]
  const log = { error: () => {} }
  for (const err of gaps) {
    expect(isDatabaseGap(err)).toBe(true)
    expect(toWireError(err, log)).toEqual({ code: 503, msg: expect.any(String), details: { reason: 'failover', retryAfter: expect.any(Number) } })
  }
  for (const err of [{ code: '23505' }, { code: '40001' }, new Error('boom'), null, 'text']) expect(isDatabaseGap(err)).toBe(false)
})
