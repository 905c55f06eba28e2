/**
 * The file routes: POST /upload, GET /file/:id, GET /public/file/:id, POST /files (zip).
 * Credentials: the session key as the hlrkey header or cookie (for /upload also a body field
 * `hlrkey`, or an active public form's key as the body field `publicFormKey`, sent BEFORE the file).
 * The read rule: server/policies/files.ts. Errors are thrown and sent by the one translator (http/errors.ts).
 */
import fsp from 'node:fs/promises'
import { create as contentDisposition } from 'content-disposition'
import express, { type Request, type Response } from 'express'
import multer from 'multer'
import { Limits } from '../auth/limits'
import { currentWorkspaceId, resolveKey } from '../auth/sessions'
import { findFile, findFiles, insertFile, type FileRow } from '../db/files'
import { publicFormByKey } from '../db/public-forms'
import { archiveEntryNames, cleanFileName } from '../domain/files'
import { badRequest, forbidden, notFound, RpcError, unauthorized } from '../errors'
import { newId } from '../ids'
import { canReadFile } from '../policies/files'
import { sendStoredFile } from './send-file'
import { dispositionHere, publicFileElsewhere } from './files-origin'
import { USER_CONTENT_CSP, userFileHeaders } from './user-content'
import { checkBody } from './input'
import { archiveRequest, downloadRequest, idParam } from './params'
import type { RouteDeps } from './routes'
import { sessionOf, signedIn, signIn } from './sign-in'
import { signalMessage } from '../realtime/signals'
import { fileStorage } from '../storage'
import { sniffContentType, tempStorage, type StoredUpload } from '../storage/uploads'
import JSZip from '../storage/zip'

/** Who uploads: a signed-in user in their current workspace, or a public form (uid `form_<processId>`). */
interface Uploader {
  cid: string
  uid: string
}

/** The session signIn found, else one of the body field `hlrkey`, else an active public form's key. */
async function uploaderOf(deps: RouteDeps, limits: Limits, req: Request, res: Response): Promise<Uploader | null> {
  const body = (req.body ?? {}) as Record<string, unknown>
  checkBody(body, 'form')
  const bodyKey = typeof body.hlrkey === 'string' ? body.hlrkey : ''
  const session = sessionOf(res) ?? (bodyKey ? await resolveKey(deps.db.kysely, bodyKey, deps.config.sessionIdleSeconds, req.socket.remoteAddress ?? '') : null)
  if (session) {
    const cid = await currentWorkspaceId(deps.db.kysely, session)
    if (!cid) throw forbidden('the session has no current workspace')
    return { cid, uid: session.uid }
  }
  const formKey = body.publicFormKey
  if (typeof formKey !== 'string' || formKey.length < 16 || formKey.length > 128) return null
  // Unknown form keys count toward the address's guessing limit, as v3.publicForm.get's do.
  const form = await limits
    .guard({ kind: 'key', failsWith: 401 }, [], req.socket.remoteAddress ?? '', async () => {
      const found = await publicFormByKey(deps.db.kysely, formKey)
      if (!found?.active) throw unauthorized()
      return found
    })
    .catch((err) => {
      if (err instanceof RpcError && err.code === 401) return null
      throw err
    })
  return form ? { cid: form.cid, uid: `form_${form.process_id}` } : null
}

