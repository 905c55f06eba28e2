/**
 * Export and import jobs: started by an operation, run in the background after its commit, with
 * their progress kept in `transfer_jobs` (read with v3.user.data.job) and pushed to the starter's
 * sockets as the signal `transfer.progress` {_id, kind, state, progress, fileId?, result?, error?}.
 *
 * A running job touches its row every few seconds; one that stopped touching it (its server was
 * stopped or killed) is marked failed by the sweep, which also removes finished exports, archive
 * and row, EXPORT_KEEP_HOURS after they finished. An import is one transaction, so a failed or
 * interrupted one leaves nothing behind: start it again.
 *
 * Fair share: a user runs at most TRANSFER_JOBS_PER_USER jobs at once and the server (every
 * process on its database) TRANSFER_JOBS_PER_SERVER; past either, starting one answers 429. A job
 * fails when it runs longer than TRANSFER_JOB_DEADLINE_SECONDS: its requests to the other server
 * are cut, and an import that had not committed rolls back.
 */
import fsp from 'node:fs/promises'
import path from 'node:path'
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql, type Selectable } from 'kysely'
import type { Config } from '../config'
import type { DbHandle, TransferJobsTable, TransferProgress } from '../db/schema'
import { insertFile } from '../db/files'
import { RpcError, withoutPaths } from '../errors'
import { newId } from '../ids'
import type { Services } from '../context'
import { writeExport, type ExportRequest } from './export'
import { importArchive } from './import'
import { openArchive } from './reader'
import { RemoteServer, type Credentials } from './remote'
import { signalMessage } from '../realtime/signals'
import { fileStorage } from '../storage'
import { tmpDir } from '../storage/uploads'
import type { AuditActor } from '../db/audit'

type JobRow = Selectable<TransferJobsTable>

const HEARTBEAT_MS = 5000
/** A running job whose row was not touched for this long has lost its server. */
const LOST_MS = 60_000
/** Progress is written and pushed at most this often (and at every step's end). */
const PROGRESS_MS = 250
/** The message of a job that was running when the server stopped (at shutdown, or found by the sweep). */
const STOPPED = 'the server stopped while the job ran: start it again'

/** The jobs this process runs, each with its cut-off: a shutdown ends them as failed instead of leaving them to the sweep. */
const runningHere = new Map<AbortController, Promise<void>>()

/** Cuts every job this process runs and waits until each has written that it failed. */
export async function stopTransfers(): Promise<void> {
  for (const cut of runningHere.keys()) cut.abort(new RpcError(503, STOPPED))
  await Promise.allSettled(runningHere.values())
}

/** Any constant: the transaction-scoped advisory lock that makes counting and starting jobs one step. */
const START_LOCK = 7_340_024

/** A job as v3.user.data.job and the progress signal show it. */
export function jobRecord(row: JobRow) {
  return {
    _id: row._id,
    kind: row.kind,
    state: row.state,
    progress: row.progress,
    ...(row.file_id && { fileId: row.file_id }),
    ...(row.result && { result: row.result }),
    ...(row.error && { error: row.error }),
    created: row.created,
    updated: row.updated,
    ...(row.expires && { expires: row.expires }),
  }
}

/** Starts a job in the caller's transaction, or 429 when the user or the server runs as many as allowed. */
export async function createJob(db: DbHandle, config: Config, uid: string, kind: JobRow['kind'], options: Record<string, unknown>): Promise<string> {
  await sql`select pg_advisory_xact_lock(${START_LOCK})`.execute(db)
  const running = await db
    .selectFrom('transfer_jobs')
    .select([sql<string>`count(*)`.as('all'), sql<string>`count(*) filter (where uid = ${uid})`.as('mine')])
    .where('state', '=', 'running')
    // A job whose server stopped touching it is lost, not running (the sweep marks it failed soon).
    .where('updated', '>=', Date.now() - LOST_MS)
    .executeTakeFirstOrThrow()
  const perUser = config.transferJobsPerUser
  if (Number(running.mine) >= perUser) {
    throw new RpcError(429, `you have ${perUser} export or import jobs running (TRANSFER_JOBS_PER_USER): wait until one ends`, {
      reason: 'transferJobsPerUser',
      limit: perUser,
    })
  }
  const perServer = config.transferJobsPerServer
  if (Number(running.all) >= perServer) {
    throw new RpcError(429, `the server runs ${perServer} export or import jobs, its most (TRANSFER_JOBS_PER_SERVER): try again later`, {
      reason: 'transferJobsPerServer',
      limit: perServer,
    })
  }
  const _id = newId()
  const now = Date.now()
  const progress: TransferProgress = { step: 'queued', done: 0, total: 0 }
  await db
    .insertInto('transfer_jobs')
    .values({ _id, uid, kind, state: 'running', progress: JSON.stringify(progress), options: JSON.stringify(options), created: now, updated: now })
    .execute()
  return _id
}

