/**
 * The isolatedTeams rule (server/db/visibility.ts): with the workspace setting on, a member who
 * is not owner or admin sees only themselves and the people who share a team with them, and only
 * their own teams; in v2.network.get's members, v2.user.profile, company.load_team and
 * company.form_get_teams alike.
 */
import { inviteKeyOf, nextMail } from '../../helpers/mail'
import { joinWorkspace, type JoinedMember } from '../../helpers/members'
import { signedIn, type SignedIn } from '../../helpers/users'

let owner: SignedIn
let admin: JoinedMember
let a: JoinedMember // in team 1
let b: JoinedMember // in team 1
let guest: JoinedMember // in team 1
let c: JoinedMember // in team 2
let loner: JoinedMember // in no team
let team1: string
let team2: string
let everyone: Record<string, SignedIn>

beforeAll(async () => {
  owner = await signedIn('owner')
  admin = await joinWorkspace(owner, { role: 'admin' })
  a = await joinWorkspace(owner, { role: 'user', tag: 'a' })
  b = await joinWorkspace(owner, { role: 'user', tag: 'b' })
  guest = await joinWorkspace(owner, { role: 'guest' })
  c = await joinWorkspace(owner, { role: 'user', tag: 'c' })
  loner = await joinWorkspace(owner, { role: 'user', tag: 'loner' })
  everyone = { owner, admin, a, b, guest, c, loner }
  team1 = (await owner.client.call('company.new_team', { name: 'Team 1' }))._id
  team2 = (await owner.client.call('company.new_team', { name: 'Team 2' }))._id
  await owner.client.call('company.update_team_users', team1, [a.uid, b.uid, guest.uid])
  await owner.client.call('company.update_team_users', team2, [c.uid])
})
afterAll(() => Promise.all(Object.values(everyone).map((p) => p.client.close())))

const names = (people: SignedIn[]) => people.map((p) => Object.entries(everyone).find(([, q]) => q === p)![0]).sort()
const nameOf = (uid: string) => Object.entries(everyone).find(([, p]) => p.uid === uid)?.[0] ?? uid

/** Who `viewer` sees in v2.network.get's member list, by name. */
async function membersSeenBy(viewer: SignedIn) {
  const ws = await viewer.client.call('v2.network.get', owner.cid)
  return ws.members.map((m: any) => nameOf(m.uid)).sort()
}

/** Whose profile `viewer` can open, by name. */
async function profilesSeenBy(viewer: SignedIn) {
  const seen: SignedIn[] = []
  for (const target of Object.values(everyone)) {
    const reply = await viewer.client.send('v2.user.profile', [target.uid])
    if (reply.result) seen.push(target)
    else expect(reply.error.code).toBe(404)
  }
  return names(seen)
}

async function teamsSeenBy(viewer: SignedIn) {
  const picked = (await viewer.client.call('company.form_get_teams')).map((t: { _id: string }) => t._id)
  const loaded: string[] = []
  for (const id of [team1, team2]) {
    const reply = await viewer.client.send('company.load_team', [id])
    if (reply.result) loaded.push(reply.result._id)
    else expect(reply.error.code).toBe(404)
  }
  expect(picked).toEqual(loaded)
  return loaded.map((id) => (id === team1 ? 'team1' : 'team2'))
}

const setIsolation = (on: boolean) => owner.client.call('v2.network.update', owner.cid, { isolatedTeams: on })
const all = ['a', 'admin', 'b', 'c', 'guest', 'loner', 'owner']

test('with isolatedTeams off, every member sees every member and every team', async () => {
  for (const viewer of [a, c, guest, loner]) {
    expect(await membersSeenBy(viewer)).toEqual(all)
    expect(await profilesSeenBy(viewer)).toEqual(all)
    expect(await teamsSeenBy(viewer)).toEqual(['team1', 'team2'])
  }
})

describe('with isolatedTeams on, users and guests see their teammates and their teams; owners and admins see all', () => {
  let expected: [string, SignedIn, string[], string[]][]
  beforeAll(async () => {
    await setIsolation(true)
    expected = [
      ['owner', owner, all, ['team1', 'team2']],
      ['admin', admin, all, ['team1', 'team2']],
      ['a', a, ['a', 'b', 'guest'], ['team1']],
      ['b', b, ['a', 'b', 'guest'], ['team1']],
      ['guest', guest, ['a', 'b', 'guest'], ['team1']],
      ['c', c, ['c'], ['team2']],
      ['loner', loner, ['loner'], []],
    ]
  })

  test('v2.user.profile', async () => {
    for (const [who, viewer, people] of expected) expect({ who, profiles: await profilesSeenBy(viewer) }).toEqual({ who, profiles: people })
  })

  test('company.load_team and company.form_get_teams', async () => {
    for (const [who, viewer, , teams] of expected) expect({ who, teams: await teamsSeenBy(viewer) }).toEqual({ who, teams })
    // What a member sees of a team they belong to is the whole team.
    expect(((await a.client.call('company.load_team', team1)).members as string[]).map(nameOf).sort()).toEqual(['a', 'b', 'guest'])
  })

  test("v2.network.get's members", async () => {
    for (const [who, viewer, people] of expected) expect({ who, members: await membersSeenBy(viewer) }).toEqual({ who, members: people })
  })
})

describe('a change of team membership changes what is seen at once', () => {
  beforeAll(() => setIsolation(true))
  afterEach(() => admin.client.call('company.update_team_users', team2, [c.uid]))

  test('in profiles and teams', async () => {
    await admin.client.call('company.update_team_users', team2, [c.uid, loner.uid])
    expect(await profilesSeenBy(c)).toEqual(['c', 'loner'])
    expect(await profilesSeenBy(loner)).toEqual(['c', 'loner'])
    expect(await teamsSeenBy(loner)).toEqual(['team2'])
    await admin.client.call('company.update_team_users', team2, [c.uid])
    expect(await profilesSeenBy(loner)).toEqual(['loner'])
    expect(await teamsSeenBy(loner)).toEqual([])
  })

  test("in v2.network.get's members", async () => {
    await admin.client.call('company.update_team_users', team2, [c.uid, loner.uid])
    expect(await membersSeenBy(loner)).toEqual(['c', 'loner'])
    await admin.client.call('company.update_team_users', team2, [c.uid])
    expect(await membersSeenBy(loner)).toEqual(['loner'])
  })
})

test('a profile is visible through any shared workspace where the rule allows it', async () => {
  await setIsolation(true)
  expect((await a.client.fail('v2.user.profile', c.uid)).code).toBe(404)
  // a invites c into a's own workspace, which is not isolated.
  const invite = await a.client.call('v2.network.invite.send', { email: c.email, role: 'user', cid: a.ownCid })
  const key = inviteKeyOf(await nextMail(c.email))
  expect(key).toBe(invite.invite_key)
  await c.client.call('v2.user.invite.accept', key)
  await c.client.call('v3.session.switchWorkspace', owner.cid)
  expect((await a.client.call('v2.user.profile', c.uid))._id).toBe(c.uid)
  expect((await c.client.call('v2.user.profile', a.uid))._id).toBe(a.uid)
  // The isolated workspace still hides their teams from each other.
  expect((await c.client.fail('company.load_team', team1)).code).toBe(404)
  expect((await a.client.fail('company.load_team', team2)).code).toBe(404)
})

test('switching isolatedTeams off shows everyone again', async () => {
  await setIsolation(false)
  expect(await membersSeenBy(loner)).toEqual(all)
  expect(await profilesSeenBy(loner)).toEqual(all)
  expect(await teamsSeenBy(c)).toEqual(['team1', 'team2'])
})