export function filesRouter(deps: RouteDeps) {
  const { config, db, bus, log } = deps
  const router = express.Router()
  const limits = new Limits(db.kysely, config)
  const storage = fileStorage(config)

  const upload = multer({
    storage: tempStorage(config),
    limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10, fieldSize: 1024 },
    // Credentials are checked before any byte is written: the header, the cookie, or a body field
    // `hlrkey` that precedes the file in the form.
    fileFilter: (req, file, cb) => {
      if (file.fieldname !== 'file') return cb(badRequest('the file goes in the field "file"'))
      uploaderOf(deps, limits, req, req.res!).then((uploader) => {
        if (!uploader)
          return cb(
            unauthorized(
              'not signed in: send the session key as the hlrkey header, cookie or a body field, or an active public-form key as the body field publicFormKey, before the file',
            ),
          )
        ;(req as Request & { uploader?: Uploader }).uploader = uploader
        cb(null, true)
      }, cb)
    },
  }).single('file')

  /** Receives the form; multer's own errors are the caller's: too large (413), unreadable (400). */
  const receive = (req: Request, res: Response) =>
    new Promise<void>((resolve, reject) =>
      upload(req, res, (err: unknown) => {
        if (!err) return resolve()
        if (err instanceof RpcError) return reject(err)
        if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') {
          return reject(new RpcError(413, `the file is larger than the upload limit of ${config.uploadMaxBytes} bytes`, { maxBytes: config.uploadMaxBytes }))
        }
        // A failing disk (an errno error from a system call) is ours; anything else is a malformed form.
        if ((err as NodeJS.ErrnoException).syscall) return reject(err)
        reject(badRequest(`the upload could not be read: ${String((err as Error)?.message ?? err).slice(0, 200)}`))
      }),
    )

  const removeTemp = async (req: Request) => {
    const tmpPath = (req.file as (Express.Multer.File & StoredUpload) | undefined)?.tmpPath
    if (tmpPath) await fsp.rm(tmpPath, { force: true }).catch(() => {})
  }

  router.post('/upload', signIn(deps, 'optional'), async (req, res) => {
    try {
      await receive(req, res)
      const stored = req.file as (Express.Multer.File & StoredUpload) | undefined
      const uploader = (req as Request & { uploader?: Uploader }).uploader ?? (await uploaderOf(deps, limits, req, res))
      if (!uploader) throw unauthorized()
      if (!stored) throw badRequest('no file: send it as multipart/form-data in the field "file"')
      const { cid, uid } = uploader
      const _id = newId()
      const contentType = await sniffContentType(stored.tmpPath)
      await insertFile(db.kysely, {
        cid,
        _id,
        uid,
        name: cleanFileName(Buffer.from(stored.originalname, 'latin1').toString('utf8')),
        size: stored.size,
        sha256: stored.sha256,
        content_type: contentType,
        public: false,
        created: Date.now(),
      })
      try {
        await storage.put(_id, stored.tmpPath)
      } catch (e) {
        await db.kysely.deleteFrom('files').where('_id', '=', _id).execute()
        throw e
      }
      res.json({ _id })
    } catch (e) {
      await removeTemp(req)
      throw e
    }
  })

  async function serve(req: Request, res: Response, file: FileRow, uid: string | null) {
    const { dl, downloadId } = downloadRequest(req)
    const signal =
      dl && downloadId && uid
        ? (state: string, bytes: number) =>
            bus
              .emit([signalMessage([`user:${uid}`], 'download.status', { downloadId, fileId: file._id, state, bytes })])
              .catch((err) => log.error({ err }, 'download.status'))
        : null
    const headers = {
      ...userFileHeaders(dl ? 'application/octet-stream' : file.content_type, file.name, dl ? 'attachment' : dispositionHere(config, req)),
      'Cache-Control': 'private, no-cache',
    }
    const before = req.socket.bytesWritten
    if (signal) await signal('started', 0)
    try {
      const bytes = await sendStoredFile(req, res, storage, file._id, headers)
      await signal?.('finished', bytes)
    } catch (err) {
      const length = Number(res.getHeader('Content-Length') ?? 0)
      void signal?.('failed', Math.max(0, Math.min(length, req.socket.bytesWritten - before)))
      // Before the first byte the error translator answers; after it, only closing the connection tells the client.
      if (!res.headersSent) throw err
      if (!res.destroyed) log.error({ err }, 'file could not be sent')
      res.destroy()
    }
  }

  router.get('/file/:id', signIn(deps, 'required'), async (req, res) => {
    const uid = signedIn(res).uid
    const file = await canReadFile(db.kysely, signedIn(res), idParam(req, 'id', 'file'))
    if (!file) throw notFound('file')
    await serve(req, res, file, uid)
  })

  // No session needed; one that is there hears download.status.
  router.get('/public/file/:id', signIn(deps, 'optional'), async (req, res) => {
    const file = await findFile(db.kysely, idParam(req, 'id', 'file'))
    if (!file || !file.public) throw notFound('file')
    const elsewhere = downloadRequest(req).dl ? null : publicFileElsewhere(config, req)
    if (elsewhere) return void res.redirect(307, elsewhere)
    await serve(req, res, file, sessionOf(res)?.uid ?? null)
  })

  router.post('/files', signIn(deps, 'required'), express.json({ limit: config.httpMaxBodyBytes }), async (req, res) => {
    const uid = signedIn(res).uid
    const { fileIds, archiveName } = archiveRequest(req.body, config.archiveMaxFiles)
    const rows = new Map((await findFiles(db.kysely, [...new Set(fileIds)])).map((f) => [f._id, f]))
    const files: FileRow[] = []
    for (const id of fileIds) {
      const row = rows.get(id)
      if (!row || (row.uid !== uid && !(await canReadFile(db.kysely, signedIn(res), id))))
        throw forbidden('a listed file is not accessible to you', { fileId: id })
      files.push(row)
    }
    const total = files.reduce((sum, f) => sum + Number(f.size), 0)
    if (total > config.archiveMaxBytes) {
      throw new RpcError(413, `the files total ${total} bytes; an archive holds at most ${config.archiveMaxBytes}`, { maxBytes: config.archiveMaxBytes })
    }
    const zip = new JSZip()
    const names = archiveEntryNames(files.map((f) => f.name))
    files.forEach((f, i) => zip.file(names[i], storage.stream(f._id), { binary: true, createFolders: false }))
    res.status(200).set({
      'Content-Type': 'application/zip',
      'Content-Disposition': contentDisposition(`${cleanFileName(archiveName, 'archive')}.zip`, { type: 'attachment' }),
      'Content-Security-Policy': USER_CONTENT_CSP,
      'Cache-Control': 'private, no-store',
    })
    const stream = zip.generateNodeStream({ streamFiles: true, compression: 'STORE' })
    stream.on('error', (err) => {
      log.error({ err }, 'archive failed')
      res.destroy(err)
    })
    res.on('close', () => {
      if (!res.writableFinished) (stream as unknown as { pause(): void }).pause()
    })
    stream.pipe(res)
  })

  return router
}
