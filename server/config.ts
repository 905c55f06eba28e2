/**
 * The only reader of process.env and of the .env file. VARIABLES lists every variable once: the
 * Config type, loadConfig, .env.example and docs/configuration.md are made from it
 * (`npm run readme` writes the two files; spec/readme.spec.ts fails when they are stale).
 * How a text is read, and its problem message, is in config-readers.ts. A bad value stops the start
 * with one message that names every problem.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseEnv } from 'node:util'
import {
  aiEndpoint,
  decimal,
  deliverEvents,
  developmentMode,
  filesFolder,
  filesOrigin,
  fileStore,
  folder,
  httpUrl,
  integer,
  Invalid,
  list,
  mailbox,
  oneOf,
  optional,
  postgresUrl,
  type Reader,
  secret,
  smtpUrl,
  ssoProviders,
  text,
  userIds,
} from './config-readers'

export type { SsoProvider } from './config-readers'

/** The largest API key lifetime there is: a key never outlives a year. */
export const API_KEY_MAX_LIFETIME_SECONDS = 365 * 24 * 3600

const KiB = 1024
const MiB = 1024 ** 2
const GiB = 1024 ** 3
const TiB = 1024 ** 4

export interface Variable {
  env: string
  /** The Config property the value goes to; none when another entry's reader takes the text in. */
  key?: string
  read: Reader<unknown>
  /** An unset or empty variable reads as if it held this. */
  default?: string | number
  /** What the variable does, for .env.example and docs/configuration.md. */
  doc: string
}

type Entry = (typeof VARIABLES)[number]

/** The server's settings: one property per keyed entry of VARIABLES, of the type its reader returns. */
export type Config = { [V in Extract<Entry, { key: string }> as V['key']]: ReturnType<V['read']['parse']> }

/**
 * Every variable the server reads: its name, the Config property it sets, how its text is read
 * (with its bounds), the value when it is unset or empty, and what it does. A variable without a key
 * is read by another entry's reader (AI_API_KEY and AI_MODEL by AI_BASE_URL's).
 */
