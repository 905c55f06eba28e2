/** v2.network.product.create, publishTemplate, get, getManifest, install, isProductInstalled */
import { Client } from '../../helpers/client'
import { ID_PATTERN, MISSING } from '../../helpers/ids'
import { joinWorkspace, type JoinedMember } from '../../helpers/members'
import { signedIn, type SignedIn } from '../../helpers/users'
import { loadWorkflow } from '../../helpers/workflows'

let owner: SignedIn
let member: JoinedMember
let buyer: SignedIn // owner of a second workspace
let buyerUser: JoinedMember // a plain member of the buyer's workspace
let buyerGuest: JoinedMember
let anon: Client
let tickets: any
let customers: any
beforeAll(async () => {
  owner = await signedIn('mowner')
  member = await joinWorkspace(owner, { role: 'user' })
  buyer = await signedIn('mbuyer')
  buyerUser = await joinWorkspace(buyer, { role: 'user' })
  buyerGuest = await joinWorkspace(buyer, { role: 'guest' })
  anon = await Client.connect()
  customers = await owner.client.call('process.create', { name: 'Customers', enableUnlinkedMode: true })
  tickets = await owner.client.call('process.create', { name: 'Tickets' })
  await owner.client.call('process.create_field', tickets._id, { label: 'Customer', type: 'activitylink', data: [customers._id] })
  await owner.client.call('process.create_field', tickets._id, { label: 'Assignee', type: 'users' })
  await owner.client.call('process.set_info', tickets._id, { personInCharge: member.uid })
})
afterAll(() => Promise.all([owner, member, buyer, buyerUser, buyerGuest].map((p) => p.client.close()).concat(anon.close())))

const publish = (client: Client, extra: object = {}) =>
  client.call('v2.network.product.publishTemplate', {
    version: '1.0.0',
    versionDescription: 'First',
    title: 'Helpdesk',
    description: 'Tickets and customers',
    ...extra,
  })

describe('v2.network.product.create', () => {
  test('401, 400 naming the argument, 403 for a user, then a product without versions that only members see', async () => {
    expect((await anon.fail('v2.network.product.create', { name: 'P' })).code).toBe(401)
    expect(await owner.client.fail('v2.network.product.create', {})).toMatchObject({ code: 400, details: { argument: 0, name: 'product' } })
    expect(await owner.client.fail('v2.network.product.create', { name: 'P', price: 1 })).toMatchObject({ code: 400, details: { argument: 0 } })
    expect((await member.client.fail('v2.network.product.create', { name: 'P' })).code).toBe(403)
    const product = await owner.client.call('v2.network.product.create', { name: 'Helpdesk' })
    expect(product).toEqual({
      _id: expect.stringMatching(ID_PATTERN),
      cid: owner.cid,
      name: 'Helpdesk',
      uid: owner.uid,
      created: expect.any(Number),
      latest: null,
      versions: [],
    })
    await member.client.waitForSignal('product.created', (m) => m._id === product._id)
    expect(await member.client.call('v2.network.product.get', product._id)).toEqual(product)
    expect((await buyer.client.fail('v2.network.product.get', product._id)).code).toBe(404)
    expect((await buyer.client.fail('v2.network.product.getManifest', product._id)).code).toBe(404)
    expect((await owner.client.fail('v2.network.product.getManifest', product._id)).code).toBe(404)
  })
})

