/**
 * Active content (server/http/user-content.ts, files-origin.ts): an uploaded file that can carry
 * script (SVG, XML, HTML, XHTML, PDF, JavaScript) never renders on the app's origin. Every route that
 * serves user bytes answers with a sandboxing Content-Security-Policy and nosniff; only the inert
 * types (raster images, plain text) are inline, everything else is an attachment. With FILES_ORIGIN,
 * the app's origin shows nothing inline and the files origin answers only the public reading routes.
 */
import http from 'node:http'
import { loadConfig } from '../../server/config'
import { serverUrl } from '../helpers/client'
import { startServer, type RunningServer } from '../helpers/server'
import { signedIn, type SignedIn } from '../helpers/users'
import { workflowWithPhase } from '../helpers/workflows'
import { get, PNG_1x1, uploadOk } from '../helpers/upload'

const CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

/**
 * Files that run script when a browser renders them as the type they are, and the type the server
 * sniffs: with an XML declaration SVG and XHTML are XML, a type that runs script, so a download; a
 * page without one sniffs as plain text, shown as text (nosniff: never as a page).
 */
const ACTIVE = {
  svg: ['evil.svg', '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>', 'application/xml'],
  xml: ['evil.xml', '<?xml version="1.0"?>\n<x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(document.cookie)</x:script>', 'application/xml'],
  xhtml: ['evil.xhtml', '<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>', 'application/xml'],
  pdf: ['evil.pdf', '%PDF-1.4\n1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF', 'application/pdf'],
  html: ['evil.html', '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>', 'text/plain; charset=utf-8'],
  bareSvg: ['bare.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'text/plain; charset=utf-8'],
} as const
type Kind = keyof typeof ACTIVE
const DOWNLOADS = (Object.keys(ACTIVE) as Kind[]).filter((k) => !ACTIVE[k][2].startsWith('text/plain'))
const AS_TEXT = (Object.keys(ACTIVE) as Kind[]).filter((k) => ACTIVE[k][2].startsWith('text/plain'))

let owner: SignedIn
const ids: Record<string, string> = {}

beforeAll(async () => {
  owner = await signedIn('active')
  for (const [kind, [name, text]] of Object.entries(ACTIVE)) ids[kind] = await uploadOk(Buffer.from(text), name, { key: owner.key })
  ids.png = await uploadOk(PNG_1x1, 'pixel.png', { key: owner.key })
  ids.text = await uploadOk(Buffer.from('just words'), 'notes.txt', { key: owner.key })
  for (const id of Object.values(ids)) await owner.client.call('v3.file.setPublic', id, true)
})
afterAll(() => owner.client.close())

function expectSandboxed(headers: Headers) {
  expect(headers.get('content-security-policy')).toBe(CSP)
  expect(headers.get('x-content-type-options')).toBe('nosniff')
}

describe.each([
  ['/file/:id', (id: string) => get(`/file/${id}`, { key: owner.key })],
  ['/public/file/:id', (id: string) => get(`/public/file/${id}`)],
])('%s', (_route, fetchFile) => {
  test.each(DOWNLOADS)('an uploaded %s with a script is an attachment of its type, sandboxed, nosniff, bytes unchanged', async (kind) => {
    const reply = await fetchFile(ids[kind])
    expect(reply.status).toBe(200)
    expect(reply.headers.get('content-type')).toBe(ACTIVE[kind][2])
    expect(reply.headers.get('content-disposition')).toMatch(/^attachment;/)
    expectSandboxed(reply.headers)
    expect(reply.bytes.toString()).toBe(ACTIVE[kind][1])
  })

  test.each(AS_TEXT)('an uploaded %s that sniffs as text is plain text, sandboxed, nosniff', async (kind) => {
    const reply = await fetchFile(ids[kind])
    expect(reply.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expectSandboxed(reply.headers)
  })

  test('a PNG and plain text stay inline, sandboxed and nosniff', async () => {
    for (const [id, type] of [
      [ids.png, 'image/png'],
      [ids.text, 'text/plain; charset=utf-8'],
    ]) {
      const reply = await fetchFile(id)
      expect(reply.status).toBe(200)
      expect(reply.headers.get('content-type')).toBe(type)
      expect(reply.headers.get('content-disposition')).toMatch(/^inline;/)
      expectSandboxed(reply.headers)
    }
  })

  test('asking for inline (no dl) does not make an active type inline; dl=1 makes even a PNG an octet-stream attachment', async () => {
    expect((await fetchFile(`${ids.svg}?inline=1`)).headers.get('content-disposition')).toMatch(/^attachment;/)
    const png = await fetchFile(`${ids.png}?dl=1`)
    expect(png.headers.get('content-type')).toBe('application/octet-stream')
    expect(png.headers.get('content-disposition')).toMatch(/^attachment;/)
    expectSandboxed(png.headers)
  })
})

test('a range, a conditional 304 and a HEAD of an active file carry the same headers', async () => {
  const full = await get(`/file/${ids.svg}`, { key: owner.key })
  const range = await get(`/file/${ids.svg}`, { key: owner.key, headers: { range: 'bytes=0-4' } })
  expect(range.status).toBe(206)
  expect(range.headers.get('content-disposition')).toMatch(/^attachment;/)
  expectSandboxed(range.headers)
  const cached = await get(`/file/${ids.svg}`, { key: owner.key, headers: { 'if-none-match': full.headers.get('etag')!, 'cache-control': 'max-age=0' } })
  expect(cached.status).toBe(304)
  expectSandboxed(cached.headers)
  const head = await fetch(`${serverUrl()}/public/file/${ids.svg}`, { method: 'HEAD' })
  expect(head.headers.get('content-disposition')).toMatch(/^attachment;/)
  expectSandboxed(head.headers)
})

test('image renditions, profile images and their refusals are sandboxed and nosniff', async () => {
  for (const path of [`/image/thumb/${ids.png}`, `/public/image/thumb/${ids.png}?format=png`]) {
    const reply = await get(path, { key: owner.key })
    expect(reply.status).toBe(200)
    expect(reply.headers.get('content-type')).toMatch(/^image\/(jpeg|png)$/)
    expectSandboxed(reply.headers)
  }
  // An SVG is not an image to render: a JSON 415, nosniff too.
  const svg = await get(`/public/image/thumb/${ids.svg}`)
  expect(svg.status).toBe(415)
  expect(svg.headers.get('content-type')).toMatch(/^application\/json/)
  expect(svg.headers.get('x-content-type-options')).toBe('nosniff')

  await owner.client.call('v3.user.profileImage.set', ids.png)
  const profile = await get(`/profileimage/square50/${owner.uid}`)
  expect(profile.status).toBe(200)
  expectSandboxed(profile.headers)
})

test('an archive of the files, an insight export and a calendar feed are sandboxed and nosniff', async () => {
  const archive = await fetch(`${serverUrl()}/files`, {
    method: 'POST',
    headers: { hlrkey: owner.key, 'content-type': 'application/json' },
    body: JSON.stringify({ fileIds: [ids.svg, ids.html], archiveName: 'evil' }),
  })
  expect(archive.status).toBe(200)
  expect(archive.headers.get('content-disposition')).toMatch(/^attachment;/)
  expectSandboxed(archive.headers)
  await archive.arrayBuffer()

  const { p } = await workflowWithPhase(owner.client, 'Insightful')
  const insight = await owner.client.call('v3.insight.create', { processId: p._id, name: '<script>alert(1)</script>', fields: [] })
  const { path } = await owner.client.call('v3.insight.publicKey.create', insight._id)
  for (const type of ['csv', 'json']) {
    const reply = await get(`${path}/${type}`)
    expect(reply.status).toBe(200)
    expectSandboxed(reply.headers)
  }

  const calendar = await owner.client.call('v3.calendar.create', { name: '<script>alert(1)</script>' })
  const { code } = await owner.client.call('v3.calendar.subscribeCode.create', calendar._id)
  const feed = await get(`/ical/${code}`)
  expect(feed.status).toBe(200)
  expectSandboxed(feed.headers)
})

describe('FILES_ORIGIN', () => {
  const FILES_HOST = 'files.hlr.test'
  let server: RunningServer
  let user: SignedIn
  const files: Record<string, string> = {}

  /** A request to the test server under another Host name, as a browser on that origin would send it. */
  function at(host: string | null, method: string, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
    const url = new URL(path, server.url)
    return new Promise((resolve, reject) => {
      const req = http.request(url, { method, headers: host ? { host } : {} }, (res) => {
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }))
      })
      req.on('error', reject)
      req.end()
    })
  }

  beforeAll(async () => {
    server = await startServer({ FILES_ORIGIN: `http://${FILES_HOST}` })
    user = await signedIn('filesorigin', server.wsUrl)
    files.png = await uploadOk(PNG_1x1, 'pixel.png', { key: user.key, url: server.url })
    files.svg = await uploadOk(Buffer.from(ACTIVE.svg[1]), 'evil.svg', { key: user.key, url: server.url })
    for (const id of Object.values(files)) await user.client.call('v3.file.setPublic', id, true)
  }, 120_000)
  afterAll(async () => {
    await user?.client.close()
    await server?.stop()
  })

  test('the app origin shows no file inline: private files are attachments, a public view goes to the files origin', async () => {
    const own = await get(`/file/${files.png}`, { key: user.key, url: server.url })
    expect(own.headers.get('content-disposition')).toMatch(/^attachment;/)
    expectSandboxed(own.headers)
    const view = await at(null, 'GET', `/public/file/${files.png}?v=1`)
    expect(view.status).toBe(307)
    expect(view.headers.location).toBe(`http://${FILES_HOST}/public/file/${files.png}?v=1`)
    const download = await get(`/public/file/${files.png}?dl=1`, { url: server.url })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/)
  })

  test('the files origin shows the inert types inline, still sandboxed; active types stay attachments', async () => {
    const png = await at(FILES_HOST, 'GET', `/public/file/${files.png}`)
    expect(png.status).toBe(200)
    expect(png.headers['content-disposition']).toMatch(/^inline;/)
    expect(png.headers['content-security-policy']).toBe(CSP)
    const svg = await at(FILES_HOST, 'GET', `/public/file/${files.svg}`)
    expect(svg.headers['content-disposition']).toMatch(/^attachment;/)
    expect((await at(FILES_HOST, 'GET', `/public/image/thumb/${files.png}`)).status).toBe(200)
  })

  test('the files origin answers nothing but the public reading routes', async () => {
    for (const [method, path] of [
      ['POST', '/api/login'],
      ['GET', '/'],
      ['GET', `/file/${files.png}`],
      ['POST', '/upload'],
      ['POST', `/public/file/${files.png}`],
    ]) {
      const reply = await at(FILES_HOST, method, path)
      expect({ method, path, status: reply.status }).toEqual({ method, path, status: 404 })
      expect(reply.headers['x-content-type-options']).toBe('nosniff')
    }
  })

  test('FILES_ORIGIN must be an origin, and another one than PUBLIC_URL', () => {
    const env = { DATA_DIR: server.dataDir }
    expect(loadConfig({ ...env, FILES_ORIGIN: 'https://files.example.net' }).filesOrigin).toBe('https://files.example.net')
    expect(() => loadConfig({ ...env, FILES_ORIGIN: 'https://files.example.net/path' })).toThrow(/FILES_ORIGIN/)
    expect(() => loadConfig({ ...env, FILES_ORIGIN: 'https://app.example.net', PUBLIC_URL: 'https://app.example.net/' })).toThrow(/FILES_ORIGIN/)
  })
})