export const VARIABLES = [
  {
    env: 'HOST',
    key: 'host',
    read: text(),
    default: '127.0.0.1',
    doc: 'Interface to listen on: 127.0.0.1 keeps the server private to this machine, 0.0.0.0 listens on all.',
  },
  { env: 'PORT', key: 'port', read: integer(0, 65535), default: 8080, doc: 'TCP port of both HTTP and the WebSocket (`/ws`); 0 picks a free port.' },
  {
    env: 'DATA_DIR',
    key: 'dataDir',
    read: folder(),
    default: './data',
    doc: 'Folder of the embedded PGlite database (`DATA_DIR/pgdata`) and the other server data.',
  },
  {
    env: 'DATABASE_URL',
    key: 'databaseUrl',
    read: optional(postgresUrl()),
    doc: 'PostgreSQL server to use instead of the embedded PGlite, e.g. `postgres://user:pass@127.0.0.1:5432/hlr`; empty: PGlite in DATA_DIR. Several hosts of one HA formation as libpq writes them, `postgres://user@h1:5432,h2:5432/hlr?target_session_attrs=read-write`: the server connects to the one that is the primary and follows it after a failover (docs/deploy.md, PostgreSQL failover).',
  },
  {
    env: 'DB_FAILOVER_WAIT_SECONDS',
    key: 'dbFailoverWaitSeconds',
    read: integer(0, 600),
    default: 30,
    doc: 'How long a call that meets a PostgreSQL failover (its connection dropped, or the server no longer the primary) waits for the new primary and runs again, when running it again is safe: a read, or a write with an idempotency key. Other writes, and calls still waiting after this, are answered 503 with `details.retryAfter`.',
  },
  {
    env: 'DATABASE_DIRECT_URL',
    key: 'databaseDirectUrl',
    read: optional(postgresUrl()),
    doc: 'With DATABASE_URL pointing at a transaction pooler (PgBouncer `pool_mode = transaction`): the same database reached without it, for what needs a session of its own (the LISTEN connection of the events between processes, the shared HTTP rate limit, whose statements are named, and the migrations, which hold a session lock); empty: DATABASE_URL. See docs/deploy.md.',
  },
  {
    env: 'DB_NAMED_STATEMENTS',
    key: 'namedStatements',
    read: oneOf(['true', 'false']),
    default: 'true',
    doc: "`false` behind a transaction pooler: every statement to the PostgreSQL server is sent unnamed (PGlite keeps naming them), since a pooled server connection may hold another client's statement of the same name (PgBouncer before 1.21); `true` names the short data statements so each connection plans them once (faster: see the limits measured in docs/deploy.md).",
  },
  {
    env: 'PGLITE_SHARED_BUFFERS_MB',
    key: 'pgliteSharedBuffersMb',
    read: integer(1, 1024),
    default: 160,
    doc: "The embedded PGlite's buffer cache in MiB (PostgreSQL's `shared_buffers`; 160 is PGlite's own default), allocated in full inside the server process at start: 16 makes an idle server about 200 MiB smaller and large workflows slower; the operating system's file cache still holds the database files.",
  },
  {
    env: 'DB_STATEMENT_LOG',
    key: 'statementLog',
    read: optional(text()),
    doc: 'A file every database statement is appended to as a JSON line `{sql, parameters, started, ended}`; for `npm run bench:rpc` only (slow).',
  },
  {
    env: 'LOG_LEVEL',
    key: 'logLevel',
    read: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    default: 'info',
    doc: 'Level of the log (pino).',
  },
  { env: 'NODE_ENV', key: 'devMode', read: developmentMode(), default: 'production', doc: '`development` adds `debug: {op}` to error objects.' },
  {
    env: 'ALLOWED_ORIGINS',
    key: 'allowedOrigins',
    read: list(),
    doc: "Browser origins allowed to open `/ws` and to send changes with the session cookie, besides the server's own host and PUBLIC_URL's origin (e.g. `https://app.example.org`); `*` allows any. See docs/security.md.",
  },
  {
    env: 'SESSION_IDLE_SECONDS',
    key: 'sessionIdleSeconds',
    read: integer(1, 365 * 24 * 3600),
    default: 14 * 24 * 3600,
    doc: 'A session key expires after this many seconds without use (default 14 days).',
  },
  {
    env: 'WS_MAX_PAYLOAD_BYTES',
    key: 'wsMaxPayloadBytes',
    read: integer(KiB, 64 * MiB),
    default: MiB,
    doc: 'Largest WebSocket frame accepted; a larger one closes that socket with 1009.',
  },
  {
    env: 'WS_MAX_BUFFERED_BYTES',
    key: 'wsMaxBufferedBytes',
    read: integer(KiB, GiB),
    default: 8 * MiB,
    doc: 'A socket whose unsent output exceeds this many bytes is closed (slow consumer).',
  },
  {
    env: 'WS_MESSAGES_PER_SECOND',
    key: 'wsMessagesPerSecond',
    read: integer(1, 1_000_000),
    default: 200,
    doc: 'Messages per second one socket may send (bursts of twice that); beyond it calls are answered with 429 and the socket stays usable.',
  },
  {
    env: 'WS_HEARTBEAT_SECONDS',
    key: 'wsHeartbeatSeconds',
    read: integer(1, 3600),
    default: 30,
    doc: 'Interval of the ping that detects dead sockets; a socket that missed the previous pong is dropped.',
  },
  {
    env: 'WS_MAX_CONNECTIONS',
    key: 'wsMaxConnections',
    read: integer(1, 1_000_000),
    default: 10_000,
    doc: 'Most WebSocket connections the process accepts at once (503 at the upgrade beyond).',
  },
  {
    env: 'WS_MAX_ANONYMOUS_PER_ADDRESS',
    key: 'wsMaxAnonymousPerAddress',
    read: integer(1, 1_000_000),
    default: 50,
    doc: "Most WebSocket connections not signed in that one client address (an IPv6 address: its /64) may hold at once in a process (429 at the upgrade beyond). Behind a reverse proxy every client has the proxy's address: raise it there.",
  },
  {
    env: 'WS_MAX_SIGNED_IN_PER_ADDRESS',
    key: 'wsMaxSignedInPerAddress',
    read: integer(1, 1_000_000),
    default: 500,
    doc: 'Most signed-in WebSocket connections one client address (an IPv6 address: its /64) may hold at once in a process; beyond, the upgrade with a key or the sign-in on a socket answers 429. A socket that signed in keeps its slot until it closes.',
  },
  { env: 'HTTP_MAX_BODY_BYTES', key: 'httpMaxBodyBytes', read: integer(KiB, 64 * MiB), default: MiB, doc: 'Largest `/api` request body (413 beyond).' },
  {
    env: 'HTTP_REQUESTS_PER_SECOND',
    key: 'httpRequestsPerSecond',
    read: integer(1, 1_000_000),
    default: 100,
    doc: 'HTTP requests per second one client address may make, on every route but `/healthz` and `/readyz` (bursts of twice that), before 429. On PostgreSQL one budget shared by all processes, counted in windows of two seconds: each process counts locally and adds its count to the database every 50 ms, and at once when it holds 5% of a window unreported, so P processes together admit at most P × 5% of a window (at least P requests) beyond it.',
  },
  {
    env: 'SHUTDOWN_GRACE_SECONDS',
    key: 'shutdownGraceSeconds',
    read: integer(0, 600),
    default: 10,
    doc: 'On SIGTERM, how long the calls under way may take to finish before the process exits anyway.',
  },
  {
    env: 'SMTP_URL',
    key: 'smtpUrl',
    read: optional(smtpUrl()),
    doc: 'Mail server for invites and e-mail verification, e.g. `smtp://user:pass@mail.example.org:587` (`smtps://` for TLS from the start); empty writes each message as an .eml file to `DATA_DIR/outbox/` and logs where.',
  },
  { env: 'MAIL_FROM', key: 'mailFrom', read: mailbox(), default: 'Workspace server <no-reply@localhost>', doc: "Sender of the server's mail." },
  {
    env: 'PUBLIC_URL',
    key: 'publicUrl',
    read: optional(httpUrl()),
    doc: "Base URL of the links in mail (the web client's address) and host of calendar event UIDs; empty means `http://HOST:PORT` of this server (and `hlr-server.invalid` in UIDs): set it in any real deployment. `https` makes the session cookie `Secure`.",
  },
  {
    env: 'FILES_ORIGIN',
    key: 'filesOrigin',
    read: optional(filesOrigin()),
    doc: "An origin of its own that shows user files inline (e.g. `https://files.example-usercontent.net`, a name pointing at this server, best on a domain of its own); the app's origin then shows no file inline and redirects views of public files there. Empty: the app's origin shows the inert types (PNG, JPEG, GIF, WebP, AVIF, BMP, plain text) inline and every other type as a download. See docs/security.md.",
  },
  {
    env: 'FILES_DIR',
    key: 'filesDir',
    read: filesFolder(),
    doc: 'Folder for uploaded files and their image renditions (with FILE_STORE=local), and for uploads, imports and exports on their way in or out (whatever the store); empty means `DATA_DIR/files`.',
  },
  {
    env: 'FILE_STORE',
    key: 'fileStore',
    read: fileStore(),
    default: 'local',
    doc: "Where files' bytes and image renditions are kept: `local` (FILES_DIR on this machine's disk) or `s3` (an S3-compatible object store, set by the S3_* variables; every server process on the same database must then use the same bucket). See docs/deploy.md.",
  },
  {
    env: 'S3_ENDPOINT',
    read: optional(httpUrl()),
    doc: "With FILE_STORE=s3: the object store's URL, e.g. `http://127.0.0.1:8080` (OpenStack Swift, MinIO, Ceph); empty: Amazon S3 in S3_REGION.",
  },
  { env: 'S3_REGION', read: text(), default: 'us-east-1', doc: 'With FILE_STORE=s3: the region requests are signed for.' },
  { env: 'S3_BUCKET', read: text(), doc: 'With FILE_STORE=s3 (required): the bucket of the files; created at start if it does not exist.' },
  {
    env: 'S3_ACCESS_KEY_ID',
    read: text(),
    doc: "With FILE_STORE=s3: the access key; empty: the SDK's default credentials (AWS_* variables, shared files, instance roles).",
  },
  { env: 'S3_SECRET_ACCESS_KEY', read: text(), doc: 'With FILE_STORE=s3: the secret of S3_ACCESS_KEY_ID (required with it).' },
  {
    env: 'S3_FORCE_PATH_STYLE',
    read: oneOf(['false', 'true']),
    default: 'false',
    doc: '`true`: the bucket goes in the path (`ENDPOINT/BUCKET/key`) rather than the host name (`BUCKET.ENDPOINT`), as most stores other than Amazon S3 need.',
  },
  {
    env: 'UPLOAD_MAX_BYTES',
    key: 'uploadMaxBytes',
    read: integer(1, TiB),
    default: 100 * MiB,
    doc: 'Largest file `POST /upload` accepts (413 beyond, nothing is stored); default 100 MiB.',
  },
  {
    env: 'IMAGE_MAX_PIXELS',
    key: 'imageMaxPixels',
    read: integer(1, 2 ** 32),
    default: 100_000_000,
    doc: 'Images with more pixels than this are refused by the image routes (413; decompression bombs); default 100 million.',
  },
  {
    env: 'IMAGE_MAX_DECODED_BYTES',
    key: 'imageMaxDecodedBytes',
    read: integer(MiB, TiB),
    default: 256 * MiB,
    doc: 'Images whose pixels would take more memory than this once decoded (width x height x channels x bytes per sample, read from the header before decoding) are refused by the image routes (413); default 256 MiB.',
  },
  {
    env: 'ARCHIVE_MAX_FILES',
    key: 'archiveMaxFiles',
    read: integer(1, 100_000),
    default: 1000,
    doc: 'Most files in one `POST /files` zip archive (413 beyond).',
  },
  {
    env: 'ARCHIVE_MAX_BYTES',
    key: 'archiveMaxBytes',
    read: integer(1, TiB),
    default: 4 * GiB,
    doc: 'Largest total size of the files in one `POST /files` zip archive (413 beyond); default 4 GiB.',
  },
  {
    env: 'API_KEY_LIFETIME_SECONDS',
    key: 'apiKeyLifetimeSeconds',
    read: integer(1, API_KEY_MAX_LIFETIME_SECONDS),
    default: 90 * 24 * 3600,
    doc: 'Lifetime of a new API key (`v3.user.apikey.create`); default 90 days, at most 365 days.',
  },
  {
    env: 'POW_DIFFICULTY',
    key: 'powDifficulty',
    read: integer(1, 32),
    default: 18,
    doc: "Leading zero bits a proof-of-work hash needs; each bit doubles the client's work.",
  },
  { env: 'POW_CHALLENGE_SECONDS', key: 'powChallengeSeconds', read: integer(10, 3600), default: 300, doc: 'How long a proof-of-work challenge may be used.' },
  {
    env: 'REGISTRATIONS_PER_ADDRESS_PER_HOUR',
    key: 'registrationsPerHour',
    read: integer(0, 1_000_000),
    default: 5,
    doc: 'Registrations per client address and hour without proof of work; beyond, register needs it (429 with `details.proofOfWork`; 0: always).',
  },
  {
    env: 'LOGIN_FREE_FAILURES_PER_ACCOUNT',
    key: 'loginFreeFailuresPerAccount',
    read: integer(1, 1_000_000),
    default: 5,
    doc: 'Wrong passwords per account within a day before each further try waits (1 s, doubling, at most 15 minutes; 429).',
  },
  {
    env: 'LOGIN_KNOWN_ADDRESS_DAYS',
    key: 'loginKnownAddressDays',
    read: integer(0, 3650),
    default: 90,
    doc: "An address an account signed in from with its password stays known to it this many days: there, wrong passwords count for that address alone (LOGIN_FREE_FAILURES_PER_ACCOUNT free), so guesses from elsewhere cannot lock the owner out of it; 0: no address is known, the account's count holds everywhere.",
  },
  {
    env: 'LOGIN_FREE_FAILURES_PER_ADDRESS',
    key: 'loginFreeFailuresPerAddress',
    read: integer(1, 1_000_000),
    default: 20,
    doc: 'Wrong passwords per client address within a day before each further try waits (1 s, doubling, at most 15 minutes; 429).',
  },
  {
    env: 'KEY_GUESSES_PER_ADDRESS',
    key: 'keyGuessesPerAddress',
    read: integer(1, 1_000_000),
    default: 20,
    doc: 'Unknown invite or public-form keys per client address within a day before each further try waits (doubling; 429).',
  },
  {
    env: 'SSO_PROVIDERS',
    key: 'ssoProviders',
    read: ssoProviders(),
    doc: 'Identity providers whose OpenID Connect ID tokens register and sign in accounts (`v2.user.registerSsoA/B`, `v3.user.idpUser`); `audience` is the client id the provider gave this server, `domains` the e-mail domains whose people sign in with it (the provider asserts addresses there only; with none listed, any domain no other provider lists). Example: `[{"issuer":"https://login.example.com","audience":"hlr","jwksUrl":"https://login.example.com/.well-known/jwks.json","domains":["example.com"]}]`',
  },
  {
    env: 'BOT_SECRET',
    key: 'botSecret',
    read: optional(secret(16)),
    doc: 'Shared service secret that authorises `v3.user.setBot` with `{secret}`; empty closes that path.',
  },
  { env: 'BOT_ADMIN_UIDS', key: 'botAdminUids', read: userIds(), doc: 'Users who may call `v3.user.setBot` without a secret.' },
  {
    env: 'FUNCTION_DEADLINE_MS',
    key: 'functionDeadlineMs',
    read: integer(1, 10_000),
    default: 50,
    doc: "Longest one evaluation of a function field's code may run, in ms (then it ends with an error).",
  },
  {
    env: 'FUNCTION_WRITE_BUDGET',
    key: 'functionWriteBudget',
    read: integer(0, 1_000_000),
    default: 2000,
    doc: 'Function evaluations a write makes before it replies (after its transaction commits: function code never runs inside one); the rest wait in the durable queue, marked stale, for the drain.',
  },
  {
    env: 'FUNCTION_DRAIN_MS',
    key: 'functionDrainMs',
    read: integer(10, 86_400_000),
    default: 60_000,
    doc: 'The safety poll of the queue of function values (and workflow-wide runs) waiting to be evaluated, in ms: the queue is worked on when a write queues work (a notification), and at least this often in case a notification was lost.',
  },
  {
    env: 'FUNCTION_VOLATILE_MS',
    key: 'functionVolatileMs',
    read: integer(10, 86_400_000),
    default: 600_000,
    doc: 'How often the values of volatile functions (reading the clock or `Math.random`) are marked stale for the queue, which evaluates them again, in ms.',
  },
  {
    env: 'FUNCTION_EVALUATOR',
    key: 'functionEvaluator',
    read: oneOf(['quickjs', 'unsandboxed-benchmark']),
    default: 'quickjs',
    doc: '`quickjs` (the sandbox). `unsandboxed-benchmark` runs function code with no protection at all: only for the baseline of `npm run bench:functions`, never on a server with real users.',
  },
  {
    env: 'FUNCTION_MODE',
    key: 'functionMode',
    read: oneOf(['switch', 'fast', 'default']),
    default: 'switch',
    doc: "`switch`: each workspace's `v2.network.fastFunctions.set` picks the mode of its function evaluations; `fast` or `default`: every workspace in that mode (to run the test suites in one mode).",
  },
  {
    env: 'AI_BASE_URL',
    key: 'ai',
    read: aiEndpoint(),
    doc: 'Function assist (`v3.activity.functionField.assist`, `explainNode.assist`): an OpenAI-compatible endpoint, the base URL ending in `/v1`; empty: assist answers 503.',
  },
  { env: 'AI_API_KEY', read: text(), doc: 'The API key sent to AI_BASE_URL, if it needs one.' },
  { env: 'AI_MODEL', read: text(), doc: 'The model function assist asks; required with AI_BASE_URL.' },
  {
    env: 'EVENT_RETENTION_HOURS',
    key: 'eventRetentionHours',
    read: decimal(0.0001, 24 * 365),
    default: 24,
    doc: 'How long signals are kept for clients that reconnect and call `resume`, in hours (fractions allowed); older ones are pruned in the background and such a client is told to reload.',
  },
  {
    env: 'AUDIT_RETENTION_DAYS',
    key: 'auditRetentionDays',
    read: decimal(0.00001, 36500),
    default: 365,
    doc: 'How long audit entries (`v3.audit.list`, `GET /audit.csv`) are kept, in days (fractions allowed); older ones are deleted in the background, the only way entries ever leave.',
  },
  {
    env: 'EXPORT_KEEP_HOURS',
    key: 'exportKeepHours',
    read: decimal(0.0001, 24 * 365),
    default: 24,
    doc: 'Hours a finished export archive (`v3.user.data.*`) is kept before the file and its job are removed.',
  },
  {
    env: 'IMPORT_ALLOWED_HOSTS',
    key: 'importAllowedHosts',
    read: list(),
    doc: 'Addresses (IP or CIDR) an import may reach although they are private, loopback or link-local (e.g. `127.0.0.1` for a second server on this machine); every other such address is refused, public addresses are always allowed.',
  },
  {
    env: 'IMPORT_MAX_BYTES',
    key: 'importMaxBytes',
    read: integer(KiB, TiB),
    default: 20 * GiB,
    doc: 'Largest archive an import downloads (413 beyond); default 20 GiB.',
  },
  {
    env: 'IMPORT_MAX_UNPACKED_BYTES',
    key: 'importMaxUnpackedBytes',
    read: integer(MiB, 64 * TiB),
    default: 64 * GiB,
    doc: "Most bytes an import's archive may unpack to, all entries together (413 beyond, before any is unpacked; no entry may unpack to more than it declares); default 64 GiB.",
  },
  {
    env: 'IMPORT_MAX_ENTRIES',
    key: 'importMaxEntries',
    read: integer(10, 100_000_000),
    default: 100_000,
    doc: "Most entries in an import's archive (413 beyond); each costs about 300 bytes of memory while the archive is read.",
  },
  {
    env: 'IMPORT_MAX_LINE_BYTES',
    key: 'importMaxLineBytes',
    // A line becomes one string: V8's longest is 512 MiB.
    read: integer(KiB, 256 * MiB),
    default: 16 * MiB,
    doc: "Longest record (one line of a JSON Lines entry, or manifest.json) in an import's archive (413 beyond, checked as it unpacks); default 16 MiB.",
  },
  {
    env: 'IMPORT_TIMEOUT_SECONDS',
    key: 'importTimeoutSeconds',
    read: integer(1, 3600),
    default: 60,
    doc: "How long one request of an import to the other server may take, answer included; the archive's download may not pause longer (its whole length is bounded by TRANSFER_JOB_DEADLINE_SECONDS).",
  },
  {
    env: 'TRANSFER_JOBS_PER_USER',
    key: 'transferJobsPerUser',
    read: integer(1, 1000),
    default: 2,
    doc: 'Export and import jobs (`v3.user.data.export`, `.import`) one user may have running at once; starting another answers 429.',
  },
  {
    env: 'TRANSFER_JOBS_PER_SERVER',
    key: 'transferJobsPerServer',
    read: integer(1, 100_000),
    default: 10,
    doc: 'Export and import jobs running at once on the whole server (every process on its database); starting another answers 429.',
  },
  {
    env: 'TRANSFER_JOB_DEADLINE_SECONDS',
    key: 'transferJobDeadlineSeconds',
    read: integer(1, 7 * 24 * 3600),
    default: 4 * 3600,
    doc: 'An export or import job still running after this many seconds fails (its requests are cut, an import rolls back); default 4 hours.',
  },
  {
    env: 'WEBHOOK_TIMEOUT_SECONDS',
    key: 'webhookTimeoutSeconds',
    read: integer(1, 60),
    default: 10,
    doc: 'How long a webhook delivery may take, answer included; a slower receiver counts as a failure and the event is retried (docs/guides/webhooks.md).',
  },
  {
    env: 'WEBHOOK_RETRY_BASE_MS',
    key: 'webhookRetryBaseMs',
    read: integer(10, 3_600_000),
    default: 10_000,
    doc: "The first retry's delay after a failed webhook delivery, in milliseconds; each further retry doubles it (with jitter) up to one hour. Low values serve tests.",
  },
  {
    env: 'WEBHOOK_DISABLE_AFTER_HOURS',
    key: 'webhookDisableAfterHours',
    read: decimal(0.0001, 24 * 365),
    default: 72,
    doc: 'A webhook whose next event has failed for this many hours (fractions allowed) is disabled and its creator mailed; the event log keeps what it still needs until then.',
  },
  {
    env: 'DELIVER_EVENTS',
    key: 'deliverEvents',
    read: deliverEvents(),
    default: 'true',
    doc: '`false` (PostgreSQL only): this process sends no webhooks and runs no automations; another process on the same database does (several deliver safely together). Lets delivery run in a process of its own at a lower CPU priority, beside the processes that serve the calls (docs/deploy.md).',
  },
  {
    env: 'WEBHOOK_ALLOWED_HOSTS',
    key: 'webhookAllowedHosts',
    read: list(),
    doc: 'Addresses (IP or CIDR) webhooks may post to although they are private, loopback or link-local (e.g. `127.0.0.1` for a receiver on this machine); every other such address is refused, public addresses are always allowed.',
  },
  {
    env: 'AUTOMATION_CHAIN_LIMIT',
    key: 'automationChainLimit',
    read: integer(1, 50),
    default: 5,
    doc: "How many automation runs may set one another off in a chain (a person's change starts it at depth 1); a run beyond it is skipped and the run log says so (docs/guides/automations.md).",
  },
  {
    env: 'AUTOMATION_RUN_RETENTION_DAYS',
    key: 'automationRunRetentionDays',
    read: decimal(0.00001, 36500),
    default: 30,
    doc: 'How long the run log of automations (`v3.automation.runs`) keeps a run, in days (fractions allowed); older runs are deleted in the background (every quarter of it, at most hourly). Mail a run has still to send goes with it.',
  },
] as const satisfies readonly Variable[]

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
  const variables: readonly Variable[] = VARIABLES
  const textOf = (name: string): string => {
    const value = env[name]?.trim()
    if (value) return value
    const fallback = variables.find((v) => v.env === name)?.default
    return fallback === undefined ? '' : String(fallback)
  }
  const problems: string[] = []
  const config: Record<string, unknown> = {}
  for (const variable of variables) {
    const text = textOf(variable.env)
    try {
      const value = variable.read.parse(text, textOf)
      if (variable.key) config[variable.key] = value
    } catch (err) {
      if (!(err instanceof Invalid)) throw err
      const name = err.env ?? variable.env
      problems.push(err.repeatsValue ? `${name}=${JSON.stringify(text)}: ${err.message}` : `${name}: ${err.message}`)
    }
  }
  if (problems.length) throw new ConfigError(`invalid configuration:\n  ${problems.join('\n  ')}`)
  return config as Config
}
