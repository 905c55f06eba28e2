/** company.get_general_options, company.set_general_options, v2.network.fastFunctions.set */
import { Client } from '../../helpers/client'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'

let cast: Cast<'admin'>
let owner: SignedIn
let member: JoinedMember
let admin: JoinedMember
let stranger: SignedIn
let anon: Client
beforeAll(async () => {
  cast = await meetCast({ admin: 'admin' })
  ;({ owner, member, admin, stranger, anon } = cast)
})
afterAll(() => closeCast(cast))

describe('company.get_general_options', () => {
  test('401, 400, only the current workspace (never another), then name, settings and description', async () => {
    expect((await anon.fail('company.get_general_options')).code).toBe(401)
    expect(await owner.client.fail('company.get_general_options', 'extra')).toMatchObject({ code: 400, details: { expected: { min: 0, max: 0 } } })
    const mine = await owner.client.call('company.get_general_options')
    expect(mine).toEqual({ name: expect.any(String), settings: expect.any(Object) })
    // A stranger's current workspace is their own: they see its options, never the owner's.
    await owner.client.call('v2.network.update', owner.cid, { name: 'Options workspace' })
    expect((await stranger.client.call('company.get_general_options')).name).not.toBe('Options workspace')
    expect((await stranger.client.fail('v3.session.switchWorkspace', owner.cid)).code).toBe(404)
    // Every member reads them.
    expect((await member.client.call('company.get_general_options')).name).toBe('Options workspace')
  })
})

describe('company.set_general_options', () => {
  test('401 and 400 naming the argument', async () => {
    expect((await anon.fail('company.set_general_options', { name: 'x' })).code).toBe(401)
    expect(await owner.client.fail('company.set_general_options', { settings: { defaultView: 'calendar' } })).toMatchObject({
      code: 400,
      details: { argument: 0, name: 'options', path: '/settings/defaultView' },
    })
    expect(await owner.client.fail('company.set_general_options', { bogus: 1 })).toMatchObject({ code: 400, details: { argument: 0 } })
    expect(await owner.client.fail('company.set_general_options', { name: '' })).toMatchObject({ code: 400, details: { path: '/name' } })
    // fastFunctions has its own operation (admins and owners); description is given at the top level.
    expect(await owner.client.fail('company.set_general_options', { settings: { fastFunctions: true } })).toMatchObject({
      code: 400,
      details: { path: '/settings/fastFunctions' },
    })
  })

  test('a stranger changes only their own workspace; 403 for a plain member, nothing changed', async () => {
    const before = await owner.client.call('company.get_general_options')
    await stranger.client.call('company.set_general_options', { name: 'Stranger renamed' })
    expect((await member.client.fail('company.set_general_options', { name: 'Member renamed' })).code).toBe(403)
    expect(await owner.client.call('company.get_general_options')).toEqual(before)
  })

  test('merges the options, returns them all, and members hear network.updated', async () => {
    const result = await admin.client.call('company.set_general_options', {
      name: 'Acme',
      description: 'Where the tests live',
      settings: { color: '#ff8800', defaultView: 'events', custom: { a: 1 } },
    })
    expect(result).toEqual({
      name: 'Acme',
      description: 'Where the tests live',
      settings: expect.objectContaining({ color: '#ff8800', defaultView: 'events', custom: { a: 1 } }),
    })
    expect(result.settings.description).toBeUndefined()
    const signal = await member.client.waitForSignal('network.updated', (m) => m._id === owner.cid && m.changed.includes('custom'))
    expect(signal.meta.changed.sort()).toEqual(['color', 'custom', 'defaultView', 'description', 'name'])
    // A second call keeps what it does not name.
    const again = await owner.client.call('company.set_general_options', { settings: { color: '#000000' } })
    expect(again).toMatchObject({ name: 'Acme', description: 'Where the tests live', settings: { color: '#000000', defaultView: 'events' } })
    // The same settings as v2.network.get shows them.
    expect((await member.client.call('v2.network.get', owner.cid)).settings).toMatchObject({ color: '#000000', defaultView: 'events' })
    // Without options: nothing changes.
    expect(await owner.client.call('company.set_general_options')).toEqual(again)
  })
})

describe('v2.network.fastFunctions.set', () => {
  test('401, 400, 404 for another workspace with nothing changed, 403 for a plain member, then the switch and its signal', async () => {
    expect((await anon.fail('v2.network.fastFunctions.set', owner.cid, true)).code).toBe(401)
    expect(await owner.client.fail('v2.network.fastFunctions.set', owner.cid, 'yes')).toMatchObject({ code: 400, details: { argument: 1, name: 'enabled' } })
    expect(await owner.client.fail('v2.network.fastFunctions.set', 'abc', true)).toMatchObject({ code: 400, details: { argument: 0 } })
    expect((await stranger.client.fail('v2.network.fastFunctions.set', owner.cid, true)).code).toBe(404)
    expect((await member.client.fail('v2.network.fastFunctions.set', owner.cid, true)).code).toBe(403)
    expect((await owner.client.call('v2.network.get', owner.cid)).settings!.fastFunctions).toBeUndefined()

    expect(await admin.client.call('v2.network.fastFunctions.set', owner.cid, true)).toBe(true)
    await member.client.waitForSignal('network.updated', (m) => m._id === owner.cid && m.changed.includes('fastFunctions'))
    expect((await owner.client.call('v2.network.get', owner.cid)).settings!.fastFunctions).toBe(true)
    expect(await owner.client.call('v2.network.fastFunctions.set', owner.cid, false)).toBe(true)
    expect((await owner.client.call('v2.network.get', owner.cid)).settings!.fastFunctions).toBe(false)
  })
})
