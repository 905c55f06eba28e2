/**
 * The web app (app/, built by scripts/build-app.js into .build/app/ before the server starts: this
 * process never builds it). Hashed assets under /assets/ are cached for a year and sent as the
 * brotli or gzip copy made at build time, whichever the browser accepts; index.html is sent, never
 * cached, for `/` and for every other GET a browser navigates to (the app's own routes), after the
 * API and file routes had their turn. Every page and asset carries the strict Content-Security-Policy:
 * only this origin's script, style and connections, no inline code, no framing.
 */
import fs from 'node:fs'
import path from 'node:path'
import express from 'express'
import { sendError } from './errors'

/** Where scripts/build-app.js writes the app. */
export const APP_DIR = path.join(__dirname, '..', '..', '.build', 'app')

export const APP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

const SECURITY = { 'Content-Security-Policy': APP_CSP, 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'no-referrer' }

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
}
/** A built asset's name: the hash makes it unique, so a name never changes meaning. */
const ASSET_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/

/** The copy to send: brotli, else gzip, when the browser accepts it and the build made it; else the plain file. */
export function chooseEncoding(acceptEncoding: string | undefined, has: (suffix: '.br' | '.gz') => boolean): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (name) accepted.set(name, q ? Number(q.slice(2)) : 1)
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
  if (ok('br') && has('.br')) return 'br'
  if (ok('gzip') && has('.gz')) return 'gzip'
  return null
}

async function sendBuilt(req: express.Request, res: express.Response, file: string, headers: Record<string, string>) {
  const encoding = chooseEncoding(req.get('accept-encoding'), (suffix) => fs.existsSync(file + suffix))
  const bytes = await fs.promises.readFile(encoding === 'br' ? `${file}.br` : encoding === 'gzip' ? `${file}.gz` : file)
  res.status(200).set({
    ...SECURITY,
    ...headers,
    'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'Content-Length': String(bytes.length),
    Vary: 'Accept-Encoding',
  })
  if (encoding) res.set('Content-Encoding', encoding)
  if (req.method === 'HEAD') res.end()
  else res.end(bytes)
}

/**
 * The page is the answer to `/`, and to any other route a browser navigates to (it names text/html
 * in Accept before JSON). A script's catch-all Accept (curl, fetch) is not a browser's, so an unknown
 * route still answers it the API's JSON 404.
 */
const wantsPage = (req: express.Request) => req.path === '/' || (/\btext\/html\b/.test(req.get('accept') ?? '') && req.accepts(['html', 'json']) === 'html')

export function appRouter(dir = APP_DIR) {
  const router = express.Router()
  router.get('/assets/:name', async (req, res) => {
    const name = String(req.params.name)
    const file = path.join(dir, 'assets', name)
    if (!ASSET_NAME.test(name) || /\.(br|gz)$/.test(name) || !fs.existsSync(file)) return sendError(res, { code: 404, msg: 'no such asset' })
    await sendBuilt(req, res, file, { 'Cache-Control': 'public, max-age=31536000, immutable' })
  })
  router.get(/.*/, async (req, res, next) => {
    if (req.path.startsWith('/assets/') || !wantsPage(req)) return next()
    const index = path.join(dir, 'index.html')
    if (!fs.existsSync(index)) return sendError(res, { code: 503, msg: 'the web app is not built: `npm start` builds it (or run `node scripts/build-app.js`)' })
    await sendBuilt(req, res, index, { 'Cache-Control': 'no-cache' })
  })
  return router
}
