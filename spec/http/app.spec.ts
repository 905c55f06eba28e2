/**
 * The web app's files as the server sends them: hashed assets cached for a year and sent brotli or
 * gzip as the browser accepts, index.html never cached, at `/` and at every app route (API routes keep
 * their answers), the strict Content-Security-Policy on all of them, and no inline code in the page.
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { APP_CSP, APP_DIR } from '../../server/http/app'
import { serverUrl } from '../helpers/client'

const { FIRST_SCREEN_BUDGET, firstScreenSize } = require('../../scripts/build-app.js')

const get = (route: string, headers: Record<string, string> = {}) => fetch(`${serverUrl()}${route}`, { headers })
/** The asset paths index.html names. */
async function assets() {
  const html = await (await get('/')).text()
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1])
}

test('the page: no cache, the security headers, no inline script or style', async () => {
  const page = await get('/', { accept: 'text/html' })
  expect(page.status).toBe(200)
  expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
  expect(page.headers.get('cache-control')).toBe('no-cache')
  expect(page.headers.get('content-security-policy')).toBe(APP_CSP)
  expect(APP_CSP).not.toMatch(/unsafe-inline|unsafe-eval|\*/)
  expect(page.headers.get('x-content-type-options')).toBe('nosniff')
  expect(page.headers.get('x-frame-options')).toBe('DENY')
  const html = await page.text()
  expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/)
  // Every script is a file of this origin: no inline code, no inline style, no event attributes.
  expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>|<style|\sstyle="|\son[a-z]+="/)
})

test('app routes get the page too (the app routes in the browser); API, files and unknown assets do not', async () => {
  for (const route of ['/signin', '/w/0123456789abcdef01234567/workflows/0123456789abcdef01234567?view=board', '/anything/else']) {
    const res = await get(route, { accept: 'text/html,application/xhtml+xml' })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(res.headers.get('content-security-policy')).toBe(APP_CSP)
    expect(await res.text()).toContain('<div id="root"></div>')
  }
  // The API keeps its own answers, even to a browser's Accept.
  const api = await get('/readyz', { accept: 'text/html' })
  expect(api.headers.get('content-type')).not.toContain('text/html')
  const call = await fetch(`${serverUrl()}/api/v3.session.get`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' })
  expect(call.status).toBe(401)
  // A script asking for JSON gets no page.
  expect((await get('/w/x', { accept: 'application/json' })).status).toBe(404)
  for (const missing of ['/assets/nothing-abc123.js', '/assets/..%2Fpackage.json', '/assets/index.js.br']) {
    const res = await get(missing, { accept: 'text/html' })
    expect(res.status).toBe(404)
    expect(res.headers.get('cache-control') ?? '').not.toContain('immutable')
  }
})

test('hashed assets: a year of caching, immutable; brotli or gzip as accepted, the same bytes as built', async () => {
  const names = await assets()
  expect(names.some((n) => n.endsWith('.js'))).toBe(true)
  expect(names.some((n) => n.endsWith('.css'))).toBe(true)
  for (const name of names) {
    const built = fs.readFileSync(path.join(APP_DIR, name))
    const br = await fetch(`${serverUrl()}${name}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.status).toBe(200)
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toBe('Accept-Encoding')
    expect(br.headers.get('content-security-policy')).toBe(APP_CSP)
    expect(br.headers.get('content-type')).toMatch(name.endsWith('.js') ? /^text\/javascript/ : /^text\/css/)
    // fetch decodes the body: what arrives is what was built (Buffer.equals: jest's deep equality walks every byte slowly).
    expect(Buffer.from(await br.arrayBuffer()).equals(built)).toBe(true)

    const gz = await fetch(`${serverUrl()}${name}`, { headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(Buffer.from(await gz.arrayBuffer()).equals(built)).toBe(true)
  }
  // Without fetch's decoding: the raw bytes are the brotli copy; with no encoding accepted, the plain file.
  const [script] = names.filter((n) => n.endsWith('.js'))
  const raw = await rawGet(script, 'br')
  expect(zlib.brotliDecompressSync(raw.body).equals(fs.readFileSync(path.join(APP_DIR, script)))).toBe(true)
  const plain = await rawGet(script, 'identity')
  expect(plain.encoding).toBeUndefined()
  expect(plain.body.equals(fs.readFileSync(path.join(APP_DIR, script)))).toBe(true)
})

test('the first screen’s JavaScript stays within its budget', () => {
  const size = firstScreenSize(APP_DIR)
  expect(size.gz).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET)
})

/** A GET through node:http, which leaves the body as sent. */
function rawGet(route: string, acceptEncoding: string): Promise<{ encoding?: string; body: Buffer }> {
  const http = require('node:http') as typeof import('node:http')
  return new Promise((resolve, reject) => {
    http
      .get(`${serverUrl()}${route}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}
