/**
 * PostgreSQL failover under load (docs/deploy.md, PostgreSQL failover): a server on the multi-host
 * DATABASE_URL of a pg_auto_failover formation (monitor, primary, synchronous standby), writers
 * creating teams through a planned failover and through kill -9 of the primary's postmaster. Every
 * acknowledged write is stored; writes with idempotency keys are run again by the server and never
 * fail nor happen twice; a write without a key is answered 503 with retryAfter or done; the sockets
 * stay open and hear every signal once, in order; a socket away during both resumes with nothing
 * lost; the event log's seqs have no hole.
 *
 * Needs pg_auto_failover (Debian: postgresql-15-auto-failover, pg-auto-failover-cli) and root or the
 * postgres user; .ci/run runs it once, apart from the wire lane (its own formation and server).
 */
import { Client, type Signal } from '../helpers/client'
import { onPrimary, startFormation, storedTeams, Writers, type Formation } from '../helpers/failover'
import { startServer, type RunningServer } from '../helpers/server'
import { expectStrictlyIncreasing, lastSeqOf, teamsHeard } from '../helpers/stream'
import { signedIn } from '../helpers/users'

let formation: Formation
let server: RunningServer

beforeAll(async () => {
  formation = await startFormation()
  server = await startServer({ DATABASE_URL: formation.url, DB_FAILOVER_WAIT_SECONDS: '60' })
}, 300_000)

afterAll(async () => {
  await server?.stop()
  await formation?.stop()
}, 120_000)

test('writers through a planned failover and a crash of the primary: every acknowledged write stored, every signal heard once', async () => {
  const owner = await signedIn('failover', server.wsUrl)
  await owner.client.call('resume')
  const away = await Client.connect({ url: server.wsUrl, key: owner.key })
  await away.call('resume')

  const writers = new Writers(server.wsUrl, owner.key)
  await writers.start(4, 1)
  await writers.more(20)
  // The socket that will be away during both: what it heard so far, and where it stood.
  await away.close()

  await formation.failover()
  await writers.more(20)
  // The server moved to the other node (it logs each primary it finds).
  const primaries = [...server.output().matchAll(/database primary: (127\.0\.0\.1:\d+)/g)].map((m) => m[1])
  expect(new Set(primaries).size).toBe(2)

  await formation.crash()
  await writers.more(20)
  await writers.stop()

  // Every acknowledged write is stored, once.
  const stored = await storedTeams(formation.url)
  const acknowledged = writers.acks.map((a) => a.id)
  expect(new Set(acknowledged).size).toBe(acknowledged.length)
  expect(stored).toEqual(expect.arrayContaining(acknowledged))
  // Writes with a key were run again by the server: none failed.
  expect(writers.keyedErrors).toEqual([])
  // The write without a key met the failovers, and was told so each time; stored beyond the acknowledged are only such writes.
  expect(writers.refused.length).toBeGreaterThan(0)
  for (const error of writers.refused) expect(error).toMatchObject({ code: 503, details: { reason: 'failover', retryAfter: expect.any(Number) } })
  expect(stored.length - acknowledged.length).toBeLessThanOrEqual(writers.refused.length)

  // The sockets stayed open; the listening one heard every stored team once, in seq order.
  expect(writers.allOpen).toBe(true)
  expect(owner.client.ws.readyState).toBe(owner.client.ws.OPEN)
  const last = stored.at(-1)
  await owner.client.waitForSignal('company.team.created', (m) => m._id === last, 10_000)
  expect([...teamsHeard(owner.client)].sort()).toEqual([...stored].sort())
  expectStrictlyIncreasing(owner.client)

  // The socket away during both failovers resumes: it hears exactly what it missed, in order.
  const back = await Client.connect({ url: server.wsUrl, key: owner.key })
  const resumed = await back.call('resume', lastSeqOf(away))
  expect(resumed.reset).toBe(false)
  expect([...teamsHeard(away), ...teamsHeard(back)].sort()).toEqual([...stored].sort())
  const missed = owner.client.signals.filter((s: Signal) => s.seq! > lastSeqOf(away))
  expect(back.signals.map((s: Signal) => s.seq)).toEqual(missed.map((s) => s.seq))

  // No hole in the event log's seqs, though the primary crashed (a sequence would have skipped ahead).
  const { rows } = await onPrimary(formation.url, 'select count(*)::int as n, min(seq)::int as first, max(seq)::int as last from event_log')
  expect(rows[0].last - rows[0].first + 1).toBe(rows[0].n)

  // Nothing the failovers did was an error of the server's own (pino level 50: an internal error, a failed delivery).
  expect(
    server
      .output()
      .split('\n')
      .filter((line) => line.includes('"level":50')),
  ).toEqual([])

  await Promise.all([writers.close(), back.close(), owner.client.close()])
}, 600_000)
