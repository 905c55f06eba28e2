/**
 * The file routes: POST /upload, GET /file/:id, GET /public/file/:id, POST /files (zip).
 * Credentials: the session key as the hlrkey header or cookie (for /upload also a body field
 * `hlrkey`, or an active public form's key as the body field `publicFormKey`, sent BEFORE the file). The read rule is canReadFile (server/domain/files.ts).
 */
import fsp from 'node:fs/promises'
import { create as contentDisposition } from 'content-disposition'
import express, { type Request, type Response } from 'express'
import JSZip from 'jszip'
import multer from 'multer'
import { currentWorkspaceId, resolveKey } from '../auth/sessions'
import { findFile, findFiles, insertFile, type FileRow } from '../db/files'
import { publicFormByKey } from '../db/public-forms'
import { archiveEntryNames, canReadFile, cleanFileName, commitUpload, filePath, LazyFileStream, sniffContentType, tempStorage, type StoredUpload } from '../domain/files'
import { isObjectId, newId } from '../ids'
import type { Session } from '../rpc/operation'
import { keyFromRequest } from './credentials'
import { sendError } from './errors'
import type { RouteDeps } from './routes'

class HttpError extends Error {
  constructor(
    readonly code: 400 | 401 | 403 | 404 | 413 | 415,
    message: string,
  ) {
    super(message)
  }
}

/** The session of the request's hlrkey header or cookie (or `extra`, e.g. the upload body field). */
export async function sessionOf(deps: RouteDeps, req: Request, extra?: unknown): Promise<Session | null> {
  const key = keyFromRequest(req) ?? (typeof extra === 'string' && extra ? extra : null)
  return key ? resolveKey(deps.db.kysely, key, deps.config.sessionIdleSeconds, req.socket.remoteAddress ?? '') : null
}

/** Who uploads: a signed-in user in their current workspace, or a public form (uid `form_<processId>`). */
interface Uploader {
  cid: string
  uid: string
}

async function uploaderOf(deps: RouteDeps, req: Request): Promise<Uploader | null> {
  const body = (req.body ?? {}) as Record<string, unknown>
  const session = await sessionOf(deps, req, body.hlrkey)
  if (session) {
    const cid = await currentWorkspaceId(deps.db.kysely, session)
    if (!cid) throw new HttpError(403, 'the session has no current workspace')
    return { cid, uid: session.uid }
  }
  const formKey = body.publicFormKey
  if (typeof formKey !== 'string' || formKey.length < 16 || formKey.length > 128) return null
  const form = await publicFormByKey(deps.db.kysely, formKey)
  return form?.active ? { cid: form.cid, uid: `form_${form.process_id}` } : null
}

