/**
 * The PostgreSQL primary among the hosts of DATABASE_URL, and connections that follow it.
 *
 * DATABASE_URL may list several hosts as libpq does (`postgres://h1:p1,h2:p2/db?target_session_attrs=read-write`);
 * node-postgres connects to one host only. Every connection the server opens to PostgreSQL (the
 * pool of calls, the LISTEN client and NOTIFY senders of the bus, the HTTP rate-limit store) is made
 * here: it goes to the host found to be the primary, which is asked of each host in turn
 * (`pg_is_in_recovery()` false and `transaction_read_only` off) and remembered until a connection
 * to it is lost or refuses a write. Then the next connection asks again, so after a failover the
 * server follows the new primary without a restart. (libpq's own `read-write` check is the same.)
 *
 * A connection that met the failover (SQLSTATE 25006 read-only, 57P01 terminated, 57P03 starting up,
 * or a dropped socket) is never handed out again by its pool.
 */
import pg from 'pg'
import { postgresHostUrls } from '../config-readers'
import { isDatabaseGap } from '../errors'

interface Host {
  /** The single-host URL node-postgres connects with. */
  url: string
  host: string
  port: number
}

/** How long asking one host may take: a host that is down must not hold up finding the others. */
const ASK_TIMEOUT_MS = 2000
/** How often a caller waiting for a primary asks again. */
const ASK_AGAIN_MS = 250

/** Thrown when no host answers as the primary (between a failover's demotion and promotion). */
export class NoPrimary extends Error {
  readonly code = 'NOPRIMARY'
  constructor(hosts: Host[]) {
    super(`no primary among ${hosts.map((h) => `${h.host}:${h.port}`).join(', ')}`)
  }
}

function hostOf(url: string): Host {
  const { hostname, port } = new URL(url)
  return { url, host: hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(port || 5432) }
}

async function isPrimary(host: Host): Promise<boolean> {
  const client = new pg.Client({ connectionString: host.url, connectionTimeoutMillis: ASK_TIMEOUT_MS, query_timeout: ASK_TIMEOUT_MS })
  client.on('error', () => {})
  try {
    await client.connect()
    const { rows } = await client.query<{ standby: boolean; read_only: string }>(
      `select pg_is_in_recovery() as standby, current_setting('transaction_read_only') as read_only`,
    )
    return !rows[0]!.standby && rows[0]!.read_only === 'off'
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

/** The hosts of one DATABASE_URL and the one last found to be the primary. */
class Primary {
  readonly hosts: Host[]
  private known: Host | null = null
  private asking: Promise<Host> | null = null
  /** Called when the primary found is another host than before (for the log). */
  onChange: (host: Host) => void = () => {}

  constructor(databaseUrl: string) {
    this.hosts = postgresHostUrls(databaseUrl).map(hostOf)
    // One host: nothing to choose; a failover behind one address (a proxy) is followed by reconnecting.
    if (this.hosts.length === 1) this.known = this.hosts[0]!
  }

  /** The primary: the one known, else the first host (in the URL's order) that answers as one; NoPrimary when none does. */
  find(): Promise<Host> {
    if (this.known) return Promise.resolve(this.known)
    this.asking ??= (async () => {
      const answers = await Promise.all(this.hosts.map(isPrimary))
      const found = this.hosts.find((_, i) => answers[i])
      if (!found) throw new NoPrimary(this.hosts)
      this.known = found
      this.onChange(found)
      return found
    })().finally(() => (this.asking = null))
    return this.asking
  }

  /** A connection to `host` met the failover: the next connection asks again (unless only one host is listed). */
  lost(host: Host) {
    if (this.hosts.length > 1 && this.known === host) this.known = null
  }

  /** Resolves true once a primary answers, false when `until` (epoch ms) passes first. */
  async waitUntilFound(until: number): Promise<boolean> {
    for (;;) {
      const found = await this.find().then(
        (host) => isPrimary(host),
        () => false,
      )
      if (found) return true
      if (this.known) this.lost(this.known)
      if (Date.now() + ASK_AGAIN_MS > until) return false
      await new Promise((resolve) => setTimeout(resolve, ASK_AGAIN_MS))
    }
  }
}

/** One Primary per URL: the pool, the bus and the rate-limit store of a process share what they learnt. */
const primaries = new Map<string, Primary>()
const primaryOf = (databaseUrl: string) => {
  let primary = primaries.get(databaseUrl)
  if (!primary) primaries.set(databaseUrl, (primary = new Primary(databaseUrl)))
  return primary
}

/** Tells `log` whenever the server's connections move to another primary. */
export function onPrimaryChange(databaseUrl: string, log: (host: string) => void) {
  primaryOf(databaseUrl).onChange = (host) => log(`${host.host}:${host.port}`)
}

/** Resolves true once a primary answers (a caller that met the failover may try again), false at `until` (epoch ms). */
export function waitForPrimary(databaseUrl: string, until: number): Promise<boolean> {
  return primaryOf(databaseUrl).waitUntilFound(until)
}

/**
 * A node-postgres client whose `connect` goes to the primary of its URL's hosts. It remembers when it
 * met the failover (`metFailover`): its pool then ends it instead of handing it out again.
 */
function clientClass(primary: Primary) {
  return class PrimaryClient extends pg.Client {
    metFailover = false
    private target: Host = primary.hosts[0]!

    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionString: primary.hosts[0]!.url })
      const failed = () => {
        this.metFailover = true
        primary.lost(this.target)
      }
      // Errors the server sends on this connection (a statement refused as read-only, a shutdown) ...
      this.connection.on('errorMessage', (message: unknown) => isDatabaseGap(message) && failed())
      // ... and the socket dropping.
      this.on('error', failed)
      this.on('end', () => !this.ending && failed())
    }

    private get ending() {
      return (this as unknown as { _ending: boolean })._ending
    }

    // node-postgres connects to this.host and this.port: set them to the primary's first.
    override connect(): Promise<pg.Client>
    override connect(callback: (err: Error | null, client?: pg.Client) => void): void
    override connect(callback?: (err: Error | null, client?: pg.Client) => void): Promise<pg.Client> | void {
      const connected = primary.find().then((host) => {
        this.target = host
        this.host = host.host
        this.port = host.port
        return super.connect()
      })
      if (!callback) return connected
      connected.then((client) => callback(null, client), callback)
    }
  }
}

/** A pool whose clients connect to the primary of `databaseUrl`'s hosts. */
export function primaryPool(databaseUrl: string, options: Omit<pg.PoolConfig, 'connectionString' | 'Client'>): pg.Pool {
  const pool = new pg.Pool({ ...options, Client: clientClass(primaryOf(databaseUrl)) })
  // A client that met the failover is ended as it comes back, not kept idle for the next caller.
  // (pg-pool reads `_ending` on release to decide; it documents no public way to drop a client.)
  pool.on('release', (_err: Error | undefined, client: pg.PoolClient) => {
    if ((client as unknown as { metFailover: boolean }).metFailover) (client as unknown as { _ending: boolean })._ending = true
  })
  // An idle client whose connection drops emits 'error' on the pool: it is removed there; nothing to report.
  pool.on('error', () => {})
  return pool
}

/** A client connected to the primary of `databaseUrl`'s hosts (the LISTEN connection). */
export async function primaryClient(databaseUrl: string): Promise<pg.Client> {
  const client = new (clientClass(primaryOf(databaseUrl)))()
  await client.connect()
  return client
}