/** A job's work: it reports progress, and stops its requests and its writes when `deadline` aborts. */
type JobWork = (progress: (p: TransferProgress) => void, deadline: AbortSignal) => Promise<Partial<Pick<JobRow, 'file_id' | 'result' | 'expires'>>>

/** Runs a job as one of this process's, so a shutdown can cut it (stopTransfers). */
function run(services: Services, jobId: string, work: JobWork): Promise<void> {
  const cut = new AbortController()
  const done = runJob(services, jobId, work, cut).finally(() => runningHere.delete(cut))
  runningHere.set(cut, done)
  return done
}

/**
 * Runs a job's work with heartbeat, throttled progress and its outcome written and pushed; `deadline`
 * aborts at TRANSFER_JOB_DEADLINE_SECONDS, or when the server stops.
 */
async function runJob(services: Services, jobId: string, work: JobWork, deadline: AbortController) {
  const { db, log } = services
  const seconds = services.config.transferJobDeadlineSeconds
  const timer = setTimeout(
    () => deadline.abort(new RpcError(422, `the job did not end within TRANSFER_JOB_DEADLINE_SECONDS (${seconds} s)`, { reason: 'deadline' })),
    seconds * 1000,
  )
  let last = 0
  let pending: TransferProgress | null = null
  const write = async (change: Record<string, unknown>) => {
    const row = await db.kysely
      .updateTable('transfer_jobs')
      .set({ ...change, updated: Date.now() })
      .where('_id', '=', jobId)
      .returningAll()
      .executeTakeFirst()
    if (row) await services.bus.emit([signalMessage([`user:${row.uid}`], 'transfer.progress', jobRecord(row))])
  }
  const progress = (p: TransferProgress) => {
    pending = p
    if (Date.now() - last < PROGRESS_MS) return
    last = Date.now()
    pending = null
    write({ progress: JSON.stringify(p) }).catch((err) => log.error({ err, jobId }, 'transfer progress'))
  }
  const heartbeat = setInterval(
    () =>
      void db.kysely
        .updateTable('transfer_jobs')
        .set({ updated: Date.now() })
        .where('_id', '=', jobId)
        .execute()
        .catch(() => {}),
    HEARTBEAT_MS,
  )
  try {
    const outcome = await work(progress, deadline.signal)
    const final = (pending as TransferProgress | null) ?? { step: 'finished', done: 1, total: 1 }
    await write({
      state: 'finished',
      progress: JSON.stringify({ ...final, step: 'finished', done: final.total }),
      ...outcome,
      result: outcome.result ? JSON.stringify(outcome.result) : null,
    })
  } catch (err) {
    // Past the deadline, whatever the cut-off work threw (an aborted request, a stream) says less.
    const cause = deadline.signal.aborted ? deadline.signal.reason : err
    const message = cause instanceof RpcError ? withoutPaths(cause.message) : 'internal error'
    if (!(cause instanceof RpcError)) log.error({ err, jobId }, 'transfer failed')
    await write({ state: 'failed', error: message }).catch((e) => log.error({ err: e, jobId }, 'transfer failure not recorded'))
  } finally {
    clearTimeout(timer)
    clearInterval(heartbeat)
  }
}