describe('v2.network.product.publishTemplate', () => {
  test("401, 400 for a version that is not semver, 404 for another workspace's product, 403 for a user, 409 for a version that exists", async () => {
    const product = await owner.client.call('v2.network.product.create', { name: 'Versions' })
    expect((await anon.fail('v2.network.product.publishTemplate', { version: '1.0.0', versionDescription: 'x', title: 't', description: 'd' })).code).toBe(401)
    expect(await publish(owner.client, { version: '1.0' }).catch((e) => e.error)).toMatchObject({ code: 400, details: { argument: 0, path: '/version' } })
    expect(await owner.client.fail('v2.network.product.publishTemplate', { version: '1.0.0', title: 't', description: 'd' })).toMatchObject({
      code: 400,
      details: { argument: 0, name: 'template' },
    })
    expect(
      (
        await owner.client.fail('v2.network.product.publishTemplate', {
          version: '1.0.0',
          versionDescription: 'x',
          title: 't',
          description: 'd',
          targetId: MISSING,
        })
      ).code,
    ).toBe(404)
    const theirs = await buyer.client.call('v2.network.product.create', { name: 'Theirs' })
    expect(
      (
        await owner.client.fail('v2.network.product.publishTemplate', {
          version: '1.0.0',
          versionDescription: 'x',
          title: 't',
          description: 'd',
          targetId: theirs._id,
        })
      ).code,
    ).toBe(404)
    expect(
      (
        await owner.client.fail('v2.network.product.publishTemplate', {
          version: '1.0.0',
          versionDescription: 'x',
          title: 't',
          description: 'd',
          workspaceId: buyer.cid,
        })
      ).code,
    ).toBe(404)
    expect(
      (
        await member.client.fail('v2.network.product.publishTemplate', {
          version: '1.0.0',
          versionDescription: 'x',
          title: 't',
          description: 'd',
          targetId: product._id,
        })
      ).code,
    ).toBe(403)
    // A workspace without workflows has nothing to publish.
    expect(
      (
        await buyer.client.fail('v2.network.product.publishTemplate', {
          version: '1.0.0',
          versionDescription: 'x',
          title: 't',
          description: 'd',
          targetId: theirs._id,
        })
      ).code,
    ).toBe(422)
    expect((await owner.client.call('v2.network.product.get', product._id)).versions).toEqual([])

    const first = await publish(owner.client, { targetId: product._id })
    expect(first).toMatchObject({
      _id: product._id,
      latest: '1.0.0',
      versions: [{ version: '1.0.0', versionDescription: 'First', title: 'Helpdesk', description: 'Tickets and customers', uid: owner.uid, workflows: 2 }],
    })
    await member.client.waitForSignal('product.published', (m) => m._id === product._id && m.version === '1.0.0')
    expect(await publish(owner.client, { targetId: product._id, versionDescription: 'Overwrite?' }).catch((e) => e.error)).toMatchObject({
      code: 409,
      details: { path: '/version' },
    })
    await publish(owner.client, { targetId: product._id, version: '1.10.0', versionDescription: 'Tenth' })
    await publish(owner.client, { targetId: product._id, version: '1.2.0', versionDescription: 'Second' })
    await publish(owner.client, { targetId: product._id, version: '1.10.0-beta.1', versionDescription: 'Beta' })
    const got = await buyer.client.call('v2.network.product.get', product._id)
    expect(got.latest).toBe('1.10.0')
    expect(got.versions.map((v: any) => [v.version, v.versionDescription])).toEqual([
      ['1.10.0', 'Tenth'],
      ['1.10.0-beta.1', 'Beta'],
      ['1.2.0', 'Second'],
      ['1.0.0', 'First'],
    ])
  })
})

describe('v2.network.product.get and getManifest', () => {
  test('401, 400, 404 for an unknown product, then the latest version with its template document naming no person', async () => {
    const product = await publish(owner.client, { title: 'Manifested', version: '2.0.0' })
    expect(product).toMatchObject({ name: 'Manifested', latest: '2.0.0' })
    expect((await anon.fail('v2.network.product.get', product._id)).code).toBe(401)
    expect((await anon.fail('v2.network.product.getManifest', product._id)).code).toBe(401)
    expect(await buyer.client.fail('v2.network.product.get', 'x')).toMatchObject({ code: 400, details: { argument: 0, name: 'targetId' } })
    expect(await buyer.client.fail('v2.network.product.getManifest')).toMatchObject({ code: 400 })
    expect((await buyer.client.fail('v2.network.product.get', MISSING)).code).toBe(404)
    expect((await buyer.client.fail('v2.network.product.getManifest', MISSING)).code).toBe(404)
    const manifest = await buyerGuest.client.call('v2.network.product.getManifest', product._id)
    expect(manifest).toMatchObject({ productId: product._id, name: 'Manifested', version: '2.0.0', title: 'Manifested', workflows: 2 })
    expect(manifest.template).toMatchObject({ _id: product._id, title: 'Manifested', description: 'Tickets and customers' })
    expect(manifest.template.schemas.map((s: any) => s.name)).toEqual(['Customers', 'Tickets'])
    expect(JSON.stringify(manifest)).not.toContain(member.uid)
  })
})

