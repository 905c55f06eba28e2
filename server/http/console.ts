/**
 * The web console (console/) at `/`: bundled with esbuild on its first visit (in this process,
 * kept in memory) and served with a strict Content-Security-Policy: only this origin's script,
 * style and connections, no inline code, no framing.
 */
import fs from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'
import express from 'express'
import { sendError } from './errors'

const SOURCE = path.join(__dirname, '..', '..', 'console')

export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

export interface ConsoleBundle {
  'index.html': string
  'app.js': string
  'app.css': string
}

export async function buildConsole(): Promise<ConsoleBundle> {
  const result = await build({
    entryPoints: { app: path.join(SOURCE, 'main.ts') },
    bundle: true,
    write: false,
    outdir: '/console',
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    logLevel: 'silent',
  })
  const file = (name: string) => result.outputFiles.find((f) => f.path.endsWith(`/${name}`))!.text
  return { 'index.html': fs.readFileSync(path.join(SOURCE, 'index.html'), 'utf8'), 'app.js': file('app.js'), 'app.css': file('app.css') }
}

const TYPES: Record<keyof ConsoleBundle, string> = {
  'index.html': 'text/html; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
}

/** `bundle`: the console's files, built on its first call (the same promise every time after; the caller logs a failure). */
export function consoleRouter(bundle: () => Promise<ConsoleBundle>) {
  const router = express.Router()
  const serve = (name: keyof ConsoleBundle) => async (_req: express.Request, res: express.Response) => {
    const files = await bundle().catch(() => null)
    if (!files) return sendError(res, { code: 500, msg: 'the console could not be built (see the server log)' })
    res
      .status(200)
      .set({
        'Content-Type': TYPES[name],
        'Content-Security-Policy': CONSOLE_CSP,
        'X-Frame-Options': 'DENY',
        'Referrer-Policy': 'no-referrer',
        'Cache-Control': 'no-cache',
      })
      .send(files[name])
  }
  router.get('/', serve('index.html'))
  router.get('/console/app.js', serve('app.js'))
  router.get('/console/app.css', serve('app.css'))
  return router
}
