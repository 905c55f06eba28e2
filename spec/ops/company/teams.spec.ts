/** company.new_team, load_team, remove_team, set_team_data, update_team_users, form_get_teams */
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

const newTeam = (name = `Team ${Math.random().toString(36).slice(2, 8)}`, description?: string) =>
  owner.client.call('company.new_team', description === undefined ? { name } : { name, description })

describe('company.new_team', () => {
  test('401, 400 naming the argument, 403 for a plain user, then the team and the signal members hear', async () => {
    expect((await anon.fail('company.new_team', { name: 'X' })).code).toBe(401)
    expect(await owner.client.fail('company.new_team', { name: '' })).toMatchObject({ code: 400, details: { argument: 0, path: '/name' } })
    expect(await owner.client.fail('company.new_team', { name: '   ' })).toMatchObject({ code: 400, details: { argument: 0, path: '/name' } })
    expect(await owner.client.fail('company.new_team', { name: 'x'.repeat(201) })).toMatchObject({ code: 400, details: { path: '/name' } })
    expect((await owner.client.fail('company.new_team', { name: 'X', color: 'red' })).code).toBe(400)
    expect((await owner.client.fail('company.new_team')).code).toBe(400)

    expect(await member.client.fail('company.new_team', { name: 'By a user' })).toMatchObject({ code: 403 })
    expect((await owner.client.call('company.form_get_teams')).map((t: any) => t.name)).not.toContain('By a user')

    const team = await owner.client.call('company.new_team', { name: ' Sales ', description: 'The sellers' })
    expect(team).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Sales',
      description: 'The sellers',
      members: [],
      accounts: [],
      public: true,
      uid: owner.uid,
    })
    const signal = await member.client.waitForSignal('company.team.created', (m) => m._id === team._id)
    expect(signal.meta).toEqual({ cid: owner.cid, _id: team._id })
    expect(stranger.client.signals.filter((s) => s.sig.startsWith('company.team'))).toEqual([])
  })
})

describe('company.load_team', () => {
  test('401, 400, 404 for another workspace and for an unknown id, the team for any member', async () => {
    const team = await newTeam('Loaded', 'desc')
    expect((await anon.fail('company.load_team', team._id)).code).toBe(401)
    expect(await owner.client.fail('company.load_team', 'abc')).toMatchObject({ code: 400, details: { argument: 0, name: 'teamId' } })
    expect((await stranger.client.fail('company.load_team', team._id)).code).toBe(404)
    expect((await owner.client.fail('company.load_team', MISSING)).code).toBe(404)
    // No role lacks teams.read: a plain user reads teams (isolatedTeams limits which: isolated-teams.spec.ts).
    const loaded = await member.client.call('company.load_team', team._id)
    expect(loaded).toEqual({ ...team, description: 'desc' })
    expect(Object.keys(loaded).sort()).toEqual(['_id', 'accounts', 'created', 'description', 'members', 'name', 'public', 'uid'])
  })
})

describe('company.remove_team', () => {
  test('401, 400, 404 for another workspace with nothing changed, 403 for a user, then removal and signals', async () => {
    const team = await newTeam()
    await owner.client.call('company.update_team_users', team._id, [member.uid])
    await owner.client.call('company.new_account', { name: 'Acme', team_id: team._id })
    expect((await anon.fail('company.remove_team', team._id)).code).toBe(401)
    expect(await owner.client.fail('company.remove_team', 42)).toMatchObject({ code: 400, details: { argument: 0, name: 'teamId' } })
    expect((await stranger.client.fail('company.remove_team', team._id)).code).toBe(404)
    expect((await owner.client.fail('company.remove_team', MISSING)).code).toBe(404)
    expect((await member.client.fail('company.remove_team', team._id)).code).toBe(403)
    expect((await owner.client.call('company.load_team', team._id)).members).toEqual([member.uid])

    expect(await owner.client.call('company.remove_team', team._id)).toBe(true)
    expect((await owner.client.fail('company.load_team', team._id)).code).toBe(404)
    expect((await owner.client.call('company.form_get_teams')).map((t: any) => t._id)).not.toContain(team._id)
    await member.client.waitForSignal('company.team.removed', (m) => m._id === team._id && m.cid === owner.cid)
    await member.client.waitForSignal('company.team.member.removed', (m) => m._id === team._id && m.uid === member.uid)
    expect((await owner.client.fail('company.remove_team', team._id)).code).toBe(404)
  })
})