/** The export of `request` into an archive that becomes a file of the exporter. */
export function runExport(services: Services, jobId: string, request: ExportRequest & { cid: string }) {
  return run(services, jobId, async (progress, deadline) => {
    const fileId = newId()
    const target = path.join(tmpDir(services.config), `export-${fileId}.zip`)
    await fsp.mkdir(path.dirname(target), { recursive: true })
    try {
      const manifest = await writeExport(services.db.kysely, services.config, request, target, progress, deadline)
      const { size } = await fsp.stat(target)
      const sha256 = await sha256Of(target)
      deadline.throwIfAborted()
      const stamp = new Date(manifest.created).toISOString().slice(0, 10)
      await fileStorage(services.config).put(fileId, target)
      await insertFile(services.db.kysely, {
        cid: request.cid,
        _id: fileId,
        uid: request.uid,
        name: `export-${stamp}.zip`,
        size,
        sha256,
        content_type: 'application/zip',
        public: false,
        created: Date.now(),
      })
      return { file_id: fileId, result: { counts: manifest.counts, size }, expires: Date.now() + services.config.exportKeepHours * 3600_000 }
    } finally {
      await fsp.rm(target, { force: true })
    }
  })
}

/** Pulls an archive from another server of ours and imports it here, in one transaction. */
export function runImport(
  services: Services,
  jobId: string,
  uid: string,
  credentials: Credentials,
  options: { workspaceIds?: string[]; omit: Record<string, boolean> },
  actor: AuditActor,
) {
  return run(services, jobId, async (progress, deadline) => {
    const target = path.join(tmpDir(services.config), `import-${jobId}.zip`)
    await fsp.mkdir(path.dirname(target), { recursive: true })
    const remote = await RemoteServer.signIn(services.config, credentials, deadline)
    try {
      const workspaceIds = options.workspaceIds ?? [await remoteDefaultWorkspace(remote)]
      progress({ step: 'exporting', done: 0, total: 1 })
      const started = (await remote.call('v3.user.data.export', [workspaceIds, options.omit])) as { _id: string }
      const fileId = await waitForRemoteExport(remote, started._id, progress, deadline)
      progress({ step: 'downloading', done: 0, total: 1 })
      await remote.download(fileId, target)
      const archive = await openArchive(target, services.config)
      try {
        // Past the deadline the import stops at its next step, or before it commits, and rolls back.
        const result = await services.db.kysely.transaction().execute(async (trx) => {
          const record = { actor, origin: { jobId, host: credentials.host } }
          const imported = await importArchive(
            trx,
            services.config,
            archive,
            uid,
            workspaceIds,
            (step, done, total) => {
              deadline.throwIfAborted()
              progress({ step, done, total })
            },
            record,
          )
          deadline.throwIfAborted()
          return imported
        })
        for (const w of result.workspaces) await services.bus.emit([{ kind: 'membership', uid, cid: w._id, member: true }])
        return { result: result as unknown as Record<string, unknown> }
      } finally {
        archive.close()
      }
    } finally {
      await remote.close()
      await fsp.rm(target, { force: true })
    }
  })
}

async function remoteDefaultWorkspace(remote: RemoteServer): Promise<string> {
  const session = (await remote.call('v3.session.get', [])) as { cid?: string | null }
  if (!session.cid) throw new RpcError(422, 'the other server: the user has no default workspace there', { reason: 'remote' })
  return session.cid
}

async function waitForRemoteExport(remote: RemoteServer, jobId: string, progress: (p: TransferProgress) => void, deadline: AbortSignal): Promise<string> {
  for (;;) {
    const job = (await remote.call('v3.user.data.job', [jobId])) as ReturnType<typeof jobRecord>
    if (job.state === 'finished' && job.fileId) return job.fileId
    if (job.state === 'failed') throw new RpcError(422, `the other server: its export failed: ${job.error ?? 'no reason given'}`, { reason: 'remote' })
    progress({ step: `exporting: ${job.progress.step}`, done: job.progress.done, total: job.progress.total })
    await sleep(300, undefined, { signal: deadline })
  }
}

/** Marks lost jobs failed and removes expired exports (their archive files too). */
export async function sweepTransfers(services: Services): Promise<void> {
  const { db, config } = services
  const now = Date.now()
  await db.kysely
    .updateTable('transfer_jobs')
    .set({ state: 'failed', error: STOPPED, updated: now })
    .where('state', '=', 'running')
    .where('updated', '<', now - LOST_MS)
    .execute()
  const expired = await db.kysely.selectFrom('transfer_jobs').select(['_id', 'file_id']).where('expires', '<', now).limit(100).execute()
  for (const job of expired) {
    if (job.file_id) {
      await db.kysely.deleteFrom('files').where('_id', '=', job.file_id).execute()
      await fileStorage(config).remove(job.file_id)
    }
    await db.kysely.deleteFrom('transfer_jobs').where('_id', '=', job._id).execute()
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}
