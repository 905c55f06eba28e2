/** Helpers for the file route specs: multipart uploads as a browser would send them, and the bytes of a few formats. */
import fs from 'node:fs'
import path from 'node:path'
import { serverUrl } from './client'

export interface UploadOptions {
  key?: string
  cookie?: string
  /** The session key as a form field before the file. */
  bodyKey?: string
  /** An active public form's key as a form field before the file. */
  publicFormKey?: string
  /** What the client claims (never trusted). */
  type?: string
  url?: string
  /** The Origin header: with a cookie, the server's own unless given (null: none), as a browser sends it. */
  origin?: string | null
}

export async function upload(bytes: Buffer | Uint8Array, name: string, options: UploadOptions = {}) {
  const form = new FormData()
  if (options.bodyKey) form.append('hlrkey', options.bodyKey)
  if (options.publicFormKey) form.append('publicFormKey', options.publicFormKey)
  form.append('file', new Blob([new Uint8Array(bytes)], { type: options.type ?? 'application/octet-stream' }), name)
  const headers: Record<string, string> = {}
  if (options.key) headers.hlrkey = options.key
  if (options.cookie) headers.cookie = options.cookie
  const origin = options.origin === undefined ? (options.cookie ? new URL(options.url ?? serverUrl()).origin : null) : options.origin
  if (origin !== null) headers.origin = origin
  const res = await fetch(`${options.url ?? serverUrl()}/upload`, { method: 'POST', headers, body: form })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers }
}

export async function uploadOk(bytes: Buffer | Uint8Array, name: string, options: UploadOptions): Promise<string> {
  const reply = await upload(bytes, name, options)
  if (reply.status !== 200) throw new Error(`upload failed: ${reply.status} ${JSON.stringify(reply.body)}`)
  return reply.body._id
}

export async function get(pathname: string, options: { key?: string; headers?: Record<string, string>; url?: string } = {}) {
  const headers: Record<string, string> = { ...options.headers }
  if (options.key) headers.hlrkey = options.key
  const res = await fetch(`${options.url ?? serverUrl()}${pathname}`, { headers })
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
}

/** Every regular file under `dir` (recursively); [] when it does not exist. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
}

/** A minimal valid 1x1 PNG. */
export const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