describe('company.set_team_data', () => {
  test('401, 400 naming the section, 404 for another workspace, 403 for a user, then each section and its signal', async () => {
    const team = await newTeam('Before')
    const set = (c: Client, section: string, data: unknown, teamId = team._id) => c.send('company.set_team_data', [{ team_id: teamId, section, data }])
    expect((await anon.fail('company.set_team_data', { team_id: team._id, section: 'name', data: 'x' })).code).toBe(401)
    expect(await owner.client.fail('company.set_team_data', { team_id: team._id, section: 'color', data: 'x' })).toMatchObject({
      code: 400,
      details: { path: '/section' },
    })
    expect(await owner.client.fail('company.set_team_data', { team_id: team._id, section: 'name' })).toMatchObject({ code: 400, details: { path: '/data' } })
    const bad: [string, unknown][] = [
      ['name', ''],
      ['name', '  '],
      ['name', 5],
      ['name', 'x'.repeat(201)],
      ['description', 5],
      ['description', null],
      ['public', 'yes'],
      ['defaultView', 'calendar'],
      ['defaultView', true],
    ]
    for (const [section, data] of bad) {
      const reply = await set(owner.client, section, data)
      expect(reply.error).toMatchObject({ code: 400, details: { argument: 0, path: '/data', section } })
      expect(reply.error.msg).toContain(section)
    }
    expect((await set(stranger.client, 'name', 'Hijacked')).error.code).toBe(404)
    expect((await set(owner.client, 'name', 'Ghost', MISSING)).error.code).toBe(404)
    expect((await set(member.client, 'name', 'By a user')).error.code).toBe(403)
    expect((await owner.client.call('company.load_team', team._id)).name).toBe('Before')

    const changes: [string, unknown, Record<string, unknown>][] = [
      ['name', ' After ', { name: 'After' }],
      ['description', 'What we do', { description: 'What we do' }],
      ['public', false, { public: false }],
      ['defaultView', 'events', { defaultView: 'events' }],
    ]
    for (const [section, data, expected] of changes) {
      expect((await set(owner.client, section, data)).result).toBe(true)
      expect(await owner.client.call('company.load_team', team._id)).toMatchObject(expected)
      await member.client.waitForSignal('company.team.updated', (m) => m._id === team._id && m.changed[0] === section)
    }
    expect(typeof (await owner.client.call('company.load_team', team._id)).updated).toBe('number')
  })
})

describe('company.update_team_users', () => {
  test('401, 400, 404 for another workspace and for users who are not members with nothing changed, 403, then membership and signals', async () => {
    const team = await newTeam()
    expect((await anon.fail('company.update_team_users', team._id, [])).code).toBe(401)
    expect(await owner.client.fail('company.update_team_users', team._id, 'x')).toMatchObject({ code: 400, details: { argument: 1, name: 'userIds' } })
    expect(await owner.client.fail('company.update_team_users', team._id, ['nope'])).toMatchObject({ code: 400, details: { argument: 1, path: '/0' } })
    expect((await owner.client.fail('company.update_team_users', team._id)).code).toBe(400)
    expect((await stranger.client.fail('company.update_team_users', team._id, [stranger.uid])).code).toBe(404)
    expect((await owner.client.fail('company.update_team_users', MISSING, [owner.uid])).code).toBe(404)
    const outsider = await owner.client.fail('company.update_team_users', team._id, [owner.uid, stranger.uid])
    expect(outsider).toMatchObject({ code: 404, details: { argument: 1, users: [stranger.uid] } })
    expect((await member.client.fail('company.update_team_users', team._id, [member.uid])).code).toBe(403)
    expect((await owner.client.call('company.load_team', team._id)).members).toEqual([])

    expect(await owner.client.call('company.update_team_users', team._id, [member.uid, owner.uid, member.uid])).toBe(true)
    expect((await owner.client.call('company.load_team', team._id)).members.sort()).toEqual([owner.uid, member.uid].sort())
    await member.client.waitForSignal('company.team.member.added', (m) => m._id === team._id && m.uid === member.uid && m.cid === owner.cid)
    await member.client.waitForSignal('company.team.updated', (m) => m._id === team._id && m.changed[0] === 'members')

    expect(await owner.client.call('company.update_team_users', team._id, [owner.uid])).toBe(true)
    expect((await owner.client.call('company.load_team', team._id)).members).toEqual([owner.uid])
    await member.client.waitForSignal('company.team.member.removed', (m) => m._id === team._id && m.uid === member.uid)
    // The owner joined once and stayed: no signal of leaving for them.
    await owner.client.waitForSignal('company.team.member.added', (m) => m._id === team._id && m.uid === owner.uid)
    expect(owner.client.signals.filter((s) => s.sig === 'company.team.member.removed' && s.meta._id === team._id)).toEqual([])
  })
})

describe('company.form_get_teams', () => {
  test("401, 400, the teams of the current workspace only, with accounts; own: true gives the caller's teams", async () => {
    const a = await newTeam('Picker A')
    const b = await newTeam('Picker B')
    const account = await owner.client.call('company.new_account', { name: 'Client', team_id: a._id })
    await owner.client.call('company.update_team_users', b._id, [member.uid])
    const theirs = await stranger.client.call('company.new_team', { name: 'Elsewhere' })

    expect((await anon.fail('company.form_get_teams')).code).toBe(401)
    expect(await owner.client.fail('company.form_get_teams', 'all')).toMatchObject({ code: 400, details: { argument: 0, name: 'options' } })
    expect(await owner.client.fail('company.form_get_teams', { own: 'yes' })).toMatchObject({ code: 400, details: { path: '/own' } })

    const teams = await member.client.call('company.form_get_teams')
    const ids = teams.map((t: any) => t._id)
    expect(ids).toEqual(expect.arrayContaining([a._id, b._id]))
    expect(ids).not.toContain(theirs._id)
    expect(ids.indexOf(a._id)).toBeLessThan(ids.indexOf(b._id))
    expect(teams.find((t: any) => t._id === a._id)).toMatchObject({ name: 'Picker A', accounts: [{ _id: account._id, name: 'Client', team_id: a._id }] })
    expect(await member.client.callUnchecked('company.form_get_teams', null)).toEqual(teams)

    const own = await member.client.call('company.form_get_teams', { own: true })
    expect(own.map((t: any) => t._id)).toEqual([b._id])
    expect((await stranger.client.call('company.form_get_teams')).map((t: any) => t._id)).toEqual([theirs._id])
  })
})
