/** POST /files: a zip of readable files, streamed, with correct CRC-32s; 403 before any byte; names cleaned, duplicates renamed. */
import { randomBytes } from 'node:crypto'
import JSZip from 'jszip'
import { serverUrl } from '../helpers/client'
import { MISSING } from '../helpers/ids'
import { signedIn, type SignedIn } from '../helpers/users'
import { uploadOk } from '../helpers/upload'

let me: SignedIn
let other: SignedIn
beforeAll(async () => {
  me = await signedIn('zipper')
  other = await signedIn('zipother')
})
afterAll(() => Promise.all([me.client.close(), other.client.close()]))

const post = (body: unknown, key?: string) =>
  fetch(`${serverUrl()}/files`, {
    method: 'POST',
    headers: { ...(key ? { hlrkey: key } : {}), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

test('the zip holds every file with its bytes; names are cleaned and duplicates renamed', async () => {
  const files = [
    { name: 'a.txt', bytes: Buffer.from('first a') },
    { name: 'a.txt', bytes: Buffer.from('second a') },
    { name: '../../etc/passwd', bytes: Buffer.from('not a passwd') },
    { name: '/abs/path/b.bin', bytes: randomBytes(100_000) },
    { name: 'c\u0085t\u009brl.txt', bytes: Buffer.from('control') },
    { name: 'A.txt', bytes: Buffer.from('third a') },
  ]
  const ids: string[] = []
  for (const f of files) ids.push(await uploadOk(f.bytes, f.name, { key: me.key }))
  const res = await post({ fileIds: ids, archiveName: 'My files' }, me.key)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/zip')
  expect(res.headers.get('content-disposition')).toBe('attachment; filename="My files.zip"')
  // jszip's own CRC-32 (in this process) checks the server's, which zlib computes (server/storage/zip.ts).
  const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()), { checkCRC32: true })
  const names = Object.keys(zip.files)
  expect(names).toEqual(['a.txt', 'a (2).txt', 'passwd', 'b.bin', 'ctrl.txt', 'A (3).txt'])
  for (const [i, name] of names.entries()) {
    const content = await zip.file(name)!.async('nodebuffer')
    expect(content.equals(files[i].bytes)).toBe(true)
  }
})

test('401 without a session, 400 for a bad body, 403 (and no zip) when any file is not readable', async () => {
  const mine = await uploadOk(Buffer.from('mine'), 'mine.txt', { key: me.key })
  const theirs = await uploadOk(Buffer.from('theirs'), 'theirs.txt', { key: other.key })
  expect((await post({ fileIds: [mine], archiveName: 'x' })).status).toBe(401)
  expect((await post({ fileIds: 'nope', archiveName: 'x' }, me.key)).status).toBe(400)
  expect((await post({ fileIds: [mine] }, me.key)).status).toBe(400)
  const refused = await post({ fileIds: [mine, theirs], archiveName: 'x' }, me.key)
  expect(refused.status).toBe(403)
  expect(refused.headers.get('content-type')).toMatch(/application\/json/)
  expect(await refused.json()).toMatchObject({ code: 403, details: { fileId: theirs } })
  expect((await post({ fileIds: [MISSING], archiveName: 'x' }, me.key)).status).toBe(403)
})
