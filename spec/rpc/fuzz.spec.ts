/**
 * The schema-driven fuzz: every built operation (read from schemas/ops/, so new ones join by
 * themselves) is called over a socket with arguments generated from its schema, valid and
 * invalid, signed in as the owner of a fresh workspace. Any 500, any reply that is neither a
 * result nor {code, msg}, a socket the server closes, or a dead server fails the test.
 * Seeded (FUZZ_SEED, default fixed) and bounded (FUZZ_RUNS calls per operation).
 */
import fc from 'fast-check'
import { Client } from '../helpers/client'
import { operationSchemas, argumentsArbitrary, type IdPool } from '../helpers/schema-walk'
import { startServer, type RunningServer } from '../helpers/server'
import { signedIn } from '../helpers/users'

const SEED = Number(process.env.FUZZ_SEED ?? 20261122)
const RUNS = Number(process.env.FUZZ_RUNS ?? 12)
const CODES = new Set([400, 401, 403, 404, 409, 413, 415, 422, 429, 501, 503])
const OBJECT_ID = /^[0-9a-f]{24}$/

jest.setTimeout(600_000)

let server: RunningServer
beforeAll(async () => {
  // Its own server: the fuzz may sign out, leave or delete what it is given, and a crash must show.
  server = await startServer({ WS_MESSAGES_PER_SECOND: '1000000' })
})
afterAll(() => server.stop())

/** Whatever a reply frame must look like. */
function replyProblem(reply: any): string | null {
  if (reply && 'result' in reply && !('error' in reply)) return null
  const error = reply?.error
  if (!error || typeof error.code !== 'number' || typeof error.msg !== 'string') return `not a result nor {code, msg}: ${JSON.stringify(reply).slice(0, 300)}`
  if (!CODES.has(error.code)) return `answered ${error.code}: ${error.msg}`
  return null
}

/** Ids of real records found in results, mixed into the next calls' id positions. */
function harvest(value: unknown, pool: IdPool, depth = 0) {
  if (depth > 4 || pool.ids.length > 200) return
  if (typeof value === 'string' && OBJECT_ID.test(value) && !pool.ids.includes(value)) pool.ids.push(value)
  else if (Array.isArray(value)) value.slice(0, 20).forEach((v) => harvest(v, pool, depth + 1))
  else if (value && typeof value === 'object')
    Object.values(value)
      .slice(0, 40)
      .forEach((v) => harvest(v, pool, depth + 1))
}

test(`every built operation, ${RUNS} generated calls each (seed ${SEED}), answers a result or a caller's error`, async () => {
  const ops = operationSchemas()
  const failures: string[] = []
  let built = 0
  const tally: Record<string, number> = {}
  const pool: IdPool = { ids: [] }
  const owner = async (ids: IdPool) => {
    const me = await signedIn('fuzz', server.wsUrl)
    ids.ids = [me.uid, me.cid]
    harvest(await me.client.call('v2.network.get', me.cid), ids)
    return me
  }
  for (const [index, op] of ops.entries()) {
    // A fresh owner per operation: what one operation removes does not starve the next.
    let me = await owner(pool)
    try {
      const probe = await me.client.send(op.name, [])
      if (probe.error?.code === 501) continue
      built++
      const samples = fc.sample(argumentsArbitrary(op, pool), { seed: SEED + index, numRuns: RUNS })
      for (const args of samples) {
        const call = `${op.name}(${JSON.stringify(args).slice(0, 300)})`
        let timer: NodeJS.Timeout | undefined
        const reply: any = await Promise.race([
          me.client.send(op.name, args),
          me.client.closed.then((closedBy) => ({ closedBy })),
          new Promise((resolve) => (timer = setTimeout(() => resolve({ timedOut: true }), 20_000))),
        ])
        clearTimeout(timer)
        if (server.child.exitCode !== null) throw new Error(`the server died during ${call}:\n${server.output().slice(-2000)}`)
        if (reply.closedBy?.reason === 'session ended') {
          // The call ended its own session (sign-out, account removal): legitimate; go on as someone new.
          me = await owner(pool)
          continue
        }
        const problem = reply.closedBy
          ? `the server closed the socket (${JSON.stringify(reply.closedBy)})`
          : reply.timedOut
            ? 'no reply within 20 s'
            : replyProblem(reply)
        tally[reply.error?.code ?? 200] = (tally[reply.error?.code ?? 200] ?? 0) + 1
        if (problem) failures.push(`${call}: ${problem}`)
        else harvest(reply.result, pool)
        if (reply.closedBy || reply.timedOut) break
      }
    } finally {
      await me.client.close()
    }
  }
  expect(built).toBeGreaterThan(100)
  expect({ failures, tally }).toEqual({ failures: [], tally })
  expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
  expect(server.output()).not.toContain('"msg":"internal error"')
})