describe('v2.network.product.install and isProductInstalled', () => {
  test('401, 400 naming the argument, 404 for a workspace one is not in or an unpublished product, 403 for a guest; nothing installed', async () => {
    const product = await publish(owner.client, { title: 'Installable' })
    const unpublished = await owner.client.call('v2.network.product.create', { name: 'Draft' })
    expect((await anon.fail('v2.network.product.install', product._id, buyer.cid)).code).toBe(401)
    expect((await anon.fail('v2.network.product.isProductInstalled', product._id, buyer.cid)).code).toBe(401)
    expect(await buyer.client.fail('v2.network.product.install', product._id)).toMatchObject({ code: 400 })
    expect(await buyer.client.fail('v2.network.product.install', product._id, 'x')).toMatchObject({ code: 400, details: { argument: 1, name: 'workspaceId' } })
    expect(await buyer.client.fail('v2.network.product.isProductInstalled', 'x', buyer.cid)).toMatchObject({
      code: 400,
      details: { argument: 0, name: 'productId' },
    })
    expect((await buyer.client.fail('v2.network.product.install', MISSING, buyer.cid)).code).toBe(404)
    expect((await buyer.client.fail('v2.network.product.install', unpublished._id, buyer.cid)).code).toBe(404)
    expect((await buyer.client.fail('v2.network.product.install', product._id, owner.cid)).code).toBe(404) // not a member there
    expect((await buyer.client.fail('v2.network.product.isProductInstalled', product._id, owner.cid)).code).toBe(404)
    expect((await buyer.client.fail('v2.network.product.isProductInstalled', MISSING, buyer.cid)).code).toBe(404)
    expect((await buyerGuest.client.fail('v2.network.product.install', product._id, buyer.cid)).code).toBe(403)
    expect(await buyer.client.call('process.list')).toEqual([])
    expect(await buyerGuest.client.call('v2.network.product.isProductInstalled', product._id, buyer.cid)).toBe(false)
  })

  test('a product installed into a second workspace: new ids, links resolve, no people of the source', async () => {
    const product = await publish(owner.client, { title: 'Bought' })
    expect(await buyerUser.client.call('v2.network.product.install', product._id, buyer.cid)).toBe(true)
    const signal = await buyer.client.waitForSignal('product.installed', (m) => m.productId === product._id)
    expect(signal.meta).toEqual({
      productId: product._id,
      version: '1.0.0',
      processIds: [expect.stringMatching(ID_PATTERN), expect.stringMatching(ID_PATTERN)],
    })
    expect(await buyerGuest.client.call('v2.network.product.isProductInstalled', product._id, buyer.cid)).toBe(true)
    expect(await owner.client.call('v2.network.product.isProductInstalled', product._id, owner.cid)).toBe(false)

    const [cCustomers, cTickets] = await Promise.all(signal.meta.processIds.map((id: string) => loadWorkflow(buyer.client, id)))
    expect([cCustomers._id, cTickets._id]).not.toContain(tickets._id)
    expect(cCustomers).toMatchObject({ name: 'Customers', cid: buyer.cid, uid: buyerUser.uid, enableUnlinkedMode: true })
    const link = Object.values(cTickets.fields).find((f: any) => f.label === 'Customer') as any
    expect(link.data).toEqual([cCustomers._id])
    for (const id of Object.keys(cTickets.fields)) expect(Object.keys((await loadWorkflow(owner.client, tickets._id)).fields)).not.toContain(id)
    expect(cTickets.personInCharge).toBeUndefined()
    expect(cTickets.members).toEqual([{ id: `network_${buyer.cid}`, permissions: ['own'] }])

    // Removing what was installed: no longer installed.
    for (const id of signal.meta.processIds) await buyer.client.call('process.remove', id)
    expect(await buyer.client.call('v2.network.product.isProductInstalled', product._id, buyer.cid)).toBe(false)
  })
})
