/** company.new_account, remove_account, set_account_data */
import { Client } from '../../helpers/client'
import { MISSING } from '../../helpers/ids'
import { type Cast, closeCast, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'

let cast: Cast
let owner: SignedIn
let member: SignedIn // a plain 'user' member of owner's workspace
let stranger: SignedIn // owner of another workspace
let anon: Client
beforeAll(async () => {
  cast = await meetCast()
  ;({ owner, member, stranger, anon } = cast)
})
afterAll(() => closeCast(cast))

const newTeam = (c = owner.client) => c.call('company.new_team', { name: `Team ${Math.random().toString(36).slice(2, 8)}` })
const accountsOf = async (teamId: string) => (await owner.client.call('company.load_team', teamId)).accounts

describe('company.new_account', () => {
  test("401, 400, 404 for another workspace's team with nothing added, 403 for a user, then the account and its signal", async () => {
    const team = await newTeam()
    expect((await anon.fail('company.new_account', { name: 'A', team_id: team._id })).code).toBe(401)
    expect(await owner.client.fail('company.new_account', { name: 'A' })).toMatchObject({ code: 400, details: { argument: 0, path: '/team_id' } })
    expect(await owner.client.fail('company.new_account', { name: '', team_id: team._id })).toMatchObject({ code: 400, details: { path: '/name' } })
    expect(await owner.client.fail('company.new_account', { name: ' ', team_id: team._id })).toMatchObject({ code: 400, details: { path: '/name' } })
    expect(await owner.client.fail('company.new_account', { name: 'A', team_id: 'team' })).toMatchObject({ code: 400, details: { path: '/team_id' } })

    expect((await stranger.client.fail('company.new_account', { name: 'Hijack', team_id: team._id })).code).toBe(404)
    expect((await owner.client.fail('company.new_account', { name: 'Nowhere', team_id: MISSING })).code).toBe(404)
    expect((await member.client.fail('company.new_account', { name: 'By a user', team_id: team._id })).code).toBe(403)
    expect(await accountsOf(team._id)).toEqual([])

    const account = await owner.client.call('company.new_account', { name: ' Acme ', team_id: team._id })
    expect(account).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), team_id: team._id, name: 'Acme', color: null, created: expect.any(Number) })
    expect(await accountsOf(team._id)).toEqual([account])
    const signal = await member.client.waitForSignal('company.team.updated', (m) => m.account === account._id)
    expect(signal.meta).toEqual({ cid: owner.cid, _id: team._id, changed: ['accounts'], account: account._id })
  })
})

describe('company.remove_account', () => {
  test('401, 400, 404 for another workspace or another team with nothing removed, 403 for a user, then removal and its signal', async () => {
    const team = await newTeam()
    const other = await newTeam()
    const account = await owner.client.call('company.new_account', { name: 'Gone soon', team_id: team._id })
    const args = { account_id: account._id, team_id: team._id }
    expect((await anon.fail('company.remove_account', args)).code).toBe(401)
    expect(await owner.client.fail('company.remove_account', { account_id: account._id })).toMatchObject({ code: 400, details: { path: '/team_id' } })
    expect(await owner.client.fail('company.remove_account', { ...args, account_id: 7 })).toMatchObject({ code: 400, details: { path: '/account_id' } })
    expect((await stranger.client.fail('company.remove_account', args)).code).toBe(404)
    expect((await owner.client.fail('company.remove_account', { ...args, team_id: other._id })).code).toBe(404)
    expect((await owner.client.fail('company.remove_account', { ...args, account_id: MISSING })).code).toBe(404)
    expect((await member.client.fail('company.remove_account', args)).code).toBe(403)
    expect(await accountsOf(team._id)).toEqual([account])

    expect(await owner.client.call('company.remove_account', args)).toBe(true)
    expect(await accountsOf(team._id)).toEqual([])
    await member.client.waitForSignal('company.team.updated', (m) => m._id === team._id && m.account === account._id && m.changed[0] === 'accounts')
    expect((await owner.client.fail('company.remove_account', args)).code).toBe(404)
  })
})

describe('company.set_account_data', () => {
  test('401, 400 naming the key, 404 for another workspace with nothing changed, 403 for a user, then name and color', async () => {
    const team = await newTeam()
    const account = await owner.client.call('company.new_account', { name: 'Old name', team_id: team._id })
    const id = account._id
    expect((await anon.fail('company.set_account_data', 'name', { account_id: id, name: 'x' })).code).toBe(401)
    expect(await owner.client.fail('company.set_account_data', 'size', { account_id: id })).toMatchObject({ code: 400, details: { argument: 0 } })
    expect(await owner.client.fail('company.set_account_data', 'name', { name: 'x' })).toMatchObject({
      code: 400,
      details: { argument: 1, path: '/account_id' },
    })
    expect(await owner.client.fail('company.set_account_data', 'name', { account_id: id })).toMatchObject({
      code: 400,
      details: { argument: 1, path: '/name' },
    })
    expect(await owner.client.fail('company.set_account_data', 'name', { account_id: id, name: '  ' })).toMatchObject({ code: 400, details: { path: '/name' } })
    expect(await owner.client.fail('company.set_account_data', 'color', { account_id: id, name: 'x' })).toMatchObject({
      code: 400,
      details: { path: '/color' },
    })
    expect(await owner.client.fail('company.set_account_data', 'color', { account_id: id, color: 'blue' })).toMatchObject({
      code: 400,
      details: { path: '/color' },
    })
    expect((await owner.client.fail('company.set_account_data', 'name')).code).toBe(400)

    expect((await stranger.client.fail('company.set_account_data', 'name', { account_id: id, name: 'Hijacked' })).code).toBe(404)
    expect((await owner.client.fail('company.set_account_data', 'name', { account_id: MISSING, name: 'Ghost' })).code).toBe(404)
    expect((await member.client.fail('company.set_account_data', 'name', { account_id: id, name: 'By a user' })).code).toBe(403)
    expect(await accountsOf(team._id)).toEqual([account])

    const renamed = await owner.client.call('company.set_account_data', 'name', { account_id: id, name: ' New name ', color: '#ignored' })
    expect(renamed).toMatchObject({ _id: id, team_id: team._id, name: 'New name', color: null, updated: expect.any(Number) })
    await member.client.waitForSignal('company.team.updated', (m) => m.account === id && m._id === team._id)
    const colored = await owner.client.call('company.set_account_data', 'color', { account_id: id, color: '#1A2b3c' })
    expect(colored).toMatchObject({ _id: id, name: 'New name', color: '#1A2b3c' })
    expect(await accountsOf(team._id)).toEqual([colored])
  })
})
