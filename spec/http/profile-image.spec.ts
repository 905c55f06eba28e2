/** v3.user.profileImage.set and GET /profileimage/:size/:id */
import sharp from 'sharp'
import { Client, serverUrl } from '../helpers/client'
import { MISSING } from '../helpers/ids'
import { signedIn, type SignedIn } from '../helpers/users'

let user: SignedIn
let other: SignedIn
let second: Client // another socket of `user`
let anon: Client
beforeAll(async () => {
  user = await signedIn('avatar')
  other = await signedIn('other')
  second = await Client.connect({ key: user.key })
  anon = await Client.connect()
})
afterAll(() => Promise.all([user.client.close(), other.client.close(), second.close(), anon.close()]))

async function upload(bytes: Buffer, name: string, key: string): Promise<string> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)]), name)
  const res = await fetch(`${serverUrl()}/upload`, { method: 'POST', headers: { hlrkey: key }, body: form })
  const body = await res.json()
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`)
  return body._id
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer()
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${serverUrl()}${path}`, { headers })

describe('profile images', () => {
  test('401, 400, 404 for a file of someone else, 415 for a non-image, then the image in each size with ETag, and removal', async () => {
    const imageId = await upload(await png(300, 200), 'me.png', user.key)
    const textId = await upload(Buffer.from('just text\n'), 'notes.txt', user.key)
    const othersId = await upload(await png(40, 40), 'theirs.png', other.key)

    expect((await get(`/profileimage/square50/${user.uid}`)).status).toBe(404) // none yet
    expect((await anon.fail('v3.user.profileImage.set', imageId)).code).toBe(401)
    expect(await user.client.fail('v3.user.profileImage.set', 'nope')).toMatchObject({ code: 400, details: { argument: 0, name: 'fileId' } })
    expect((await user.client.fail('v3.user.profileImage.set', othersId)).code).toBe(404)
    expect((await user.client.fail('v3.user.profileImage.set', MISSING)).code).toBe(404)
    expect((await user.client.fail('v3.user.profileImage.set', textId)).code).toBe(415)

    expect(await user.client.call('v3.user.profileImage.set', imageId)).toEqual({ uid: user.uid, fileId: imageId })
    expect((await second.waitForSignal('v3.user.profileImage.updated', (m) => m.uid === user.uid)).meta).toEqual({ uid: user.uid, fileId: imageId })

    const square = await get(`/profileimage/square50/${user.uid}`)
    expect(square.status).toBe(200)
    expect(square.headers.get('content-type')).toBe('image/jpeg')
    const etag = square.headers.get('etag')!
    expect(etag).toBeTruthy()
    expect(await sharp(Buffer.from(await square.arrayBuffer())).metadata()).toMatchObject({ width: 50, height: 50, format: 'jpeg' })
    const original = await get(`/profileimage/original/${user.uid}?format=png`)
    expect(await sharp(Buffer.from(await original.arrayBuffer())).metadata()).toMatchObject({ width: 300, height: 200, format: 'png' })
    expect((await get(`/profileimage/square50/${user.uid}`, { 'if-none-match': etag })).status).toBe(304)

    expect((await get(`/profileimage/huge/${user.uid}`)).status).toBe(400)
    expect((await get(`/profileimage/square50/${user.uid}?format=gif`)).status).toBe(400)
    expect((await get(`/profileimage/square50/${other.uid}`)).status).toBe(404)
    expect((await get('/profileimage/square50/not-an-id')).status).toBe(404)

    expect(await user.client.call('v3.user.profileImage.set', null)).toEqual({ uid: user.uid, fileId: null })
    expect((await get(`/profileimage/square50/${user.uid}`)).status).toBe(404)
  })
})
