/**
 * Writes an export archive to disk (the format: docs/reference/export-format.md). Nothing is built in memory:
 * rows are paged from the database into temporary JSON Lines files (hashed on the way), then the
 * zip streams those files and the stored files' bytes into the archive, one entry after the other.
 */
import { once } from 'node:events'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { sql, type RawBuilder } from 'kysely'
import type { Config } from '../config'
import type { DbHandle, TransferProgress } from '../db/schema'
import { visibleProcessesOf } from '../policies/processes'
import { fileStorage } from '../storage'
import { LazyFileStream } from '../storage/local-disk'
import JSZip from '../storage/zip'
import { kindsFor, type Kind, type OmitFlag, type Scope } from './kinds'
import { SERVER } from '../version'
import { FORMAT, FORMAT_VERSION, type Manifest } from './manifest'

export interface ExportRequest {
  uid: string
  workspaceIds: string[]
  options: Partial<Record<OmitFlag, boolean>>
}

const PAGE = 1000

/**
 * Writes the archive of `request` to `target`; reports progress as it goes. Returns its manifest.
 * `signal` (the job's deadline) stops it between kinds and while the archive is written.
 */
export async function writeExport(
  db: DbHandle,
  config: Config,
  request: ExportRequest,
  target: string,
  progress: (p: TransferProgress) => void,
  signal?: AbortSignal,
): Promise<Manifest> {
  const work = await fsp.mkdtemp(path.join(path.dirname(target), 'export-'))
  try {
    const scopes = await scopesOf(db, request)
    const kinds = kindsFor(request.options)
    const counts: Record<string, number> = {}
    const checksums: Record<string, string> = {}
    const fileRows: { _id: string; sha256: string }[] = []
    const memberIds = new Set<string>([request.uid])
    let done = 0
    for (const kind of kinds) {
      signal?.throwIfAborted()
      progress({ step: kind.name, done: done++, total: kinds.length })
      const out = jsonLines(path.join(work, `${kind.name}.jsonl`))
      let count = 0
      for (const scope of scopes) {
        for await (const row of rowsOf(db, kind, scope)) {
          clean(kind, row, request.options)
          if (kind.name === 'files') fileRows.push({ _id: row._id as string, sha256: row.sha256 as string })
          if (kind.name === 'members') memberIds.add(row.uid as string)
          await out.write(row)
          count++
        }
      }
      checksums[`${kind.name}.jsonl`] = await out.close()
      counts[kind.name] = count
    }
    const people = jsonLines(path.join(work, 'people.jsonl'))
    for (const person of await db
      .selectFrom('users')
      .select(['_id', 'email', 'firstname', 'lastname'])
      .where('_id', 'in', [...memberIds])
      .orderBy('_id')
      .execute()) {
      await people.write(person)
    }
    checksums['people.jsonl'] = await people.close()
    counts.people = memberIds.size

    const me = await db
      .selectFrom('users')
      .select(['_id', 'email', 'firstname', 'lastname', 'settings', 'created'])
      .where('_id', '=', request.uid)
      .executeTakeFirstOrThrow()
    const meJson = JSON.stringify(me)
    checksums['me.json'] = sha256(meJson)

    const withBytes = request.options.omitFileContents ? [] : await existing(config, fileRows)
    for (const f of withBytes) checksums[`files/${f._id}`] = f.sha256
    counts.fileContents = withBytes.length
    const workspaces = await db
      .selectFrom('workspaces')
      .select(['_id', 'name'])
      .where('_id', 'in', request.workspaceIds.length ? request.workspaceIds : [''])
      .execute()
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      server: SERVER,
      created: Date.now(),
      exportedBy: { _id: me._id, email: me.email },
      workspaces: workspaces.map((w) => ({ ...w, whole: scopes.find((s) => s.cid === w._id)!.whole })),
      options: request.options,
      counts,
      checksums,
    }

    const storage = fileStorage(config)
    const zip = new JSZip()
    for (const name of [...kinds.map((k) => `${k.name}.jsonl`), 'people.jsonl']) {
      zip.file(name, new LazyFileStream(path.join(work, name)), { binary: true, compression: 'DEFLATE', compressionOptions: { level: 1 } })
    }
    zip.file('me.json', meJson)
    withBytes.forEach((f, i) => {
      zip.file(
        `files/${f._id}`,
        storage.stream(f._id).on('end', () => progress({ step: 'files', done: i + 1, total: withBytes.length })),
        { binary: true },
      )
    })
    zip.file('manifest.json', JSON.stringify(manifest, null, 2))
    await pipeline(zip.generateNodeStream({ streamFiles: true, compression: 'STORE' }), fs.createWriteStream(target), { signal })
    return manifest
  } finally {
    await fsp.rm(work, { recursive: true, force: true })
  }
}

