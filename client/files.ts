/**
 * Upload and download with progress. Uploads report bytes sent where the platform can tell
 * (XMLHttpRequest in browsers; in Node once, at the end). Downloads count the bytes received and
 * follow the server's own account of the transfer, the `download.status` signals of the socket.
 */
import type { HlrClient } from './client'
import { newIdempotencyKey } from './client'
import { HlrError } from './errors'

export interface Progress {
  loaded: number
  /** From Content-Length; undefined when unknown. */
  total?: number
  /** The server's last `download.status` state (downloads only). */
  state?: 'started' | 'finished' | 'failed'
}
export type ProgressHandler = (progress: Progress) => void

export async function upload(client: HlrClient, file: Blob, options: { name?: string; onProgress?: ProgressHandler } = {}): Promise<{ _id: string }> {
  const form = new FormData()
  form.append('file', file, options.name ?? (file as File).name ?? 'file')
  const url = `${client.base}/upload`
  if (typeof XMLHttpRequest !== 'undefined') return uploadWithXhr(url, form, client.key, options.onProgress)
  const res = await client.fetcher(url, { method: 'POST', body: form, headers: client.key ? { hlrkey: client.key } : {}, credentials: 'omit' })
  const body = await res.json()
  if (!res.ok) throw new HlrError('upload', body)
  options.onProgress?.({ loaded: file.size, total: file.size })
  return body
}

function uploadWithXhr(url: string, form: FormData, key: string | undefined, onProgress?: ProgressHandler): Promise<{ _id: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    if (key) xhr.setRequestHeader('hlrkey', key)
    xhr.upload.onprogress = (e) => onProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : undefined })
    xhr.onload = () => {
      const body = JSON.parse(xhr.responseText || '{}')
      if (xhr.status === 200) resolve(body)
      else reject(new HlrError('upload', typeof body.code === 'number' ? body : { code: xhr.status, msg: xhr.statusText }))
    }
    xhr.onerror = () => reject(new HlrError('upload', { code: 503, msg: 'the upload did not reach the server' }))
    xhr.send(form)
  })
}

export interface Downloaded {
  blob: Blob
  /** The file name the server gave (Content-Disposition). */
  name: string
  /** The server's final `download.status` state, when the socket heard it. */
  state?: 'finished' | 'failed'
}

/** How long after the last byte the client waits for the server's `finished` signal. */
const STATUS_GRACE_MS = 3000

export async function download(client: HlrClient, fileId: string, options: { onProgress?: ProgressHandler } = {}): Promise<Downloaded> {
  const downloadId = newIdempotencyKey()
  const progress: Progress = { loaded: 0 }
  const report = () => options.onProgress?.({ ...progress })
  let settled: (state: 'finished' | 'failed') => void = () => {}
  const final = new Promise<'finished' | 'failed'>((resolve) => (settled = resolve))
  const stop = client.on('download.status', (meta) => {
    if (meta.downloadId !== downloadId) return
    progress.state = meta.state
    report()
    if (meta.state !== 'started') settled(meta.state)
  })
  try {
    const params = client.live ? `?dl=1&downloadId=${downloadId}` : '?dl=1'
    const res = await client.fetcher(`${client.base}/file/${encodeURIComponent(fileId)}${params}`, {
      headers: client.key ? { hlrkey: client.key } : {},
      credentials: 'omit',
    })
    if (!res.ok) {
      const body = await res.json().catch(() => ({ code: res.status, msg: res.statusText }))
      throw new HlrError('download', body)
    }
    const length = Number(res.headers.get('content-length'))
    progress.total = Number.isFinite(length) && length > 0 ? length : undefined
    const chunks: Uint8Array[] = []
    const reader = res.body!.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      progress.loaded += value.length
      report()
    }
    let stopWaiting = () => {}
    const grace = new Promise<undefined>((resolve) => {
      const timer = setTimeout(resolve, STATUS_GRACE_MS)
      stopWaiting = () => clearTimeout(timer)
    })
    const state = client.live ? await Promise.race([final, grace]) : undefined
    stopWaiting()
    return { blob: new Blob(chunks as BlobPart[]), name: fileNameOf(res.headers.get('content-disposition')) ?? fileId, state }
  } finally {
    stop()
  }
}

/**
 * The workspace's audit trail as CSV (GET /audit.csv, docs/guides/audit.md), with the filters of
 * v3.audit.list; it needs the capability audit.read, as the operation does.
 */
export async function auditCsv(client: HlrClient, workspaceId: string, query: { afterTs?: number; actor?: string; kind?: string } = {}): Promise<Downloaded> {
  const params = new URLSearchParams({ workspaceId })
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value))
  const res = await client.fetcher(`${client.base}/audit.csv?${params}`, { headers: client.key ? { hlrkey: client.key } : {}, credentials: 'omit' })
  if (!res.ok) {
    const body = await res.json().catch(() => ({ code: res.status, msg: res.statusText }))
    throw new HlrError('audit.csv', body)
  }
  return { blob: await res.blob(), name: fileNameOf(res.headers.get('content-disposition')) ?? `audit-${workspaceId}.csv` }
}

function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)
  if (star) return decodeURIComponent(star[1])
  const plain = /filename=(?:"([^"]*)"|([^;\s]+))/i.exec(disposition)
  return plain ? (plain[1] ?? plain[2]) : undefined
}