export function filesRouter(deps: RouteDeps) {
  const { config, db, bus, log } = deps
  const router = express.Router()

  const upload = multer({
    storage: tempStorage(config),
    limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10, fieldSize: 1024 },
    // Credentials are checked before any byte is written: the header, the cookie, or a body field
    // `hlrkey` that precedes the file in the form.
    fileFilter: (req, file, cb) => {
      if (file.fieldname !== 'file') return cb(new HttpError(400, 'the file goes in the field "file"'))
      uploaderOf(deps, req).then((uploader) => {
        if (!uploader) return cb(new HttpError(401, 'not signed in: send the session key as the hlrkey header, cookie or a body field, or an active public-form key as the body field publicFormKey, before the file'))
        ;(req as Request & { uploader?: Uploader }).uploader = uploader
        cb(null, true)
      }, cb)
    },
  }).single('file')

  router.post('/upload', (req, res) => {
    upload(req, res, async (err: unknown) => {
      const stored = req.file as (Express.Multer.File & StoredUpload) | undefined
      try {
        if (err) throw err instanceof HttpError || err instanceof multer.MulterError || (err as NodeJS.ErrnoException).code ? err : new HttpError(400, `the upload could not be read: ${String((err as Error)?.message ?? err).slice(0, 200)}`)
        const uploader = (req as Request & { uploader?: Uploader }).uploader ?? (await uploaderOf(deps, req))
        if (!uploader) throw new HttpError(401, 'not signed in')
        if (!stored) throw new HttpError(400, 'no file: send it as multipart/form-data in the field "file"')
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
          await commitUpload(config, stored.tmpPath, _id)
        } catch (e) {
          await db.kysely.deleteFrom('files').where('_id', '=', _id).execute()
          throw e
        }
        res.json({ _id })
      } catch (e) {
        if (stored?.tmpPath) await fsp.rm(stored.tmpPath, { force: true }).catch(() => {})
        sendUploadError(res, e, config.uploadMaxBytes)
      }
    })
  })

  function sendUploadError(res: Response, e: unknown, max: number) {
    if (e instanceof HttpError) return sendError(res, { code: e.code, msg: e.message })
    if (e instanceof multer.MulterError) {
      if (e.code === 'LIMIT_FILE_SIZE') return sendError(res, { code: 413, msg: `the file is larger than the upload limit of ${max} bytes`, details: { maxBytes: max } })
      return sendError(res, { code: 400, msg: `the upload could not be read: ${e.message}` })
    }
    if ((e as { status?: number }).status && (e as { status: number }).status < 500) return sendError(res, { code: 400, msg: 'the upload could not be read' })
    log.error({ err: e }, 'upload failed')
    sendError(res, { code: 500, msg: 'internal error' })
  }

  async function serve(req: Request, res: Response, file: FileRow, uid: string | null) {
    const dl = req.query.dl !== undefined
    const downloadId = typeof req.query.downloadId === 'string' ? req.query.downloadId.slice(0, 200) : null
    const signal = dl && downloadId && uid ? (state: string, bytes: number) => bus.emit([{ kind: 'signal', topics: [`user:${uid}`], sig: 'download.status', meta: { downloadId, fileId: file._id, state, bytes } }]).catch((err) => log.error({ err }, 'download.status')) : null
    const headers: Record<string, string> = {
      'Content-Type': dl ? 'application/octet-stream' : file.content_type,
      'Content-Disposition': contentDisposition(file.name, { type: dl ? 'attachment' : 'inline' }),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-cache',
    }
    const before = req.socket.bytesWritten
    if (signal) await signal('started', 0)
    res.sendFile(filePath(config, file._id), { headers, dotfiles: 'allow', etag: true, lastModified: false }, (err) => {
      const length = Number(res.getHeader('Content-Length') ?? 0)
      if (!err) return void signal?.('finished', length)
      void signal?.('failed', Math.max(0, Math.min(length, req.socket.bytesWritten - before)))
      if (!res.headersSent) {
        if ((err as { code?: string }).code === 'ENOENT') return sendError(res, { code: 404, msg: 'file not found' })
        sendError(res, { code: ((err as { status?: number }).status === 416 ? 416 : 500) as 500, msg: 'the file could not be sent' })
      }
    })
  }

  router.get('/file/:id', async (req, res) => {
    const session = await sessionOf(deps, req)
    if (!session) return sendError(res, { code: 401, msg: 'not signed in' })
    const id = req.params.id as string
    const file = isObjectId(id) ? await canReadFile(db.kysely, session, id) : null
    if (!file) return sendError(res, { code: 404, msg: 'file not found' })
    await serve(req, res, file, session.uid)
  })

  router.get('/public/file/:id', async (req, res) => {
    const id = req.params.id as string
    const file = isObjectId(id) ? await findFile(db.kysely, id) : null
    if (!file || !file.public) return sendError(res, { code: 404, msg: 'file not found' })
    const session = req.query.downloadId ? await sessionOf(deps, req) : null
    await serve(req, res, file, session?.uid ?? null)
  })

  router.post('/files', express.json({ limit: config.httpMaxBodyBytes }), async (req, res) => {
    const session = await sessionOf(deps, req)
    if (!session) return sendError(res, { code: 401, msg: 'not signed in' })
    const { fileIds, archiveName } = (req.body ?? {}) as { fileIds?: unknown; archiveName?: unknown }
    if (!Array.isArray(fileIds) || !fileIds.length || !fileIds.every(isObjectId)) {
      return sendError(res, { code: 400, msg: 'fileIds must be a non-empty array of file ids' })
    }
    if (typeof archiveName !== 'string' || !archiveName.trim() || archiveName.length > 200) {
      return sendError(res, { code: 400, msg: 'archiveName must be a non-empty string of at most 200 characters' })
    }
    if (fileIds.length > config.archiveMaxFiles) {
      return sendError(res, { code: 413, msg: `an archive holds at most ${config.archiveMaxFiles} files`, details: { maxFiles: config.archiveMaxFiles } })
    }
    const rows = new Map((await findFiles(db.kysely, [...new Set(fileIds)])).map((f) => [f._id, f]))
    const files: FileRow[] = []
    for (const id of fileIds) {
      const row = rows.get(id)
      if (!row || (row.uid !== session.uid && !(await canReadFile(db.kysely, session, id)))) {
        return sendError(res, { code: 403, msg: 'a listed file is not accessible to you', details: { fileId: id } })
      }
      files.push(row)
    }
    const total = files.reduce((sum, f) => sum + Number(f.size), 0)
    if (total > config.archiveMaxBytes) {
      return sendError(res, { code: 413, msg: `the files total ${total} bytes; an archive holds at most ${config.archiveMaxBytes}`, details: { maxBytes: config.archiveMaxBytes } })
    }
    const zip = new JSZip()
    const names = archiveEntryNames(files.map((f) => f.name))
    files.forEach((f, i) => zip.file(names[i], new LazyFileStream(filePath(config, f._id)), { binary: true, createFolders: false }))
    res.status(200).set({
      'Content-Type': 'application/zip',
      'Content-Disposition': contentDisposition(`${cleanFileName(archiveName, 'archive')}.zip`, { type: 'attachment' }),
      'X-Content-Type-Options': 'nosniff',
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