/** Each workspace asked for, as the exporter may see it: whole when they own it. */
async function scopesOf(db: DbHandle, request: ExportRequest): Promise<(Scope & { whole: boolean })[]> {
  const scopes = []
  for (const cid of request.workspaceIds) {
    const member = await db.selectFrom('workspace_members').select('role').where('cid', '=', cid).where('uid', '=', request.uid).executeTakeFirstOrThrow()
    const visible = await visibleProcessesOf(db, cid, { uid: request.uid, role: member.role })
    scopes.push({ cid, uid: request.uid, processIds: visible.map((v) => v.process._id), whole: member.role === 'owner' })
  }
  return scopes
}

/** The rows of one kind in one workspace, a page at a time, in key order. */
async function* rowsOf(db: DbHandle, kind: Kind, scope: Scope & { whole: boolean }): AsyncGenerator<Record<string, unknown>> {
  if (!scope.whole && !kind.visible) return
  const where: RawBuilder<unknown>[] = [sql`${sql.ref(kind.workspace ?? 'cid')} = ${scope.cid}`]
  if (!scope.whole) where.push(kind.visible!(scope))
  if (kind.except) where.push(sql`not ${kind.except}`)
  const keys = sql.join(kind.key.map((k) => sql.ref(k)))
  let after: unknown[] | null = null
  for (;;) {
    const page: RawBuilder<unknown>[] = after ? [...where, sql`(${keys}) > (${sql.join(after)})`] : where
    const { rows }: { rows: Record<string, unknown>[] } = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(kind.table)} where ${sql.join(page, sql` and `)} order by ${keys} limit ${PAGE}`.execute(db)
    for (const row of rows) yield row
    if (rows.length < PAGE) return
    const last: Record<string, unknown> = rows[rows.length - 1]
    after = kind.key.map((k) => last[k])
  }
}

/**
 * Credentials never leave the server; omitProcessPrefix drops the prefix counters. A queued function
 * value's origin (the automation run that left it stale) means nothing where the archive is read:
 * there it is queued as anyone's.
 */
function clean(kind: Kind, row: Record<string, unknown>, options: ExportRequest['options']) {
  for (const column of Object.keys(kind.secrets ?? {})) row[column] = null
  if (kind.table === 'processes' && options.omitProcessPrefix) row.prefix_suffix = 0
  if (kind.table === 'function_state') row.origin = null
}

/** The files whose bytes are stored (a file of metadata only is exported as such). */
async function existing(config: Config, files: { _id: string; sha256: string }[]) {
  const storage = fileStorage(config)
  const present = await Promise.all(
    files.map((f) =>
      storage.stat(f._id).then(
        (stat) => stat !== null,
        () => false,
      ),
    ),
  )
  return files.filter((_, i) => present[i])
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * A JSON Lines file written through a stream (backpressure respected) and hashed on the way. A write
 * error (a full disk) fails the next write or the close, so the export's job: with no listener it
 * would be thrown where nothing catches it.
 */
function jsonLines(file: string) {
  const stream = fs.createWriteStream(file)
  const hash = createHash('sha256')
  let failed: Error | null = null
  stream.on('error', (err) => (failed = err))
  return {
    async write(value: unknown) {
      if (failed) throw failed
      const line = `${JSON.stringify(value)}\n`
      hash.update(line)
      if (!stream.write(line)) await once(stream, 'drain')
    },
    async close(): Promise<string> {
      if (failed) throw failed
      await new Promise<void>((resolve, reject) => stream.once('error', reject).end(() => resolve()))
      return hash.digest('hex')
    },
  }
}
